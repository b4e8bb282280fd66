import { Button, Group, Loader, Paper, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Captcha } from '../hooks/use-captcha';

/**
 * The human check's visible state (decision 020): a button to start it, "verifying…" while the
 * browser works, then "verified". The state is announced through a live region.
 */
export function CaptchaCheck({ captcha }: { captcha: Captcha }) {
  const { t } = useTranslation('registration');
  const { status } = captcha;
  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" role="status" aria-live="polite">
          {status === 'solving' ? (
            <Loader size="sm" aria-hidden />
          ) : (
            <ThemeIcon
              variant="light"
              radius="xl"
              color={status === 'solved' ? 'green' : status === 'failed' ? 'red' : 'gray'}
              aria-hidden
            >
              {status === 'solved' ? '✓' : status === 'failed' ? '!' : '?'}
            </ThemeIcon>
          )}
          <Text size="sm">
            {status === 'solving'
              ? t('captchaSolving')
              : status === 'solved'
                ? t('captchaSolved')
                : status === 'failed'
                  ? t('captchaFailed')
                  : t('captchaIdle')}
          </Text>
        </Group>
        {(status === 'idle' || status === 'failed') && (
          <Button
            size="xs"
            variant="light"
            onClick={() => void captcha.solve().catch(() => undefined)}
          >
            {status === 'failed' ? t('captchaRetry') : t('captchaStart')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

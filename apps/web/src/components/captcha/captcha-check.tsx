import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { Captcha } from './use-captcha';

// The widget and its worker load with the first check shown, not with the page (decision 041).
const CaptchaWidget = lazy(() =>
  import('./captcha-widget').then((m) => ({ default: m.CaptchaWidget })),
);

/**
 * The human check (decisions 020 and 041): ALTCHA's widget, which says in the page's language
 * what it is doing (checkbox, "verifying", "verified") to screen readers too. When the check
 * could not finish, a live message and a retry button say so in our words.
 */
export function CaptchaCheck({ captcha }: { captcha: Captcha }) {
  const { t } = useTranslation('registration');
  return (
    <Stack gap="xs">
      <Suspense fallback={<Loader size="sm" aria-label={t('captchaSolving')} />}>
        <CaptchaWidget captcha={captcha} />
      </Suspense>
      <Group gap="sm" justify="space-between" wrap="nowrap" role="status" aria-live="polite">
        {captcha.status === 'failed' && (
          <>
            <Text size="sm" c="red">
              {t('captchaFailed')}
            </Text>
            <Button
              size="xs"
              variant="light"
              onClick={() => void captcha.solve().catch(() => undefined)}
            >
              {t('captchaRetry')}
            </Button>
          </>
        )}
      </Group>
    </Stack>
  );
}

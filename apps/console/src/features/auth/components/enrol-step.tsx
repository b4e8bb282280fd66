import { Button, Code, CopyButton, Group, Image, Stack, Text, Title } from '@mantine/core';
import type { Enrolment, VerifyAnswer } from '@portal/shared/staff';
import { useTranslation } from 'react-i18next';
import { CodeForm } from './code-form';

/** "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP": easier to type into an app by hand. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Enrolment in TOTP (after a set-up link or a second-factor reset): the QR code and the secret,
 * shown once, then the app's first code proves it was set up.
 */
export function EnrolStep({
  ticket,
  enrolment,
  onVerified,
  onExpired,
}: {
  ticket: string;
  enrolment: Enrolment;
  onVerified: (answer: VerifyAnswer) => void;
  onExpired: () => void;
}) {
  const { t } = useTranslation('auth');
  // An image, not inline markup: the SVG cannot run anything, and the CSP allows data: images.
  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('enrolTitle')}
      </Title>
      <Text>{t('enrolIntro')}</Text>
      <Group align="center" gap="lg" wrap="wrap">
        <Image src={qr} alt={t('qrAlt')} w={168} h={168} fit="contain" bg="white" />
        <Stack gap={6} miw={0} style={{ flex: 1 }}>
          <Text size="sm">{t('secretLabel')}</Text>
          <Code fz="md" style={{ wordBreak: 'break-all' }} data-testid="totp-secret">
            {groupSecret(enrolment.secret)}
          </Code>
          <CopyButton value={enrolment.secret}>
            {({ copied, copy }) => (
              <Button variant="default" size="compact-sm" onClick={copy} w="fit-content">
                {copied ? t('copied') : t('copy')}
              </Button>
            )}
          </CopyButton>
          <Text size="xs" c="gray.7">
            {t('secretHint')}
          </Text>
        </Stack>
      </Group>
      <CodeForm
        ticket={ticket}
        mode="totp"
        label={t('firstCode')}
        onVerified={onVerified}
        onExpired={onExpired}
      />
    </Stack>
  );
}

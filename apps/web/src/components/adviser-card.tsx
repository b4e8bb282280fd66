import { Image, Stack, Text } from '@mantine/core';
import type { SalespersonSchema } from '@portal/shared/auth';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

/** The course adviser's contact card (spec §1): name, description, e-mail, phone, chat ID, QR. */
export function AdviserCard({ adviser }: { adviser: z.infer<typeof SalespersonSchema> }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text fw={700}>{adviser.name}</Text>
      {adviser.describe && (
        <Text size="sm" c="dimmed">
          {adviser.describe}
        </Text>
      )}
      {adviser.mobile && <Text size="sm">{t('adviserMobile', { value: adviser.mobile })}</Text>}
      {adviser.wechat && <Text size="sm">{t('adviserWechat', { value: adviser.wechat })}</Text>}
      {adviser.email && <Text size="sm">{t('adviserEmail', { value: adviser.email })}</Text>}
      {adviser.qr_code && (
        <Image src={adviser.qr_code} alt={t('adviserQr')} w={140} h={140} mt="xs" />
      )}
    </Stack>
  );
}

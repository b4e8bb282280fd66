import { Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Captcha } from './use-captcha';
import { CaptchaCheck } from './captcha-check';

/** Spec §5 / §9: without a solved captcha, submitting opens this 320 px popup. */
export function CaptchaDialog({
  captcha,
  opened,
  onClose,
}: {
  captcha: Captcha;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('registration');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={320}
      centered
      title={t('captchaTitle')}
      closeButtonProps={{ 'aria-label': t('close', { ns: 'common' }) }}
    >
      <Text size="sm" c="dimmed" mb="sm">
        {t('captchaText')}
      </Text>
      <CaptchaCheck captcha={captcha} />
    </Modal>
  );
}

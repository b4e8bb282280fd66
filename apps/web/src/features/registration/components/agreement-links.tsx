import { Anchor, Text } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';

/** "By registering you agree to …" with the agreements opening in a new window (spec §2). */
export function AgreementLinks() {
  const { t } = useTranslation('registration');
  const link = (href: string) => (
    <Anchor href={href} target="_blank" rel="noopener" size="xs" underline="always" />
  );
  return (
    <Text size="xs" c="dimmed" ta="center">
      <Trans
        t={t}
        i18nKey="agreementNotice"
        components={{ service: link(paths.service), privacy: link(paths.privacy) }}
      />
    </Text>
  );
}

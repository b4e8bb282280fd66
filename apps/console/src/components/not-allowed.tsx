import { Button, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@portal/web-kit/page';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { useMe } from '../lib/use-me';

/** What a member sees on a screen their role may not open (e.g. an adviser at /ops/staff). */
export function NotAllowed() {
  const { t } = useTranslation();
  const { me } = useMe();
  useDocumentTitle(t('notAllowedTitle'));
  return (
    <Stack align="flex-start" maw={560}>
      <Title order={1}>{t('notAllowedTitle')}</Title>
      <Text>{t('notAllowedText', { role: t(`roles.${me.role}`) })}</Text>
      <Button component={Link} to={paths.home} variant="light">
        {t('backHome')}
      </Button>
    </Stack>
  );
}

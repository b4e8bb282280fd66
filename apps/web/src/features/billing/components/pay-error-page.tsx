import { Button, Card, Container, Group, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Card.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountLayout } from '../../../components/layout/account-layout';
import { useDocumentTitle } from '../../../components/use-document-title';
import { paths } from '../../../config/paths';

/** The payment error page (spec §2): "error, try again". */
export function PayErrorPage() {
  const { t } = useTranslation('billing');
  useDocumentTitle(t('errorTitle'));
  return (
    <AccountLayout>
      <Container size="sm" py="xl">
        <Card withBorder radius="md" padding="xl">
          <Title order={1} size="h2" mb="sm">
            {t('errorTitle')}
          </Title>
          <Text mb="lg">{t('errorText')}</Text>
          <Group>
            <Button component={Link} to={paths.recharge}>
              {t('tryAgain')}
            </Button>
            <Button component={Link} to={paths.dashboard} variant="default">
              {t('toDashboard')}
            </Button>
          </Group>
        </Card>
      </Container>
    </AccountLayout>
  );
}

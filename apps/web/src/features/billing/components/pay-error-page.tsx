import { Button, Card, Container, Group, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Card.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@portal/web-kit/page';
import { paths } from '../../../config/paths';
import { orderQueryOptions } from '../api/billing-api';
import { originOf } from '../utils/order-origin';

/**
 * `/payError` (spec §2). Decision 034: the checkout's cancel (`cancelled=1`, sent by the
 * provider when the parent leaves its page, and by the local checkout's Cancel) is not an
 * error — it says nothing was charged and leads back to where the order was started; only a
 * real failure says "error, try again".
 */
export function PayErrorPage() {
  const { t } = useTranslation('billing');
  const [params] = useSearchParams();
  const cancelled = params.get('cancelled') === '1';
  const orderNo = params.get('order_no') ?? '';
  // Only to know where the order came from; without it the plan list is the way back.
  const order = useQuery({ ...orderQueryOptions(orderNo), retry: false });
  const origin = originOf(order.data?.kind);
  useDocumentTitle(cancelled ? t('cancelledTitle') : t('errorTitle'));
  return (
    <Container size="sm" py="xl">
      <Card withBorder radius="md" padding="xl">
        <Title order={1} size="h2" mb="sm">
          {cancelled ? t('cancelledTitle') : t('errorTitle')}
        </Title>
        <Text mb="lg" role={cancelled ? 'status' : 'alert'}>
          {cancelled ? t('cancelledText') : t('errorText')}
        </Text>
        <Group>
          {cancelled && order.data?.status === 'pending' && order.data.kind !== 'package' ? (
            <Button
              component={Link}
              to={`${paths.home.completePayment}?order_no=${order.data.order_no}`}
            >
              {t('payLater')}
            </Button>
          ) : null}
          <Button component={Link} to={origin} variant={cancelled ? 'default' : 'filled'}>
            {cancelled ? t('backToOrigin') : t('tryAgain')}
          </Button>
          <Button component={Link} to={paths.dashboard} variant="default">
            {t('toDashboard')}
          </Button>
        </Group>
      </Card>
    </Container>
  );
}

import { Button, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Card.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AdviserCard } from '../../../components/adviser-card';
import { useDocumentTitle } from '@portal/web-kit/page';
import { paths } from '../../../config/paths';
import { userInfoQueryOptions } from '../../../api/profile';
import { orderQueryOptions, refreshAfterPayment } from '../api/billing-api';
import { formatMoney } from '../utils/money';
import { originOf } from '../utils/order-origin';
import { LoadError, NothingToShow } from './screen-states';

/**
 * `/paySuccess` (spec §2): amount, title and credits of the order, then the course adviser. It
 * only reads: the order turns paid when the provider's notification arrives, so it waits for
 * that (the browser's return grants nothing: docs/product.md → Payments).
 */
export function PaySuccessPage() {
  const { t } = useTranslation('billing');
  useDocumentTitle(t('successTitle'));
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const orderNo = params.get('order_no') ?? '';
  const order = useQuery({
    ...orderQueryOptions(orderNo),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 2000 : false),
  });
  const userInfo = useQuery(userInfoQueryOptions());
  const paid = order.data?.status === 'paid';
  useEffect(() => {
    if (paid) void refreshAfterPayment(queryClient);
  }, [paid, queryClient]);

  return (
    <Container size="sm" py="xl">
      {orderNo === '' ? (
        <NothingToShow
          title={t('noPaymentTitle')}
          text={t('noPaymentText')}
          to={paths.home.transaction}
          label={t('transactionTitle')}
        />
      ) : (
        <Card withBorder radius="md" padding="xl">
          {!order.data ? (
            order.isError ? (
              <LoadError
                text={t('orderMissing')}
                onRetry={() => void order.refetch()}
                error={order.error}
                retrying={order.isFetching}
                action={
                  <Button component={Link} to={paths.home.transaction} size="xs" variant="light">
                    {t('transactionTitle')}
                  </Button>
                }
              />
            ) : (
              <Loader aria-label={t('loading', { ns: 'common' })} />
            )
          ) : order.data.status !== 'pending' && !paid ? (
            <Stack>
              <Title order={1} size="h2">
                {order.data.status === 'cancelled' ? t('cancelledTitle') : t('errorTitle')}
              </Title>
              <Text role={order.data.status === 'cancelled' ? 'status' : 'alert'}>
                {order.data.status === 'cancelled'
                  ? t('cancelledText')
                  : t(`status_${order.data.status}`)}
              </Text>
              <Button component={Link} to={originOf(order.data.kind)}>
                {t('tryAgain')}
              </Button>
            </Stack>
          ) : (
            <Stack gap="sm">
              <Title order={1} size="h2">
                {paid ? t('successTitle') : t('confirming')}
              </Title>
              {!paid && (
                <Group gap="xs" role="status">
                  <Loader size="xs" />
                  <Text size="sm" c="dimmed">
                    {t('confirmingText')}
                  </Text>
                </Group>
              )}
              <Text fw={700} size="lg">
                {order.data.order_title}
              </Text>
              <Text fz={28} fw={700}>
                {formatMoney(order.data.order_price, order.data.currency)}
              </Text>
              {order.data.kind === 'plan' ? (
                <Text>{t('planUntil', { date: order.data.member_end_at })}</Text>
              ) : (
                <Text>
                  {t('totalCredits', {
                    count: order.data.quantity + order.data.extra_quantity,
                  })}
                </Text>
              )}
              <Group mt="md">
                <Button component={Link} to={paths.dashboard}>
                  {t('toDashboard')}
                </Button>
                <Button component={Link} to={paths.payHistory} variant="default">
                  {t('viewHistory')}
                </Button>
              </Group>
            </Stack>
          )}
        </Card>
      )}
      {paid && userInfo.data?.salesperson_info && (
        <Card withBorder radius="md" padding="xl" mt="lg">
          <Title order={2} size="h4" mb="sm">
            {t('adviserTitle')}
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            {t('adviserText')}
          </Text>
          <AdviserCard adviser={userInfo.data.salesperson_info} />
        </Card>
      )}
    </Container>
  );
}

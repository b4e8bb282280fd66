import { Alert, Button, Card, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Card.css';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@portal/web-kit/page';
import { paths } from '../../../config/paths';
import { billingApi, localSessionQueryOptions } from '../api/billing-api';
import { formatMoney } from '../utils/money';
import { LoadError, NothingToShow } from './screen-states';

/**
 * The local checkout (docs/product.md → Payments): stands in for the provider's hosted page when
 * no payment provider is configured. Pay and Cancel make the server send a signed notification to
 * its own webhook; nothing is granted by this page itself. The method was chosen on
 * CompletePayment (or is the card, for a top-up): it is shown, not asked again (decision 034).
 */
export function LocalCheckoutPage() {
  const { t } = useTranslation('billing');
  useDocumentTitle(t('checkoutTitle'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = params.get('session') ?? '';
  const checkout = useQuery(localSessionQueryOptions(session));
  const order = checkout.data?.order;
  const method = order?.pay_method === 2 ? 2 : 1;
  const pay = useMutation({
    mutationFn: () => billingApi.localPay(session, method),
    onSuccess: (result) => void navigate(result.redirect),
  });
  const cancel = useMutation({
    mutationFn: () => billingApi.localCancel(session),
    onSuccess: (result) => void navigate(result.redirect),
  });

  return (
    <Container size="xs" py="xl">
      <Title order={1} size="h2" mb="xs">
        {t('checkoutTitle')}
      </Title>
      <Alert color="blue" mb="lg" title={t('localCheckoutTitle')}>
        {t('localCheckoutText')}
      </Alert>
      {session === '' ? (
        <NothingToShow
          title={t('noCheckoutTitle')}
          text={t('noCheckoutText')}
          to={paths.home.transaction}
          label={t('transactionTitle')}
        />
      ) : checkout.isPending ? (
        <Skeleton height={200} />
      ) : !order ? (
        <LoadError
          text={t('orderMissing')}
          onRetry={() => void checkout.refetch()}
          error={checkout.error}
          retrying={checkout.isFetching}
        />
      ) : (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <Text fw={700} size="lg">
              {order.order_title}
            </Text>
            {order.order_details.map((line) => (
              <Text key={line} size="sm" c="dimmed">
                {line}
              </Text>
            ))}
            <Text fz={28} fw={700}>
              {formatMoney(order.order_price, order.currency)}
            </Text>
            <Text size="xs" c="dimmed">
              {t('orderNo', { no: order.order_no })}
            </Text>
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {t('payMethod')}
              </Text>
              <Text size="sm" fw={600}>
                {method === 2 ? t('wallet') : t('card')}
              </Text>
            </Group>
            {order.status === 'pending' ? (
              <Group justify="flex-end" mt="md">
                <Button
                  variant="default"
                  loading={cancel.isPending}
                  onClick={() => cancel.mutate()}
                >
                  {t('cancel', { ns: 'common' })}
                </Button>
                <Button loading={pay.isPending} onClick={() => pay.mutate()}>
                  {t('payAmount', { amount: formatMoney(order.order_price, order.currency) })}
                </Button>
              </Group>
            ) : (
              <Text c="dimmed">{t(`status_${order.status}`)}</Text>
            )}
          </Stack>
        </Card>
      )}
    </Container>
  );
}

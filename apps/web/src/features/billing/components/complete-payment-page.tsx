import {
  Button,
  Card,
  Container,
  Group,
  Radio,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { ListState } from '@portal/web-kit/list-state';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Radio.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { ConfirmOrderBodySchema } from '@portal/shared/billing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { useDocumentTitle } from '@portal/web-kit/page';
import { paths } from '../../../config/paths';
import { fieldError, toastFirstError } from '@portal/web-kit/forms';
import { billingApi, goToCheckout, orderQueryOptions } from '../api/billing-api';
import { formatMoney } from '../utils/money';
import { LoadError, NothingToShow } from './screen-states';

type PayerForm = z.input<typeof ConfirmOrderBodySchema>;

/**
 * `CompletePayment` (spec §2): the order, the payer's name, e-mail and phone (prefilled and
 * editable) and the payment method. Decision 034: this is the one confirmation — it states the
 * terms (amount, period, renewal and how to stop it) and Continue goes to the provider's
 * checkout, where the payment is made; Back leaves the order, Cancel gives it up.
 */
export function CompletePaymentPage() {
  const { t } = useTranslation('billing');
  useDocumentTitle(t('completeTitle'));
  const [params] = useSearchParams();
  const orderNo = params.get('order_no') ?? '';
  const order = useQuery(orderQueryOptions(orderNo));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => billingApi.cancelOrder(orderNo),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['billing'] });
      void navigate(paths.home.purchaseLessonPlan, { replace: true });
    },
  });
  const form = useForm<PayerForm>({
    resolver: zodResolver(ConfirmOrderBodySchema),
    defaultValues: { order_no: orderNo, username: '', mobile: '', email: '', pay_method: 1 },
  });
  const { reset } = form;
  useEffect(() => {
    if (order.data)
      reset({
        order_no: order.data.order_no,
        username: order.data.username,
        mobile: order.data.mobile,
        email: order.data.email,
        pay_method: order.data.pay_method,
      });
  }, [order.data, reset]);
  const pay = useMutation({
    mutationFn: async (values: PayerForm) => {
      await billingApi.confirmOrder(ConfirmOrderBodySchema.parse(values));
      return billingApi.checkoutOrder(values.order_no);
    },
    onSuccess: (session) => goToCheckout(session.url, t('failed')),
  });

  return (
    <Container size="sm" py="xl">
      <Title order={1} mb="lg">
        {t('completeTitle')}
      </Title>
      {orderNo === '' ? (
        <NothingToShow
          title={t('noOrderTitle')}
          text={t('noOrderText')}
          to={paths.home.purchaseLessonPlan}
          label={t('seePlans')}
        />
      ) : (
        <ListState
          query={order}
          loading={<Skeleton height={300} />}
          error={
            <LoadError
              text={t('orderMissing')}
              onRetry={() => void order.refetch()}
              error={order.error}
              retrying={order.isFetching}
              action={
                <Button component={Link} to={paths.home.purchaseLessonPlan} size="xs">
                  {t('seePlans')}
                </Button>
              }
            />
          }
        >
          {(loaded) => (
            <Stack gap="lg">
              <Card withBorder radius="md" padding="lg">
                <Text fw={700} size="lg">
                  {loaded.order_title}
                </Text>
                {loaded.order_details.map((line) => (
                  <Text key={line} size="sm" c="dimmed">
                    {line}
                  </Text>
                ))}
                {loaded.kind === 'plan' && (
                  <Text size="sm" mt="xs">
                    {t('planUntil', { date: loaded.member_end_at })}
                  </Text>
                )}
                <Group justify="space-between" mt="md">
                  <Text c="dimmed">{t('orderNo', { no: loaded.order_no })}</Text>
                  <Text fz={24} fw={700}>
                    {loaded.order_price_name}
                  </Text>
                </Group>
                {loaded.status === 'pending' && (
                  <Text size="sm" mt="md" data-testid="payment-terms">
                    {loaded.is_recurring
                      ? t('termsRecurring', {
                          amount: loaded.order_price_name,
                          renewal: formatMoney(loaded.renewal_price, loaded.currency),
                          date: loaded.member_end_at,
                        })
                      : loaded.kind === 'plan'
                        ? t('termsPlanOnce', {
                            amount: loaded.order_price_name,
                            date: loaded.member_end_at,
                          })
                        : t('termsCredits', { amount: loaded.order_price_name })}
                  </Text>
                )}
              </Card>
              {loaded.status !== 'pending' ? (
                <Stack gap="sm" align="flex-start">
                  <Text c="dimmed">{t(`status_${loaded.status}`)}</Text>
                  <Button component={Link} to={paths.home.purchaseLessonPlan} variant="default">
                    {t('seePlans')}
                  </Button>
                </Stack>
              ) : (
                <form
                  noValidate
                  onSubmit={form.handleSubmit(
                    (values) => pay.mutate(values),
                    toastFirstError<PayerForm>(['username', 'email', 'mobile', 'pay_method']),
                  )}
                >
                  <Card withBorder radius="md" padding="lg">
                    <Stack gap="md">
                      <Title order={2} size="h4">
                        {t('payerTitle')}
                      </Title>
                      <TextInput
                        label={t('payerName')}
                        maxLength={50}
                        error={fieldError(form.formState.errors.username)}
                        {...form.register('username')}
                      />
                      <TextInput
                        label={t('payerEmail')}
                        type="email"
                        maxLength={50}
                        error={fieldError(form.formState.errors.email)}
                        {...form.register('email')}
                      />
                      <TextInput
                        label={t('payerPhone')}
                        inputMode="numeric"
                        maxLength={15}
                        error={fieldError(form.formState.errors.mobile)}
                        {...form.register('mobile')}
                      />
                      <Controller
                        control={form.control}
                        name="pay_method"
                        render={({ field }) => (
                          <Radio.Group
                            label={t('payMethod')}
                            value={String(field.value)}
                            onChange={(value) => field.onChange(Number(value))}
                          >
                            <Group mt="xs">
                              <Radio value="1" label={t('card')} />
                              <Radio value="2" label={t('wallet')} />
                            </Group>
                          </Radio.Group>
                        )}
                      />
                      <Group justify="space-between" mt="xs">
                        <Group gap="xs">
                          <Button variant="default" onClick={() => void navigate(-1)}>
                            {t('back', { ns: 'common' })}
                          </Button>
                          <Button
                            variant="subtle"
                            color="red"
                            loading={cancel.isPending}
                            onClick={() => cancel.mutate()}
                          >
                            {t('cancelOrder')}
                          </Button>
                        </Group>
                        <Button type="submit" loading={pay.isPending} disabled={cancel.isPending}>
                          {t('continueToPayment')}
                        </Button>
                      </Group>
                    </Stack>
                  </Card>
                </form>
              )}
            </Stack>
          )}
        </ListState>
      )}
    </Container>
  );
}

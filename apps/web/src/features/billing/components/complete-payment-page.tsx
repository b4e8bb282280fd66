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
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Radio.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { ConfirmOrderBodySchema } from '@portal/shared/billing';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { AccountLayout } from '../../../components/layout/account-layout';
import { useDocumentTitle } from '../../../components/use-document-title';
import { fieldError, toastFirstError } from '../../../lib/forms';
import { billingApi, goToCheckout, orderQueryOptions } from '../api/billing-api';
import { formatMoney } from '../utils/money';

type PayerForm = z.input<typeof ConfirmOrderBodySchema>;

/**
 * `CompletePayment` (spec §2): the order, the payer's name, e-mail and phone (prefilled and
 * editable) and the payment method; Pay confirms the order and goes to the hosted checkout.
 */
export function CompletePaymentPage() {
  const { t } = useTranslation('billing');
  useDocumentTitle(t('completeTitle'));
  const [params] = useSearchParams();
  const orderNo = params.get('order_no') ?? '';
  const order = useQuery(orderQueryOptions(orderNo));
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
    <AccountLayout>
      <Container size="sm" py="xl">
        <Title order={1} mb="lg">
          {t('completeTitle')}
        </Title>
        {order.isPending ? (
          <Skeleton height={300} />
        ) : order.isError ? (
          <Text c="red.8" role="alert">
            {t('orderMissing')}
          </Text>
        ) : (
          <Stack gap="lg">
            <Card withBorder radius="md" padding="lg">
              <Text fw={700} size="lg">
                {order.data.order_title}
              </Text>
              {order.data.order_details.map((line) => (
                <Text key={line} size="sm" c="dimmed">
                  {line}
                </Text>
              ))}
              {order.data.kind === 'plan' && (
                <Text size="sm" mt="xs">
                  {t('planUntil', { date: order.data.member_end_at })}
                </Text>
              )}
              <Group justify="space-between" mt="md">
                <Text c="dimmed">{t('orderNo', { no: order.data.order_no })}</Text>
                <Text fz={24} fw={700}>
                  {order.data.order_price_name}
                </Text>
              </Group>
            </Card>
            {order.data.status !== 'pending' ? (
              <Text c="dimmed">{t(`status_${order.data.status}`)}</Text>
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
                    <Button type="submit" size="md" loading={pay.isPending}>
                      {t('payAmount', {
                        amount: formatMoney(order.data.order_price, order.data.currency),
                      })}
                    </Button>
                  </Stack>
                </Card>
              </form>
            )}
          </Stack>
        )}
      </Container>
    </AccountLayout>
  );
}

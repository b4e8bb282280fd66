import { Alert, NumberInput, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MONEY_REASON_MAX_LENGTH, type OrderDetail } from '@portal/shared/staff';
import { notify } from '@portal/web-kit/notify';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogActions } from '../../../components/dialog';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { orderKeys, ordersApi, refreshAfterMoneyWrite, refundPreviewQuery } from '../api';
import { formatMoney, toMajor, toMinor } from '../../../lib/money';
import { newIdempotencyKey } from '../../../lib/idempotency-key';

interface RefundDialogProps {
  order: OrderDetail;
  opened: boolean;
  onClose: () => void;
}

/**
 * Refund part or all of a paid order (`money.manage`): the amount, the credits to take back
 * (the server's preview says how many may be) and a reason. One idempotency key per opening.
 */
export function RefundDialog({ order, opened, onClose }: RefundDialogProps) {
  const { t } = useTranslation('orders');
  return (
    <Dialog opened={opened} onClose={onClose} title={t('refund.title', { orderNo: order.orderNo })}>
      <RefundForm order={order} onDone={onClose} />
    </Dialog>
  );
}

function RefundForm({ order, onDone }: { order: OrderDetail; onDone: () => void }) {
  const { t } = useTranslation('orders');
  const language = currentLanguage();
  const client = useQueryClient();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [major, setMajor] = useState<number | string>(toMajor(order.refundable, order.currency));
  // Credits typed by hand; null follows the preview's suggestion.
  const [credits, setCredits] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const amount = toMinor(major, order.currency);
  const [previewAmount] = useDebouncedValue(amount, 250);
  const amountValid = Number.isInteger(amount) && amount > 0 && amount <= order.refundable;
  const previewValid =
    Number.isInteger(previewAmount) && previewAmount > 0 && previewAmount <= order.refundable;
  const preview = useQuery({
    ...refundPreviewQuery(order.orderNo, previewValid ? previewAmount : order.refundable),
    enabled: previewValid,
  });
  const figures = preview.data;
  const short = figures ? figures.suggestedCredits > figures.creditsTakeable : false;
  const chosenCredits =
    credits ?? (figures ? Math.min(figures.suggestedCredits, figures.creditsTakeable) : 0);
  const money = (minor: number) => formatMoney(minor, order.currency, language);

  const refund = useMutation({
    mutationFn: () =>
      ordersApi.refund(order.orderNo, {
        amount,
        credits: chosenCredits,
        reason: reason.trim(),
        idempotencyKey,
      }),
    onSuccess: (answer) => {
      refreshAfterMoneyWrite(client, [orderKeys.one(order.orderNo), ['ops', 'family']]);
      notify('green', t('refund.done', { refundNo: answer.refund.refundNo }));
      onDone();
    },
    onError: (failure) =>
      setError(failure instanceof ApiError ? failure.msg : t('refund.previewFailed')),
  });

  const canSubmit =
    amountValid &&
    Boolean(figures) &&
    chosenCredits >= 0 &&
    chosenCredits <= (figures?.creditsTakeable ?? 0) &&
    reason.trim().length > 0;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!canSubmit || refund.isPending) return;
        setError(null);
        refund.mutate();
      }}
    >
      <Stack gap="sm">
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <NumberInput
          label={t('refund.amount', { currency: order.currency })}
          description={t('refund.amountHint', { max: money(order.refundable) })}
          withAsterisk
          min={0}
          max={toMajor(order.refundable, order.currency)}
          decimalScale={2}
          allowNegative={false}
          value={major}
          onChange={(value) => {
            setMajor(value);
            setCredits(null);
          }}
          error={
            major !== '' && !amountValid
              ? t('refund.amountHint', { max: money(order.refundable) })
              : null
          }
          data-autofocus
        />
        {preview.isError && (
          <Alert color="yellow" variant="light">
            {preview.error instanceof ApiError ? preview.error.msg : t('refund.previewFailed')}
          </Alert>
        )}
        {figures && (
          <Text size="sm" c="gray.7">
            {t('refund.creditsHint', {
              granted: figures.creditsGranted,
              takenBack: figures.creditsTakenBack,
              available: figures.creditsAvailable,
              takeable: figures.creditsTakeable,
            })}{' '}
            {t('refund.suggested', { count: figures.suggestedCredits })}
          </Text>
        )}
        {figures && short && (
          <Radio.Group
            label={t('refund.tooFew', { takeable: figures.creditsTakeable })}
            value={amount === figures.amountForTakeable ? 'less' : 'take-less'}
            onChange={(value) => {
              setCredits(figures.creditsTakeable);
              if (value === 'less') setMajor(toMajor(figures.amountForTakeable, order.currency));
            }}
          >
            <Stack gap={6} mt={6}>
              <Radio
                value="less"
                label={t('refund.refundLess', {
                  amount: money(figures.amountForTakeable),
                  takeable: figures.creditsTakeable,
                })}
              />
              <Radio
                value="take-less"
                label={t('refund.takeLess', { takeable: figures.creditsTakeable })}
              />
            </Stack>
          </Radio.Group>
        )}
        {figures && figures.creditsGranted > 0 && (
          <NumberInput
            label={t('refund.credits')}
            min={0}
            max={figures.creditsTakeable}
            allowDecimal={false}
            allowNegative={false}
            value={chosenCredits}
            onChange={(value) => setCredits(value === '' ? 0 : Number(value))}
          />
        )}
        <Textarea
          label={t('refund.reason')}
          description={t('refund.reasonHint')}
          withAsterisk
          rows={2}
          maxLength={MONEY_REASON_MAX_LENGTH}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        <DialogActions
          onCancel={onDone}
          pending={refund.isPending}
          submitProps={{ color: 'red.8', disabled: !canSubmit }}
        >
          {t('refund.submit')}
        </DialogActions>
      </Stack>
    </form>
  );
}

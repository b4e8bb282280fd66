import { Group, Input, NumberInput, SegmentedControl, Select, Text, Textarea } from '@mantine/core';
import {
  CORRECTION_DELTA_MAX,
  CORRECTION_NOTE_MAX_LENGTH,
  CORRECTION_REASONS,
  CreditCorrectionBodySchema,
  type CorrectionReason,
  type CreditBalance,
  type CreditCorrectionBodyInput,
} from '@portal/shared/staff';
import { fieldError, useFormFeedback } from '@portal/web-kit/forms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogActions } from '../../../components/dialog';
import { applyFamilyWrite, familiesApi } from '../api';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { resolverResult } from '../utils/resolver-result';
import { DialogForm } from './dialog-form';

type Direction = 'grant' | 'remove';

interface CorrectionValues {
  direction: Direction;
  amount: number | string;
  reason: CorrectionReason | null;
  note: string;
}

/** The signed change of the form: a grant adds, a removal takes away. NaN while not a number. */
export function deltaOf(values: Pick<CorrectionValues, 'direction' | 'amount'>): number {
  const amount = values.amount === '' ? Number.NaN : Number(values.amount);
  return values.direction === 'grant' ? amount : -amount;
}

/** The form's fields as the route's body fields (the amount is the body's `delta`). */
const FIELD_OF: Record<string, keyof CorrectionValues> = {
  delta: 'amount',
  reason: 'reason',
  note: 'note',
};

const resolverFor =
  (idempotencyKey: string): Resolver<CorrectionValues> =>
  (values) => {
    const amount = Number(values.amount);
    const result = CreditCorrectionBodySchema.safeParse({
      delta: values.amount === '' || amount <= 0 ? Number.NaN : deltaOf(values),
      reason: values.reason ?? undefined,
      note: values.note,
      idempotencyKey,
    });
    return resolverResult(values, result.success ? [] : result.error.issues, {
      fieldOf: (key) => FIELD_OF[key],
    });
  };

interface CreditCorrectionDialogProps {
  userSn: string;
  credits: CreditBalance;
  opened: boolean;
  onClose: () => void;
}

/**
 * Grant or remove credits with a reason (`credits.correct`). The form opens with a new
 * idempotency key and keeps it until it closes: a double click, or a retry after a lost answer,
 * is one correction on the server.
 */
export function CreditCorrectionDialog({ opened, onClose, ...props }: CreditCorrectionDialogProps) {
  const { t } = useTranslation('families');
  return (
    <Dialog opened={opened} onClose={onClose} title={t('correction.title')}>
      {/* The modal's content is mounted while open: one key per opening. */}
      <CorrectionForm {...props} onDone={onClose} />
    </Dialog>
  );
}

function CorrectionForm({
  userSn,
  credits,
  onDone,
}: Omit<CreditCorrectionDialogProps, 'opened' | 'onClose'> & { onDone: () => void }) {
  const { t } = useTranslation('families');
  const client = useQueryClient();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const form = useForm<CorrectionValues>({
    resolver: resolverFor(idempotencyKey),
    defaultValues: { direction: 'grant', amount: '', reason: null, note: '' },
  });
  const feedback = useFormFeedback(form, {
    order: ['amount', 'reason', 'note'],
    fieldMessages: {
      correctionDeltaInvalid: 'amount',
      correctionOverLimit: 'amount',
      correctionDailyLimit: 'amount',
      correctionBelowZero: 'amount',
      correctionReasonInvalid: 'reason',
      correctionNoteRequired: 'note',
      correctionNoteTooLong: 'note',
    },
  });
  const correct = useMutation({
    mutationFn: (body: CreditCorrectionBodyInput) => familiesApi.correctCredits(userSn, body),
    onSuccess: (answer, body) => {
      applyFamilyWrite(client, userSn, (detail) => ({ ...detail, credits: answer.credits }));
      const count = Math.abs(body.delta);
      feedback.onSuccess(
        body.delta > 0 ? t('correction.granted', { count }) : t('correction.removed', { count }),
      );
      onDone();
    },
    onError: feedback.onError,
  });
  const { errors } = form.formState;
  const [direction, amount, reason, note] = useWatch({
    control: form.control,
    name: ['direction', 'amount', 'reason', 'note'],
  });
  const delta = deltaOf({ direction, amount });
  const count = Number.isInteger(delta) && delta !== 0 ? Math.abs(delta) : null;
  const after = count === null ? null : credits.available + delta;
  const noteCount = t('correction.noteCount', {
    count: note.trim().length,
    max: CORRECTION_NOTE_MAX_LENGTH,
  });

  return (
    <DialogForm
      alert={feedback.alert}
      onSubmit={feedback.submit((values) => {
        if (correct.isPending) return;
        correct.mutate({
          delta: deltaOf(values),
          reason: values.reason!,
          note: values.note.trim(),
          idempotencyKey,
        });
      })}
    >
      <Input.Wrapper label={t('correction.direction')} labelElement="div">
        <Controller
          control={form.control}
          name="direction"
          render={({ field }) => (
            <SegmentedControl
              fullWidth
              mt={4}
              aria-label={t('correction.direction')}
              value={field.value}
              onChange={(value) => field.onChange(value as Direction)}
              data={[
                { value: 'grant', label: t('correction.grant') },
                { value: 'remove', label: t('correction.remove') },
              ]}
            />
          )}
        />
      </Input.Wrapper>
      <Text size="sm" c="gray.7">
        {direction === 'grant' ? t('correction.grantHint') : t('correction.removeHint')}
      </Text>
      <Controller
        control={form.control}
        name="amount"
        render={({ field }) => (
          <NumberInput
            label={t('correction.amount')}
            withAsterisk
            min={1}
            max={CORRECTION_DELTA_MAX}
            allowDecimal={false}
            allowNegative={false}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            error={fieldError(errors.amount)}
            data-autofocus
          />
        )}
      />
      <Controller
        control={form.control}
        name="reason"
        render={({ field }) => (
          <Select
            label={t('correction.reason')}
            placeholder={t('correction.reasonPlaceholder')}
            withAsterisk
            data={CORRECTION_REASONS.map((value) => ({
              value,
              label: t(`correction.reasons.${value}`),
            }))}
            value={field.value}
            onChange={(value) => field.onChange(value as CorrectionReason | null)}
            onBlur={field.onBlur}
            ref={field.ref}
            error={fieldError(errors.reason)}
          />
        )}
      />
      <Textarea
        label={t('correction.note')}
        withAsterisk={reason === 'other'}
        rows={3}
        {...form.register('note')}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        // Mantine's description grey is under 4.5:1 on white (axe, e2e).
        descriptionProps={{ c: 'gray.7' }}
        description={
          reason === 'other' ? `${t('correction.noteRequired')} ${noteCount}` : noteCount
        }
        error={fieldError(errors.note)}
      />
      <Group justify="space-between" gap="xs">
        <Text size="sm">{t('correction.now', { available: credits.available })}</Text>
        {after !== null && (
          <Text size="sm" fw={600} c={after < 0 ? 'red.8' : undefined} aria-live="polite">
            {t('correction.after', { available: after })}
          </Text>
        )}
      </Group>
      <DialogActions
        onCancel={onDone}
        pending={correct.isPending}
        submitProps={{
          color: direction === 'remove' ? 'red.8' : undefined,
          disabled: correct.isPending,
        }}
      >
        {count === null
          ? t('correction.submit')
          : direction === 'grant'
            ? t('correction.submitGrant', { count })
            : t('correction.submitRemove', { count })}
      </DialogActions>
    </DialogForm>
  );
}

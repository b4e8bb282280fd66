import { Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  daysBetween,
  TIME_OFF_NOTE_MAX_LENGTH,
  TimeOffBodySchema,
  type TeacherDetail,
  type TimeOff,
  type TimeOffBodyInput,
} from '@portal/shared/staff';
import { FormAlert, fieldError, useFormFeedback } from '@portal/web-kit/forms';
import { notify } from '@portal/web-kit/notify';
import { formatDate } from '@portal/web-kit/time';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogActions } from '../../../components/dialog';
import { i18n } from '../../../lib/i18n';
import { teachersApi, teacherQuery } from '../api';

/** "Nov 23, 2026 – Dec 13, 2026" (one day alone when both ends are the same). */
export function formatRange(entry: Pick<TimeOff, 'startsOn' | 'endsOn'>): string {
  return entry.startsOn === entry.endsOn
    ? formatDate(entry.startsOn)
    : `${formatDate(entry.startsOn)} – ${formatDate(entry.endsOn)}`;
}

/** A teacher's time off: date ranges in their zone, added and removed one at a time. */
export function TimeOffCard({ teacher }: { teacher: TeacherDetail }) {
  const { t } = useTranslation('teachers');
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<TimeOff | null>(null);

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} size="h3">
              {t('timeOff.title')}
            </Title>
            <Text size="sm" c="gray.7">
              {t('timeOff.intro')}
            </Text>
          </Stack>
          <Button variant="light" onClick={() => setAdding(true)}>
            {t('timeOff.add')}
          </Button>
        </Group>
        <DataTable<TimeOff>
          withTableBorder
          borderRadius="md"
          verticalSpacing="xs"
          minHeight={teacher.timeOff.length ? undefined : 120}
          records={teacher.timeOff}
          // Mantine's own empty state writes in a grey under 4.5:1 on white (axe).
          emptyState={
            <Text size="sm" c="gray.7">
              {t('timeOff.empty')}
            </Text>
          }
          idAccessor="id"
          columns={[
            {
              accessor: 'startsOn',
              title: t('timeOff.dates'),
              render: (entry) => formatRange(entry),
            },
            {
              accessor: 'days',
              title: t('timeOff.days'),
              textAlign: 'right',
              render: (entry) => daysBetween(entry.startsOn, entry.endsOn) + 1,
            },
            { accessor: 'note', title: t('timeOff.note') },
            {
              accessor: 'actions',
              title: '',
              textAlign: 'right',
              render: (entry) => (
                <Button
                  variant="subtle"
                  color="red.8"
                  size="xs"
                  aria-label={t('timeOff.removeFor', { range: formatRange(entry) })}
                  onClick={() => setRemoving(entry)}
                >
                  {t('timeOff.remove')}
                </Button>
              ),
            },
          ]}
        />
      </Stack>
      <Dialog opened={adding} onClose={() => setAdding(false)} title={t('timeOff.addTitle')}>
        {/* Mounted while open: every entry starts from an empty form. */}
        {adding && <AddTimeOffForm teacherSn={teacher.teacherSn} onDone={() => setAdding(false)} />}
      </Dialog>
      <RemoveTimeOffDialog
        teacherSn={teacher.teacherSn}
        entry={removing}
        onClose={() => setRemoving(null)}
      />
    </Card>
  );
}

type TimeOffValues = { startsOn: string; endsOn: string; note: string };

const schemaResolver = zodResolver(TimeOffBodySchema) as unknown as Resolver<TimeOffValues>;

/** The shared rules, after a check the schema cannot word well: both days chosen. */
const resolver: Resolver<TimeOffValues> = async (values, context, options) => {
  if (!values.startsOn || !values.endsOn)
    return {
      values: {},
      errors: {
        startsOn: { type: 'required', message: i18n.t('teachers:timeOff.datesRequired') },
      },
    };
  return schemaResolver(values, context, options);
};

function AddTimeOffForm({ teacherSn, onDone }: { teacherSn: string; onDone: () => void }) {
  const { t } = useTranslation('teachers');
  const client = useQueryClient();
  const form = useForm<TimeOffValues>({
    resolver,
    defaultValues: { startsOn: '', endsOn: '', note: '' },
  });
  const feedback = useFormFeedback(form, {
    order: ['startsOn', 'endsOn', 'note'],
    fieldMessages: {
      teachersTimeOffDateInvalid: 'startsOn',
      teachersTimeOffRangeInvalid: 'startsOn',
      teachersTimeOffTooLong: 'startsOn',
      teachersTimeOffNoteTooLong: 'note',
    },
  });
  const add = useMutation({
    mutationFn: (body: TimeOffBodyInput) => teachersApi.addTimeOff(teacherSn, body),
    onSuccess: async () => {
      feedback.onSuccess(t('timeOff.added'));
      await client.invalidateQueries({ queryKey: teacherQuery(teacherSn).queryKey });
      onDone();
    },
    onError: feedback.onError,
  });
  const note = useWatch({ control: form.control, name: 'note' });
  const { errors } = form.formState;

  return (
    <form
      noValidate
      aria-describedby={feedback.alert.message ? feedback.alert.id : undefined}
      onSubmit={feedback.submit((values) => {
        if (!add.isPending) add.mutate(values);
      })}
    >
      <Stack gap="md">
        <FormAlert {...feedback.alert} />
        <Controller
          control={form.control}
          name="startsOn"
          render={({ field }) => (
            <DatePickerInput
              type="range"
              allowSingleDateInRange
              label={t('timeOff.dates')}
              placeholder={t('timeOff.datesPlaceholder')}
              value={[field.value || null, form.getValues('endsOn') || null]}
              onChange={([from, to]) => {
                field.onChange(from ?? '');
                form.setValue('endsOn', to ?? '');
              }}
              ref={field.ref}
              data-autofocus
              error={fieldError(errors.startsOn ?? errors.endsOn)}
              // Mantine's placeholder grey is under 4.5:1 on white (axe, e2e).
              styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
            />
          )}
        />
        <Textarea
          label={t('timeOff.note')}
          description={t('timeOff.noteHint', {
            count: note.length,
            max: TIME_OFF_NOTE_MAX_LENGTH,
          })}
          descriptionProps={{ c: 'gray.7' }}
          rows={2}
          {...form.register('note')}
          error={fieldError(errors.note)}
        />
        <DialogActions onCancel={onDone} pending={add.isPending}>
          {t('timeOff.submit')}
        </DialogActions>
      </Stack>
    </form>
  );
}

function RemoveTimeOffDialog({
  teacherSn,
  entry,
  onClose,
}: {
  teacherSn: string;
  entry: TimeOff | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('teachers');
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: number) => teachersApi.removeTimeOff(teacherSn, id),
    onSuccess: async () => {
      notify('green', t('timeOff.removed'));
      await client.invalidateQueries({ queryKey: teacherQuery(teacherSn).queryKey });
      onClose();
    },
  });
  return (
    <Dialog opened={entry !== null} onClose={onClose} title={t('timeOff.removeTitle')}>
      {entry && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!remove.isPending) remove.mutate(entry.id);
          }}
        >
          <Stack gap="md">
            <Text size="sm">{t('timeOff.removeText', { range: formatRange(entry) })}</Text>
            <DialogActions
              onCancel={onClose}
              pending={remove.isPending}
              submitProps={{ color: 'red.8' }}
            >
              {t('timeOff.remove')}
            </DialogActions>
          </Stack>
        </form>
      )}
    </Dialog>
  );
}

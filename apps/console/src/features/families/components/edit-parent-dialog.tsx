import { NumberInput, Select, TextInput } from '@mantine/core';
import {
  UpdateFamilyBodySchema,
  type FamilyParent,
  type UpdateFamilyBodyInput,
} from '@portal/shared/staff';
import { fieldError, useFormFeedback } from '@portal/web-kit/forms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogActions } from '../../../components/dialog';
import { advisersQuery, applyFamilyWrite, familiesApi } from '../api';
import { resolverResult } from '../utils/resolver-result';
import { DialogForm } from './dialog-form';

const NO_ADVISER = 'none';

interface ParentValues {
  name: string;
  email: string;
  /** An adviser's id, or NO_ADVISER. */
  adviserId: string;
  childLimit: number | string;
}

/** The fields that differ from the parent as loaded: only those are sent (and audited). */
export function parentChanges(parent: FamilyParent, values: ParentValues): UpdateFamilyBodyInput {
  const changes: UpdateFamilyBodyInput = {};
  if (values.name.trim() !== parent.name) changes.name = values.name;
  if (values.email.trim() !== (parent.email ?? '')) changes.email = values.email;
  const adviserId = values.adviserId === NO_ADVISER ? null : Number(values.adviserId);
  if (adviserId !== (parent.adviser?.id ?? null)) changes.adviserId = adviserId;
  const childLimit = values.childLimit === '' ? Number.NaN : Number(values.childLimit);
  if (childLimit !== parent.childLimit) changes.childLimit = childLimit;
  return changes;
}

/** The parents' own rules (the route's schema) on what changed; nothing changed is valid. */
const resolverFor =
  (parent: FamilyParent): Resolver<ParentValues> =>
  (values) => {
    const changes = parentChanges(parent, values);
    if (Object.keys(changes).length === 0) return { values, errors: {} };
    const result = UpdateFamilyBodySchema.safeParse(changes);
    return resolverResult(values, result.success ? [] : result.error.issues);
  };

interface EditParentDialogProps {
  userSn: string;
  parent: FamilyParent;
  opened: boolean;
  onClose: () => void;
}

/** Name, e-mail, adviser and child limit of a parent (`families.write`). */
export function EditParentDialog({ opened, onClose, ...props }: EditParentDialogProps) {
  const { t } = useTranslation('families');
  return (
    <Dialog opened={opened} onClose={onClose} title={t('editParent.title')}>
      <EditParentForm {...props} onDone={onClose} />
    </Dialog>
  );
}

function EditParentForm({
  userSn,
  parent,
  onDone,
}: Omit<EditParentDialogProps, 'opened' | 'onClose'> & { onDone: () => void }) {
  const { t } = useTranslation('families');
  const client = useQueryClient();
  const advisers = useQuery(advisersQuery());
  const form = useForm<ParentValues>({
    resolver: resolverFor(parent),
    defaultValues: {
      name: parent.name,
      email: parent.email ?? '',
      adviserId: parent.adviser ? String(parent.adviser.id) : NO_ADVISER,
      childLimit: parent.childLimit,
    },
  });
  const feedback = useFormFeedback(form, {
    order: ['name', 'email', 'adviserId', 'childLimit'],
    fieldMessages: {
      nameEmpty: 'name',
      nameTooLong: 'name',
      emailEmpty: 'email',
      emailError: 'email',
      emailTaken: 'email',
      familiesAdviserUnknown: 'adviserId',
      familiesChildLimitInvalid: 'childLimit',
    },
  });
  const save = useMutation({
    mutationFn: (changes: UpdateFamilyBodyInput) => familiesApi.updateParent(userSn, changes),
    onSuccess: (saved) => {
      applyFamilyWrite(client, userSn, (detail) => ({ ...detail, parent: saved }));
      feedback.onSuccess(t('editParent.saved'));
      onDone();
    },
    onError: feedback.onError,
  });
  const { errors } = form.formState;

  const adviserOptions = [
    { value: NO_ADVISER, label: t('noAdviser') },
    ...(advisers.data?.items ?? []).map((adviser) => ({
      value: String(adviser.id),
      label: adviser.name,
    })),
  ];
  // A parent's adviser who is no longer listed (disabled) stays choosable as they are.
  if (parent.adviser && !adviserOptions.some((o) => o.value === String(parent.adviser!.id)))
    adviserOptions.push({ value: String(parent.adviser.id), label: parent.adviser.name });

  return (
    <DialogForm
      alert={feedback.alert}
      onSubmit={feedback.submit((values) => {
        const changes = parentChanges(parent, values);
        if (Object.keys(changes).length === 0) return onDone();
        if (!save.isPending) save.mutate(changes);
      })}
    >
      <TextInput
        label={t('editParent.name')}
        {...form.register('name')}
        error={fieldError(errors.name)}
        data-autofocus
      />
      <TextInput
        label={t('editParent.email')}
        type="email"
        {...form.register('email')}
        error={fieldError(errors.email)}
      />
      <Controller
        control={form.control}
        name="adviserId"
        render={({ field }) => (
          <Select
            label={t('editParent.adviser')}
            data={adviserOptions}
            value={field.value}
            onChange={(value) => field.onChange(value ?? NO_ADVISER)}
            onBlur={field.onBlur}
            ref={field.ref}
            allowDeselect={false}
            searchable
            error={fieldError(errors.adviserId)}
          />
        )}
      />
      <Controller
        control={form.control}
        name="childLimit"
        render={({ field }) => (
          <NumberInput
            label={t('editParent.childLimit')}
            description={t('editParent.childLimitHint', { max: parent.childLimitMax })}
            descriptionProps={{ c: 'gray.7' }}
            min={1}
            max={parent.childLimitMax}
            allowDecimal={false}
            allowNegative={false}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            error={fieldError(errors.childLimit)}
          />
        )}
      />
      <DialogActions onCancel={onDone} pending={save.isPending}>
        {t('save', { ns: 'common' })}
      </DialogActions>
    </DialogForm>
  );
}

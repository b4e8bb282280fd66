import { Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  StaffNameSchema,
  StaffRoleSchema,
  type StaffSummary,
  type UpdateStaffBody,
} from '@portal/shared/staff';
import { FormAlert, fieldError, useFormFeedback } from '@portal/web-kit/forms';
import { messageText } from '@portal/web-kit/i18n';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Dialog, DialogActions } from '../../../components/dialog';
import { staffApi, staffQueriesKey } from '../api';
import { RoleField } from './role-field';

const EditFormSchema = z.object({ name: StaffNameSchema, role: StaffRoleSchema });
type Values = z.input<typeof EditFormSchema>;

/** POST /api/ops/staff/:id with what changed: the name, the role (not one's own), or both. */
export function EditDialog({
  member,
  self,
  onClose,
}: {
  member: StaffSummary | null;
  /** The member is the admin themselves: their role cannot change here. */
  self: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('staff');
  return (
    <Dialog
      opened={member !== null}
      onClose={onClose}
      title={member ? t('editTitle', { name: member.name }) : ''}
    >
      {member && <EditForm key={member.id} member={member} self={self} onClose={onClose} />}
    </Dialog>
  );
}

function EditForm({
  member,
  self,
  onClose,
}: {
  member: StaffSummary;
  self: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('staff');
  const { t: common } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<Values, unknown, z.output<typeof EditFormSchema>>({
    resolver: zodResolver(EditFormSchema),
    defaultValues: { name: member.name, role: member.role },
  });
  const feedback = useFormFeedback(form, {
    order: ['name', 'role'],
    fieldMessages: { staffNameEmpty: 'name', staffNameTooLong: 'name' },
  });
  const save = useMutation({
    mutationFn: (body: UpdateStaffBody) => staffApi.update(member.id, body),
    onSuccess: async () => {
      feedback.onSuccess(t('saved'));
      await queryClient.invalidateQueries({ queryKey: staffQueriesKey });
      onClose();
    },
    onError: feedback.onError,
  });
  const submit = feedback.submit(({ name, role }) => {
    const body: UpdateStaffBody = {
      ...(name !== member.name ? { name } : {}),
      ...(role !== member.role ? { role } : {}),
    };
    if (body.name === undefined && body.role === undefined)
      feedback.warn(messageText('staffNothingToChange'));
    else save.mutate(body);
  });
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text size="sm">{t('editIntro')}</Text>
        <FormAlert {...feedback.alert} />
        <TextInput
          label={t('name')}
          data-autofocus
          {...form.register('name')}
          error={fieldError(form.formState.errors.name)}
        />
        <RoleField
          control={form.control}
          disabled={self}
          description={self ? messageText('staffCannotChangeOwnRole') : undefined}
        />
        <DialogActions onCancel={onClose} pending={save.isPending} gap="sm">
          {common('save')}
        </DialogActions>
      </Stack>
    </form>
  );
}

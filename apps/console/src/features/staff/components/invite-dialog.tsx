import { Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InviteStaffBodySchema, type InviteStaffBody } from '@portal/shared/staff';
import { FormAlert, fieldError, useFormFeedback } from '@portal/web-kit/forms';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Dialog, DialogActions } from '../../../components/dialog';
import { staffApi, staffQueriesKey } from '../api';
import { RoleField } from './role-field';

type Values = z.input<typeof InviteStaffBodySchema>;

/** POST /api/ops/staff: the member gets a set-up link by e-mail (48 hours). */
export function InviteDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('staff');
  return (
    <Dialog opened={opened} onClose={onClose} title={t('inviteTitle')}>
      {/* Mounted while open: every invitation starts from an empty form. */}
      {opened && <InviteForm onClose={onClose} />}
    </Dialog>
  );
}

function InviteForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('staff');
  const queryClient = useQueryClient();
  const form = useForm<Values, unknown, InviteStaffBody>({
    resolver: zodResolver(InviteStaffBodySchema),
    defaultValues: { email: '', name: '', role: 'adviser' },
  });
  const feedback = useFormFeedback(form, {
    order: ['email', 'name', 'role'],
    fieldMessages: {
      staffEmailTaken: 'email',
      staffEmailInvalid: 'email',
      staffNameEmpty: 'name',
      staffNameTooLong: 'name',
    },
  });
  const invite = useMutation({
    mutationFn: staffApi.invite,
    onSuccess: async (_answer, body) => {
      feedback.onSuccess(t('invited', { email: body.email }));
      await queryClient.invalidateQueries({ queryKey: staffQueriesKey });
      onClose();
    },
    onError: feedback.onError,
  });
  return (
    <form noValidate onSubmit={feedback.submit((values) => invite.mutate(values))}>
      <Stack gap="md">
        <Text size="sm">{t('inviteIntro')}</Text>
        <FormAlert {...feedback.alert} />
        <TextInput
          label={t('email')}
          type="email"
          autoComplete="off"
          data-autofocus
          {...form.register('email')}
          error={fieldError(form.formState.errors.email)}
        />
        <TextInput
          label={t('name')}
          autoComplete="off"
          {...form.register('name')}
          error={fieldError(form.formState.errors.name)}
        />
        <RoleField control={form.control} />
        <DialogActions onCancel={onClose} pending={invite.isPending} gap="sm">
          {t('sendInvitation')}
        </DialogActions>
      </Stack>
    </form>
  );
}

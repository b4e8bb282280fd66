import { Alert, Select, Stack, Text } from '@mantine/core';
import { CreateTeacherBodySchema, type TeacherSummary } from '@portal/shared/staff';
import { FormAlert, fieldError, useFormFeedback } from '@portal/web-kit/forms';
import { browserTimeZone } from '@portal/web-kit/time';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Dialog, DialogActions } from '../../../components/dialog';
import { paths } from '../../../config/paths';
import { i18n } from '../../../lib/i18n';
import { teacherKeys, teachersApi, teacherStaffQuery } from '../api';
import { profileResolver, type ProfileValues } from '../utils/profile-form';
import { ProfileFields } from './profile-fields';

const resolver = profileResolver(CreateTeacherBodySchema, (values) =>
  values.staffId === undefined
    ? { staffId: { type: 'required', message: i18n.t('teachers:create.memberRequired') } }
    : {},
);

interface CreateTeacherDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The profiles there are: their staff members are not offered again. */
  teachers: TeacherSummary[];
}

/**
 * POST /api/ops/teachers: a profile for a staff member with the teacher role who has none. The
 * weekly availability and an uploaded photo follow on the profile's page, opened once created.
 */
export function CreateTeacherDialog({ opened, onClose, teachers }: CreateTeacherDialogProps) {
  const { t } = useTranslation('teachers');
  return (
    <Dialog opened={opened} onClose={onClose} title={t('create.title')}>
      {/* Mounted while open: every profile starts from an empty form. */}
      {opened && <CreateTeacherForm onClose={onClose} teachers={teachers} />}
    </Dialog>
  );
}

function CreateTeacherForm({ onClose, teachers }: Omit<CreateTeacherDialogProps, 'opened'>) {
  const { t } = useTranslation('teachers');
  const client = useQueryClient();
  const navigate = useNavigate();
  const staff = useQuery(teacherStaffQuery());
  const taken = new Set(teachers.map((teacher) => teacher.staffId));
  const candidates = (staff.data?.items ?? []).filter(
    (member) => !taken.has(member.id) && member.status !== 'disabled',
  );
  const form = useForm<ProfileValues>({
    resolver,
    defaultValues: {
      staffId: undefined,
      nameEn: '',
      nameZh: '',
      photo: 'preset:1',
      subjectIds: [],
      timeZone: browserTimeZone() ?? 'UTC',
      availability: [],
    },
  });
  const feedback = useFormFeedback(form, {
    order: ['staffId', 'nameEn', 'nameZh', 'photo', 'subjectIds', 'timeZone'],
    fieldMessages: {
      teachersStaffUnknown: 'staffId',
      teachersStaffNotTeacher: 'staffId',
      teachersStaffHasProfile: 'staffId',
      teachersNameEmpty: 'nameEn',
      teachersNameTooLong: 'nameEn',
      teachersPhotoInvalid: 'photo',
      teachersSubjectUnknown: 'subjectIds',
      teachersTimeZoneInvalid: 'timeZone',
    },
  });
  const create = useMutation({
    mutationFn: teachersApi.create,
    onSuccess: async (created) => {
      feedback.onSuccess(t('create.created', { name: created.nameEn }));
      await client.invalidateQueries({ queryKey: teacherKeys.all });
      onClose();
      void navigate(paths.teacherOf(created.teacherSn));
    },
    onError: feedback.onError,
  });

  if (staff.isSuccess && candidates.length === 0)
    return (
      <Stack gap="md">
        <Alert color="gray" variant="light">
          {t('create.noMembers')}
        </Alert>
        <DialogActions onCancel={onClose} pending={false} submitProps={{ disabled: true }}>
          {t('create.submit')}
        </DialogActions>
      </Stack>
    );

  return (
    <form
      noValidate
      aria-describedby={feedback.alert.message ? feedback.alert.id : undefined}
      onSubmit={feedback.submit(({ staffId, nameEn, nameZh, photo, subjectIds, timeZone }) => {
        if (staffId === undefined || create.isPending) return;
        create.mutate({ staffId, nameEn, nameZh, photo, subjectIds, timeZone, availability: [] });
      })}
    >
      <Stack gap="md">
        <Text size="sm">{t('create.intro')}</Text>
        <FormAlert {...feedback.alert} />
        <Controller
          control={form.control}
          name="staffId"
          render={({ field }) => (
            <Select
              label={t('create.member')}
              data={candidates.map((member) => ({
                value: String(member.id),
                label: `${member.name} (${member.email})`,
              }))}
              value={field.value === undefined ? null : String(field.value)}
              onChange={(id) => {
                field.onChange(id === null ? undefined : Number(id));
                // The staff name is a good start for the English display name.
                const member = candidates.find((candidate) => String(candidate.id) === id);
                if (member && !form.getValues('nameEn')) form.setValue('nameEn', member.name);
              }}
              onBlur={field.onBlur}
              ref={field.ref}
              searchable
              data-autofocus
              disabled={!staff.isSuccess}
              error={
                fieldError(form.formState.errors.staffId) ??
                (staff.isError ? t('create.membersFailed') : undefined)
              }
            />
          )}
        />
        <ProfileFields form={form} uploadedPhotoUrl={null} withAvailability={false} />
        <DialogActions onCancel={onClose} pending={create.isPending}>
          {t('create.submit')}
        </DialogActions>
      </Stack>
    </form>
  );
}

import { TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { NICKNAME_MAX_LENGTH, nicknameLength } from '@portal/shared/children';
import {
  UpdateFamilyChildBodySchema,
  type FamilyChild,
  type UpdateFamilyChildBodyInput,
} from '@portal/shared/staff';
import { fieldError, useFormFeedback } from '@portal/web-kit/forms';
import { DATE_FORMATS } from '@portal/web-kit/time';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogActions } from '../../../components/dialog';
import { currentLanguage } from '../../../lib/i18n';
import { applyFamilyWrite, familiesApi } from '../api';
import { resolverResult } from '../utils/resolver-result';
import { AvatarPicker } from './avatar-picker';
import { DialogForm } from './dialog-form';

interface ChildValues {
  nickname: string;
  /** YYYY-MM-DD, or null when not chosen. */
  birthday: string | null;
  /** The avatar option's id, or null when the child has none. */
  avatar: number | null;
}

/** The fields that differ from the child as loaded: only those are sent (and audited). */
export function childChanges(child: FamilyChild, values: ChildValues): UpdateFamilyChildBodyInput {
  const changes: UpdateFamilyChildBodyInput = {};
  if (values.nickname.trim() !== child.nickname) changes.nickname = values.nickname;
  if (values.birthday !== child.birthday) changes.birthday = values.birthday ?? '';
  if (values.avatar !== null && values.avatar !== child.avatarId) changes.avatar = values.avatar;
  return changes;
}

/** The parents' child rules (the route's schema); the birthday's "before today" is the server's. */
const resolverFor =
  (child: FamilyChild): Resolver<ChildValues> =>
  (values) => {
    const changes = childChanges(child, values);
    if (Object.keys(changes).length === 0) return { values, errors: {} };
    const result = UpdateFamilyChildBodySchema.safeParse(changes);
    const errors: FieldErrors<ChildValues> = {};
    if (changes.birthday === '')
      errors.birthday = { type: 'validation', message: 'selectBirthday' };
    return resolverResult(values, result.success ? [] : result.error.issues, { errors });
  };

interface EditChildDialogProps {
  userSn: string;
  /** The child being edited; the dialog is closed without one. */
  child: FamilyChild | null;
  onClose: () => void;
}

/** A child's name, birthday and avatar, with the parents' own rules and messages (`families.write`). */
export function EditChildDialog({ userSn, child, onClose }: EditChildDialogProps) {
  const { t } = useTranslation('families');
  return (
    <Dialog
      opened={child !== null}
      onClose={onClose}
      title={child ? t('editChild.title', { name: child.nickname }) : ''}
    >
      {child && (
        <EditChildForm key={child.studentSn} userSn={userSn} child={child} onDone={onClose} />
      )}
    </Dialog>
  );
}

function EditChildForm({
  userSn,
  child,
  onDone,
}: {
  userSn: string;
  child: FamilyChild;
  onDone: () => void;
}) {
  const { t } = useTranslation('families');
  const language = currentLanguage();
  const client = useQueryClient();
  const form = useForm<ChildValues>({
    resolver: resolverFor(child),
    defaultValues: { nickname: child.nickname, birthday: child.birthday, avatar: child.avatarId },
  });
  const feedback = useFormFeedback(form, {
    order: ['nickname', 'birthday', 'avatar'],
    fieldMessages: {
      selectName: 'nickname',
      nicknameTooLong: 'nickname',
      selectBirthday: 'birthday',
      birthdayInFuture: 'birthday',
      selectAvatar: 'avatar',
    },
  });
  const save = useMutation({
    mutationFn: (changes: UpdateFamilyChildBodyInput) =>
      familiesApi.updateChild(userSn, child.studentSn, changes),
    onSuccess: (saved) => {
      applyFamilyWrite(client, userSn, (detail) => ({
        ...detail,
        children: detail.children.map((c) => (c.studentSn === saved.studentSn ? saved : c)),
      }));
      feedback.onSuccess(t('editChild.saved'));
      onDone();
    },
    onError: feedback.onError,
  });
  const { errors } = form.formState;
  const nameLength = nicknameLength(useWatch({ control: form.control, name: 'nickname' }));

  return (
    <DialogForm
      alert={feedback.alert}
      onSubmit={feedback.submit((values) => {
        const changes = childChanges(child, values);
        if (Object.keys(changes).length === 0) return onDone();
        if (!save.isPending) save.mutate(changes);
      })}
    >
      <TextInput
        label={t('editChild.nickname')}
        {...form.register('nickname')}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        description={t('editChild.nameCount', { count: nameLength, max: NICKNAME_MAX_LENGTH })}
        descriptionProps={{ c: nameLength > NICKNAME_MAX_LENGTH ? 'red.8' : 'gray.7' }}
        error={fieldError(errors.nickname)}
        data-autofocus
      />
      <Controller
        control={form.control}
        name="birthday"
        render={({ field }) => (
          <DatePickerInput
            label={t('editChild.birthday')}
            placeholder={t('editChild.birthdayPlaceholder')}
            valueFormat={DATE_FORMATS[language].birthday}
            value={field.value}
            onChange={(value) => field.onChange(value ? dayjs(value).format('YYYY-MM-DD') : null)}
            onBlur={field.onBlur}
            ref={field.ref}
            maxDate={dayjs().subtract(1, 'day').format('YYYY-MM-DD')}
            defaultDate={field.value ?? dayjs().subtract(6, 'year').format('YYYY-MM-DD')}
            error={fieldError(errors.birthday)}
          />
        )}
      />
      <Controller
        control={form.control}
        name="avatar"
        render={({ field }) => (
          <AvatarPicker
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            focusRef={field.ref}
            error={fieldError(errors.avatar)}
          />
        )}
      />
      <DialogActions onCancel={onDone} pending={save.isPending}>
        {t('save', { ns: 'common' })}
      </DialogActions>
    </DialogForm>
  );
}

import {
  Avatar,
  Button,
  Container,
  Group,
  Input,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/SimpleGrid.css';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useDisclosure } from '@mantine/hooks';
import { modals, ModalsProvider } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ChildFieldsSchema,
  NICKNAME_MAX_LENGTH,
  nicknameLength,
  parseBirthDate,
  type Child,
} from '@portal/shared/children';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { loadFailure, LoadFailed } from '@portal/web-kit/list-state';
import { PageLoader, useDocumentTitle } from '@portal/web-kit/page';
import { paths } from '../../../config/paths';
import { completeOnboarding } from '../../../lib/account';
import { currentLanguage, messageText } from '../../../lib/i18n';
import { notify } from '@portal/web-kit/notify';
import { DATE_FORMATS } from '@portal/web-kit/time';
import { profileQueryOptions } from '../../../api/profile';
import { avatarsQueryOptions, childrenApi, childrenQueryOptions } from '../api/children-api';
import { DeleteChildDialog } from './delete-child-dialog';

/** Spec §4: a confirmed action proceeds after 1 s. */
const CONFIRM_DELAY_MS = 1000;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The `student_sn` inside a legacy `edit={JSON child}` link (spec §2), if there is one. */
export function legacyStudentSn(raw: string | null): string | undefined {
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    const sn = (parsed as { student_sn?: unknown } | null)?.student_sn;
    return typeof sn === 'string' && sn.trim() ? sn.trim() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `/add`: add a child, or edit one named by `student_sn` (issue #19: the child's name, birthday
 * and avatar no longer ride in the URL and the browser history). A legacy `edit={JSON}` link
 * still opens: it is replaced by its `student_sn` at once. Saving and deleting lead back to the
 * one children list (`addChildren`), or to the picker while onboarding (status 0); a new child
 * completes onboarding (spec §4). `firstChild` is `/sinadd`, the first child of a new account.
 */
export function ChildFormPage({ firstChild = false }: { firstChild?: boolean }) {
  const { t } = useTranslation('children');
  const [params] = useSearchParams();
  const studentSn = params.get('student_sn') ?? undefined;
  const profile = useQuery(profileQueryOptions());
  const children = useQuery({ ...childrenQueryOptions(), enabled: Boolean(studentSn) });
  const back = profile.data?.status === 0 ? paths.onboardingChildren : paths.home.children;

  if (params.has('edit')) {
    const next = new URLSearchParams(params);
    next.delete('edit');
    const legacy = legacyStudentSn(params.get('edit'));
    if (legacy) next.set('student_sn', legacy);
    const query = next.toString();
    return <Navigate to={query ? `${paths.childForm}?${query}` : paths.childForm} replace />;
  }
  const failure = studentSn ? loadFailure(children) : undefined;
  if (studentSn && children.isPending && failure === undefined) return <PageLoader />;
  const child = studentSn ? children.data?.find((c) => c.student_sn === studentSn) : undefined;
  if (studentSn && !child)
    return (
      <Container size={480} py="xl">
        <Paper withBorder radius="lg" p="xl">
          <Title order={1} size="h2" mb="sm">
            {t('editTitle')}
          </Title>
          {failure !== undefined ? (
            <LoadFailed error={failure} text={t('loadFailed')} onRetry={() => children.refetch()} />
          ) : (
            <Text role="alert" mb="md">
              {messageText('childNotFound')}
            </Text>
          )}
          <Button component={Link} to={back} variant="light">
            {t('backToList')}
          </Button>
        </Paper>
      </Container>
    );
  return <ChildForm key={child?.student_sn ?? 'new'} child={child} firstChild={firstChild} />;
}

type FieldName = 'avatar' | 'birth_date' | 'nickname';

function ChildForm({ child, firstChild }: { child: Child | undefined; firstChild: boolean }) {
  const { t } = useTranslation('children');
  const language = currentLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const profile = useQuery(profileQueryOptions());
  const back = profile.data?.status === 0 ? paths.onboardingChildren : paths.home.children;
  const title = child ? t('editTitle') : firstChild ? t('firstTitle') : t('addTitle');
  useDocumentTitle(title);

  const avatars = useQuery(avatarsQueryOptions());
  const [avatarId, setAvatarId] = useState<number | undefined>(child?.id);
  const [nickname, setNickname] = useState(child?.nickname ?? '');
  const [birthday, setBirthday] = useState<string | null>(
    child ? (parseBirthDate(child.birth_date) ?? null) : null,
  );
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [pickerOpen, picker] = useDisclosure(false);
  const [deleteOpen, deleteDialog] = useDisclosure(false);
  const avatarUrl = avatars.data?.data.find((a) => a.id === avatarId)?.url;
  const nameLength = nicknameLength(nickname);
  // The limit shows while typing, not only when saving (issue #19).
  const nameError =
    nameLength > NICKNAME_MAX_LENGTH ? messageText('nicknameTooLong') : errors.nickname;

  const refresh = async () => {
    await queryClient.invalidateQueries(childrenQueryOptions());
    await queryClient.invalidateQueries(profileQueryOptions());
  };
  const save = useMutation({
    mutationFn: async () => {
      const fields = ChildFieldsSchema.safeParse({
        avatar: avatarId,
        birth_date: birthday ? dayjs(birthday).format('M/D/YYYY') : '',
        nickname,
      });
      if (!fields.success) {
        const found: Partial<Record<FieldName, string>> = {};
        for (const issue of fields.error.issues) {
          const name = issue.path[0] as FieldName;
          found[name] ??= messageText(issue.message);
        }
        setErrors(found);
        // Spec §8: the first message (avatar, birthday, name) is also a toast.
        notify('yellow', messageText(fields.error.issues[0]?.message ?? 'selectName'));
        return false;
      }
      if (child) {
        await childrenApi.edit(child.student_sn, fields.data);
        return back;
      }
      // Whether this child completes onboarding is read before saving it, from the profile the
      // form opened with: a profile fetched after the save would hold the new child, and
      // /sinadd's guard would leave for the picker before onboarding is completed.
      const { status } = await queryClient.ensureQueryData(profileQueryOptions());
      await childrenApi.add(fields.data);
      if (status !== 0) return paths.home.children;
      try {
        return await completeOnboarding();
      } catch {
        // The child is saved and the toast said why onboarding is not done: back to the picker,
        // never a second save of the same child from this form.
        return paths.onboardingChildren;
      }
    },
    onSuccess: async (next) => {
      if (!next) return;
      await refresh();
      notify('green', t('saved'));
      void navigate(next);
    },
  });

  const leave = () =>
    child
      ? modals.openConfirmModal({
          title: t('confirmLeave'),
          labels: { confirm: t('yes', { ns: 'common' }), cancel: t('no', { ns: 'common' }) },
          onConfirm: () => void wait(CONFIRM_DELAY_MS).then(() => navigate(back)),
        })
      : void navigate(back);

  // The confirmations' provider lives with the only screen that uses them, not in the entry.
  return (
    <ModalsProvider>
      <Container size={480} py="xl">
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          <Title order={1} size="h2" mb={firstChild ? 4 : 'lg'}>
            {title}
          </Title>
          {firstChild && (
            <Text c="dimmed" size="sm" mb="lg">
              {t('firstSubtitle')}
            </Text>
          )}
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              save.mutate();
            }}
          >
            <Stack gap="md">
              <Input.Wrapper
                id="child-avatar"
                label={t('avatar')}
                withAsterisk
                description={t('avatarRequired')}
                error={errors.avatar}
                labelElement="div"
              >
                <Group mt={4}>
                  <Avatar src={avatarUrl} alt="" size={72} />
                  <Button
                    variant="light"
                    onClick={picker.open}
                    aria-describedby={
                      errors.avatar
                        ? 'child-avatar-description child-avatar-error'
                        : 'child-avatar-description'
                    }
                    aria-invalid={Boolean(errors.avatar)}
                  >
                    {avatarId ? t('changeAvatar') : t('chooseAvatar')}
                  </Button>
                </Group>
              </Input.Wrapper>
              <DatePickerInput
                label={t('birthday')}
                withAsterisk
                placeholder={t('birthdayPlaceholder')}
                // The birthday format of the interface language: the spec's MM/DD/YYYY in
                // English (§5), 2018年5月14日 in Chinese. The theme's default is the long date.
                valueFormat={DATE_FORMATS[language].birthday}
                value={birthday}
                error={errors.birth_date}
                onChange={(value) => {
                  setBirthday(value ? dayjs(value).format('YYYY-MM-DD') : null);
                  setErrors((e) => ({ ...e, birth_date: undefined }));
                }}
                maxDate={dayjs().subtract(1, 'day').toDate()}
                defaultDate={birthday ?? dayjs().subtract(6, 'year').format('YYYY-MM-DD')}
              />
              <TextInput
                label={t('name')}
                withAsterisk
                value={nickname}
                // The counter sits under the field, where the eye is while typing.
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                description={t('nameCount', { count: nameLength, max: NICKNAME_MAX_LENGTH })}
                descriptionProps={{
                  c: nameLength > NICKNAME_MAX_LENGTH ? 'red.8' : undefined,
                  'aria-live': 'polite',
                }}
                error={nameError}
                onChange={(event) => {
                  setNickname(event.currentTarget.value);
                  setErrors((e) => ({ ...e, nickname: undefined }));
                }}
              />
              <Button type="submit" loading={save.isPending}>
                {t('save', { ns: 'common' })}
              </Button>
              <Group justify="space-between">
                {!firstChild && (
                  <Button variant="subtle" onClick={leave}>
                    {t('back', { ns: 'common' })}
                  </Button>
                )}
                {child && (
                  <Button variant="subtle" color="red" onClick={deleteDialog.open}>
                    {t('delete')}
                  </Button>
                )}
              </Group>
            </Stack>
          </form>
        </Paper>
      </Container>
      <Modal
        opened={pickerOpen}
        onClose={picker.close}
        title={t('chooseAvatar')}
        closeButtonProps={{ 'aria-label': t('close', { ns: 'common' }) }}
      >
        <SimpleGrid cols={4}>
          {(avatars.data?.data ?? []).map((avatar, index) => (
            <UnstyledButton
              key={avatar.id}
              aria-label={t('avatarN', { n: index + 1 })}
              aria-pressed={avatar.id === avatarId}
              onClick={() => {
                setAvatarId(avatar.id);
                setErrors((e) => ({ ...e, avatar: undefined }));
                picker.close();
              }}
              style={{
                borderRadius: '50%',
                outline:
                  avatar.id === avatarId ? '3px solid var(--mantine-color-brand-6)' : undefined,
              }}
            >
              <Avatar src={avatar.url} alt="" size={64} />
            </UnstyledButton>
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt="sm">
          {t('avatarHint')}
        </Text>
      </Modal>
      {child && (
        <DeleteChildDialog
          child={child}
          opened={deleteOpen}
          onClose={deleteDialog.close}
          onDeleted={async () => {
            // Leave first: this form would show "not found" once the list is refreshed.
            deleteDialog.close();
            notify('green', messageText('deletedSuccessfully'));
            void navigate(back);
            await refresh();
          }}
        />
      )}
    </ModalsProvider>
  );
}

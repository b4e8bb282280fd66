import {
  Avatar,
  Button,
  Container,
  Group,
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
  ChildSchema,
  NICKNAME_MAX_LENGTH,
  parseBirthDate,
  type Child,
} from '@portal/shared/children';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AccountLayout } from '../../../components/layout/account-layout';
import { useDocumentTitle } from '../../../components/use-document-title';
import { paths } from '../../../config/paths';
import { completeOnboarding } from '../../../lib/account';
import { messageText } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { profileQueryOptions } from '../../../lib/profile';
import { avatarsQueryOptions, childrenApi, childrenQueryOptions } from '../api/children-api';

/** Spec §4: a confirmed action proceeds after 1 s. */
const CONFIRM_DELAY_MS = 1000;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function editedChild(raw: string | null): Child | undefined {
  if (!raw) return undefined;
  try {
    const parsed = ChildSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `/add`: add or edit a child (spec §2). `edit` carries the child as JSON; `one=1` means the
 * parent came from the children list, which decides where saving and deleting lead (spec §4).
 * While onboarding (status 0) a new child completes it: the status is set and the parent goes
 * to the lessons (spec §4). `firstChild` is `/sinadd`, the first child of a new account.
 */
export function ChildFormPage({ firstChild = false }: { firstChild?: boolean }) {
  const { t } = useTranslation('children');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const editing = editedChild(params.get('edit'));
  const fromList = params.get('one') === '1';
  const title = editing ? t('editTitle') : firstChild ? t('firstTitle') : t('addTitle');
  useDocumentTitle(title);

  const avatars = useQuery(avatarsQueryOptions());
  const [avatarId, setAvatarId] = useState<number | undefined>(editing?.id);
  const [nickname, setNickname] = useState(editing?.nickname ?? '');
  const [birthday, setBirthday] = useState<string | null>(
    editing ? (parseBirthDate(editing.birth_date) ?? null) : null,
  );
  const [pickerOpen, picker] = useDisclosure(false);
  const avatarUrl = avatars.data?.data.find((a) => a.id === avatarId)?.url;
  const back = fromList ? paths.home.children : paths.onboardingChildren;

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
        notify('yellow', messageText(fields.error.issues[0]?.message ?? 'selectName'));
        return false;
      }
      if (editing) {
        await childrenApi.edit(editing.student_sn, fields.data);
        return back;
      }
      await childrenApi.add(fields.data);
      const profile = await queryClient.fetchQuery(profileQueryOptions());
      if (profile.status !== 0) return back;
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

  const confirm = (message: string, action: () => Promise<void>) =>
    modals.openConfirmModal({
      title: message,
      labels: { confirm: t('yes', { ns: 'common' }), cancel: t('no', { ns: 'common' }) },
      onConfirm: () => void wait(CONFIRM_DELAY_MS).then(action),
    });

  const remove = () =>
    confirm(t('confirmDelete'), async () => {
      if (!editing) return;
      await childrenApi.remove(editing.student_sn);
      await refresh();
      notify('green', messageText('deletedSuccessfully'));
      void navigate(fromList ? paths.allChildren : paths.onboardingChildren);
    });

  const leave = () =>
    editing ? confirm(t('confirmLeave'), async () => void navigate(back)) : void navigate(back);

  // The confirmations' provider lives with the only screen that uses them, not in the entry.
  return (
    <ModalsProvider>
      <AccountLayout>
        <Container size={480} py="xl">
          <Paper withBorder radius="lg" p="xl">
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
                <Group>
                  <Avatar src={avatarUrl} alt="" size={72} />
                  <Button variant="light" onClick={picker.open}>
                    {avatarId ? t('changeAvatar') : t('chooseAvatar')}
                  </Button>
                </Group>
                <DatePickerInput
                  label={t('birthday')}
                  placeholder="MM/DD/YYYY"
                  valueFormat="MM/DD/YYYY"
                  value={birthday}
                  onChange={(value) =>
                    setBirthday(value ? dayjs(value).format('YYYY-MM-DD') : null)
                  }
                  maxDate={dayjs().subtract(1, 'day').toDate()}
                  defaultDate={birthday ?? dayjs().subtract(6, 'year').format('YYYY-MM-DD')}
                />
                <TextInput
                  label={t('name')}
                  value={nickname}
                  maxLength={NICKNAME_MAX_LENGTH}
                  onChange={(event) => setNickname(event.currentTarget.value)}
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
                  {editing && (
                    <Button variant="subtle" color="red" onClick={remove}>
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
      </AccountLayout>
    </ModalsProvider>
  );
}

import {
  Avatar,
  Button,
  Card,
  Container,
  Group,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatBirthDate, parseBirthDate } from '@portal/shared/children';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountLayout } from '../../../components/layout/account-layout';
import { useDocumentTitle } from '../../../components/use-document-title';
import { paths } from '../../../config/paths';
import { AdviserCard } from '../../../components/adviser-card';
import { profileQueryOptions, userInfoQueryOptions } from '../../../lib/profile';
import { childrenApi, childrenQueryOptions } from '../api/children-api';

/** Where the add/edit form sends the parent back (spec §4: one=1 came from this list). */
const formLink = (query: string) => `${paths.childForm}?${query}&one=1`;

/**
 * `addChildren` / `/allChild`: the children as cards; the current child has an orange border and
 * choosing a card makes it current. Past the self-service limit, "add" explains whom to ask on
 * `addChildren`; `/allChild` (`allChildren`) shows the add button only under the limit (spec §2).
 */
export function ChildrenPage({ allChildren = false }: { allChildren?: boolean }) {
  const { t } = useTranslation('children');
  useDocumentTitle(t('title'));
  const queryClient = useQueryClient();
  const children = useQuery(childrenQueryOptions());
  const profile = useQuery(profileQueryOptions());
  const [limitOpen, limitDialog] = useDisclosure(false);
  const userInfo = useQuery({ ...userInfoQueryOptions(), enabled: limitOpen });
  const select = useMutation({
    mutationFn: childrenApi.select,
    onSuccess: () => queryClient.invalidateQueries(profileQueryOptions()),
  });
  const current = profile.data?.last_student_sn;

  return (
    <AccountLayout>
      <Container size="md" py="xl">
        <Group justify="space-between" mb="lg">
          <Title order={1}>{t('title')}</Title>
          {profile.data?.can_add_child === false ? (
            allChildren ? null : (
              <Button onClick={limitDialog.open}>{t('add')}</Button>
            )
          ) : (
            <Button component={Link} to={formLink('add=0')}>
              {t('add')}
            </Button>
          )}
        </Group>
        {children.isPending ? (
          <Skeleton height={120} />
        ) : children.isError ? (
          <Text c="red.8">{t('loadFailed')}</Text>
        ) : children.data.length === 0 ? (
          <Text c="dimmed" role="status">
            {t('empty')}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {children.data.map((child) => {
              const isCurrent = child.student_sn === current;
              return (
                <Card
                  key={child.student_sn}
                  withBorder
                  radius="md"
                  style={
                    isCurrent
                      ? { borderColor: 'var(--mantine-color-brand-6)', borderWidth: 3 }
                      : undefined
                  }
                >
                  <UnstyledButton
                    onClick={() => select.mutate(child.student_sn)}
                    aria-pressed={isCurrent}
                    aria-label={t('makeCurrent', { name: child.nickname })}
                  >
                    <Group wrap="nowrap">
                      <Avatar src={child.avatar} alt="" size="lg" />
                      <Stack gap={2}>
                        <Text fw={700}>{child.nickname}</Text>
                        <Text size="sm" c="dimmed">
                          {t('born', {
                            // Sent M/D/YYYY, shown MM/DD/YYYY (spec §5).
                            date: formatBirthDate(parseBirthDate(child.birth_date) ?? '', true),
                          })}
                        </Text>
                        {isCurrent && (
                          <Text size="xs" c="brand.7" fw={600}>
                            {t('current')}
                          </Text>
                        )}
                      </Stack>
                    </Group>
                  </UnstyledButton>
                  <Button
                    component={Link}
                    to={formLink(`edit=${encodeURIComponent(JSON.stringify(child))}`)}
                    variant="light"
                    size="xs"
                    mt="md"
                    aria-label={t('editNamed', { name: child.nickname })}
                  >
                    {t('edit')}
                  </Button>
                </Card>
              );
            })}
          </SimpleGrid>
        )}
      </Container>
      <Modal
        opened={limitOpen}
        onClose={limitDialog.close}
        title={t('limitTitle')}
        closeButtonProps={{ 'aria-label': t('close', { ns: 'common' }) }}
      >
        <Text mb="md">{t('limitText', { count: profile.data?.child_limit ?? 3 })}</Text>
        {userInfo.data?.salesperson_info && (
          <AdviserCard adviser={userInfo.data.salesperson_info} />
        )}
      </Modal>
    </AccountLayout>
  );
}

/** `/allChild` (spec §2): the list with edit buttons; "add" only under the limit. */
export function AllChildrenPage() {
  return <ChildrenPage allChildren />;
}

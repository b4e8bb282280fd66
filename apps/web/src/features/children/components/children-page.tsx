import {
  Avatar,
  Button,
  Card,
  Container,
  Group,
  Modal,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Card.css';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_CHILDREN } from '@portal/shared/children';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { useDocumentTitle } from '@portal/web-kit/page';
import { paths } from '../../../config/paths';
import { AdviserCard } from '../../../components/adviser-card';
import { profileQueryOptions, userInfoQueryOptions } from '../../../api/profile';
import { formatDate } from '@portal/web-kit/time';
import { childrenApi, childrenQueryOptions } from '../api/children-api';
import { ChildGrid } from './child-grid';

/**
 * `addChildren`: the one children list (issue #19), where adding, editing and deleting return.
 * The children as cards; the current child has an orange border and choosing a card makes it
 * current. The rule of the limit is said before it bites; past it, "add" explains whom to ask.
 */
export function ChildrenPage() {
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
  // Spec §9: "add" is hidden at 6; below that, past the parent's own limit it explains whom to ask.
  const addButton =
    (children.data?.length ?? 0) >= MAX_CHILDREN ? null : profile.data?.can_add_child === false ? (
      <Button onClick={limitDialog.open}>{t('add')}</Button>
    ) : (
      <Button component={Link} to={`${paths.childForm}?add=0&one=1`}>
        {t('add')}
      </Button>
    );

  return (
    <>
      <Container size="md" py="xl">
        <Group justify="space-between" mb="lg">
          <Title order={1}>{t('title')}</Title>
          {addButton}
        </Group>
        {profile.data && children.data && (
          <Text size="sm" c="dimmed" mt={-8} mb="lg">
            {profile.data.child_limit >= MAX_CHILDREN
              ? t('limitRuleMax', { added: children.data.length, count: MAX_CHILDREN })
              : t('limitRule', {
                  added: children.data.length,
                  count: profile.data.child_limit,
                  max: MAX_CHILDREN,
                })}
          </Text>
        )}
        <ChildGrid query={children} loadingHeight={120}>
          {(child) => {
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
                          // Sent M/D/YYYY; shown MM/DD/YYYY in English (spec §5), 2020年10月26日 in Chinese.
                          date: formatDate(child.birth_date, 'birthday'),
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
                  to={paths.editChild(child.student_sn)}
                  variant="light"
                  size="xs"
                  mt="md"
                  aria-label={t('editNamed', { name: child.nickname })}
                >
                  {t('edit')}
                </Button>
              </Card>
            );
          }}
        </ChildGrid>
      </Container>
      <Modal
        opened={limitOpen}
        onClose={limitDialog.close}
        title={t('limitTitle')}
        closeButtonProps={{ 'aria-label': t('close', { ns: 'common' }) }}
      >
        <Text mb="md">
          {t('limitText', { count: profile.data?.child_limit ?? 3, max: MAX_CHILDREN })}
        </Text>
        {userInfo.data?.salesperson_info && (
          <AdviserCard adviser={userInfo.data.salesperson_info} />
        )}
      </Modal>
    </>
  );
}

/**
 * `/allChild` (spec §2) still opens, as the one children list: one page, so an action never
 * lands the parent on a different-looking list than the one they came from (issue #19).
 */
export function AllChildrenPage() {
  const { search } = useLocation();
  return <Navigate to={`${paths.home.children}${search}`} replace />;
}

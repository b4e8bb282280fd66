import {
  Badge,
  Button,
  Card,
  Group,
  List,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffSession } from '@portal/shared/staff';
import { ListState } from '@portal/web-kit/list-state';
import { notify } from '@portal/web-kit/notify';
import { useDocumentTitle } from '@portal/web-kit/page';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { signOut } from '../../../lib/sign-out';
import { useMe } from '../../../lib/use-me';
import { describeUserAgent } from '../../../lib/user-agent';
import { mySessionsQuery, revokeMySession } from '../api';

/** "My account": who the member is, what their role can do, and their live sessions. */
export function AccountPage() {
  const { t } = useTranslation('account');
  const { t: common } = useTranslation();
  const { me } = useMe();
  useDocumentTitle(t('title'));
  return (
    <Stack gap="lg" maw={1100}>
      <Title order={1}>{t('title')}</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder padding="lg" radius="md">
          <Title order={2} size="h4" mb="sm">
            {t('profile')}
          </Title>
          <Table variant="vertical" layout="fixed" withRowBorders={false}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={140}>{t('name')}</Table.Th>
                <Table.Td>{me.name}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('email')}</Table.Th>
                <Table.Td>{me.email}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('role')}</Table.Th>
                <Table.Td>
                  <Badge variant="light" radius="sm">
                    {common(`roles.${me.role}`)}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Card>
        <Card withBorder padding="lg" radius="md">
          <Title order={2} size="h4" mb="sm">
            {t('permissionsTitle')}
          </Title>
          <List size="sm" spacing={4}>
            {me.permissions.map((permission) => (
              <List.Item key={permission}>{t(`permissions.${permission}`)}</List.Item>
            ))}
          </List>
        </Card>
      </SimpleGrid>
      <MySessions />
    </Stack>
  );
}

function MySessions() {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const sessions = useQuery(mySessionsQuery());
  const revoke = useMutation({
    mutationFn: (session: StaffSession) => revokeMySession(session.id),
    onSuccess: async (_data, session) => {
      // Signing out this browser's own session is signing out.
      if (session.current) return signOut();
      notify('green', t('revoked'));
      await queryClient.invalidateQueries({ queryKey: mySessionsQuery().queryKey });
    },
  });
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        {t('sessionsTitle')}
      </Title>
      <Text size="sm" c="gray.7">
        {t('sessionsIntro')}
      </Text>
      <ListState query={sessions}>
        {({ items }) => (
          <Table.ScrollContainer minWidth={760}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('device')}</Table.Th>
                  <Table.Th>{t('ip')}</Table.Th>
                  <Table.Th>{t('signedInAt')}</Table.Th>
                  <Table.Th>{t('lastSeen')}</Table.Th>
                  <Table.Th>{t('expires')}</Table.Th>
                  <Table.Th aria-label={t('revoke')} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((session) => {
                  const device = describeUserAgent(session.userAgent) || t('unknownDevice');
                  return (
                    <Table.Tr key={session.id}>
                      <Table.Td title={session.userAgent ?? undefined}>
                        <Group gap="xs" wrap="nowrap">
                          <Text size="sm">{device}</Text>
                          {session.current && (
                            <Badge size="sm" variant="dot" color="green" radius="sm">
                              {t('thisBrowser')}
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>{session.ip ?? ''}</Table.Td>
                      <Table.Td>{formatDateTime(session.createdAt)}</Table.Td>
                      <Table.Td>{formatDateTime(session.lastSeenAt)}</Table.Td>
                      <Table.Td>{formatDateTime(session.expiresAt)}</Table.Td>
                      <Table.Td ta="right">
                        <Button
                          size="compact-sm"
                          variant="default"
                          aria-label={t('revokeNamed', { device })}
                          loading={revoke.isPending && revoke.variables?.id === session.id}
                          onClick={() => revoke.mutate(session)}
                        >
                          {t('revoke')}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ListState>
    </Stack>
  );
}

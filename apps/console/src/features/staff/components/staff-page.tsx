import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import {
  StaffRoleSchema,
  StaffStatusSchema,
  type StaffStatus,
  type StaffSummary,
} from '@portal/shared/staff';
import { ListState } from '@portal/web-kit/list-state';
import { useDocumentTitle } from '@portal/web-kit/page';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useTableTexts } from '../../../components/use-table-texts';
import { formatDateTime } from '../../../lib/format';
import { useMe } from '../../../lib/use-me';
import { STAFF_PAGE_SIZE, staffListQuery, type StaffListParams } from '../api';
import { EditDialog } from './edit-dialog';
import { InviteDialog } from './invite-dialog';
import { MemberActionDialog, type MemberAction } from './member-action-dialog';
import { useStaffOptions } from './role-options';

/** The dot's colour; the text stays dark (light badges' coloured text is under 4.5:1). */
const STATUS_COLOR: Record<StaffStatus, string> = {
  invited: 'blue',
  active: 'green',
  disabled: 'gray',
};

/** The list's filters and page from the URL (`?q=&role=&status=&page=`); wrong values are ignored. */
function paramsOf(search: URLSearchParams): StaffListParams {
  const page = Number(search.get('page'));
  return {
    q: search.get('q')?.trim() || undefined,
    role: StaffRoleSchema.safeParse(search.get('role')).data,
    status: StaffStatusSchema.safeParse(search.get('status')).data,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/**
 * Staff management (admins, `staff.manage`): the members, filtered and paged by the server, the
 * invitation, a change of name or role, disabling and enabling, and a second-factor reset.
 */
export function StaffPage() {
  const { t } = useTranslation('staff');
  const { t: common } = useTranslation();
  useDocumentTitle(t('title'));
  const { me } = useMe();
  const { roles, statuses } = useStaffOptions();
  const tableTexts = useTableTexts();
  const [search, setSearch] = useSearchParams();
  const params = paramsOf(search);
  const list = useQuery(staffListQuery(params));
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<StaffSummary | null>(null);
  const [acting, setActing] = useState<{ action: MemberAction; member: StaffSummary } | null>(null);
  const [typed, setTyped] = useState(params.q ?? '');

  /** A new filter starts again at page 1. */
  const setFilter = (name: 'q' | 'role' | 'status', value: string | null) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  const searchFor = useDebouncedCallback((value: string) => setFilter('q', value.trim()), 300);
  const setPage = (page: number) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      next.set('page', String(page));
      return next;
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>{t('title')}</Title>
          <Text size="sm" c="gray.7">
            {t('intro')}
          </Text>
        </Stack>
        <Button onClick={() => setInviting(true)}>{t('invite')}</Button>
      </Group>
      <Group gap="sm" align="flex-end">
        <TextInput
          label={t('search')}
          placeholder={t('searchPlaceholder')}
          type="search"
          value={typed}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            searchFor(event.currentTarget.value);
          }}
          w={260}
        />
        <Select
          label={t('role')}
          placeholder={t('anyRole')}
          data={roles}
          value={params.role ?? null}
          onChange={(value) => setFilter('role', value)}
          clearable
          w={180}
        />
        <Select
          label={t('status')}
          placeholder={t('anyStatus')}
          data={statuses}
          value={params.status ?? null}
          onChange={(value) => setFilter('status', value)}
          clearable
          w={180}
        />
      </Group>
      <ListState query={list}>
        {(data) => (
          <DataTable<StaffSummary>
            {...tableTexts}
            withTableBorder
            borderRadius="md"
            striped
            highlightOnHover
            minHeight={data.items.length ? undefined : 180}
            verticalSpacing="sm"
            fetching={list.isFetching}
            records={data.items}
            totalRecords={data.total}
            recordsPerPage={STAFF_PAGE_SIZE}
            page={params.page}
            onPageChange={setPage}
            idAccessor="id"
            pinLastColumn
            columns={[
              {
                accessor: 'name',
                title: t('member'),
                render: (member) => (
                  <Stack gap={0}>
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" fw={600}>
                        {member.name}
                      </Text>
                      {member.id === me.id && (
                        <Badge size="xs" variant="outline" color="gray" miw="max-content">
                          {t('you')}
                        </Badge>
                      )}
                    </Group>
                    <Text size="xs" c="gray.7">
                      {member.email}
                    </Text>
                  </Stack>
                ),
              },
              {
                accessor: 'role',
                title: t('role'),
                render: (member) => common(`roles.${member.role}`),
              },
              {
                accessor: 'status',
                title: t('status'),
                noWrap: true,
                render: (member) => (
                  <Badge
                    variant="dot"
                    radius="sm"
                    color={STATUS_COLOR[member.status]}
                    miw="max-content"
                  >
                    {t(`statuses.${member.status}`)}
                  </Badge>
                ),
              },
              {
                accessor: 'secondFactor',
                title: t('secondFactor'),
                render: (member) => (member.secondFactor ? t('enrolled') : t('notEnrolled')),
              },
              {
                accessor: 'lastSignInAt',
                title: t('lastSignIn'),
                render: (member) => formatDateTime(member.lastSignInAt) || common('never'),
              },
              {
                accessor: 'createdAt',
                title: t('added'),
                // Below the desktop width the table keeps what tells members apart.
                visibleMediaQuery: '(min-width: 62em)',
                render: (member) => formatDateTime(member.createdAt),
              },
              {
                accessor: 'actions',
                title: <VisuallyHidden>{t('actions')}</VisuallyHidden>,
                textAlign: 'right',
                width: 56,
                render: (member) => (
                  <MemberMenu
                    member={member}
                    self={member.id === me.id}
                    onEdit={() => setEditing(member)}
                    onAction={(action) => setActing({ action, member })}
                  />
                ),
              },
            ]}
          />
        )}
      </ListState>
      <InviteDialog opened={inviting} onClose={() => setInviting(false)} />
      <EditDialog member={editing} self={editing?.id === me.id} onClose={() => setEditing(null)} />
      <MemberActionDialog target={acting} onClose={() => setActing(null)} />
    </Stack>
  );
}

function MemberMenu({
  member,
  self,
  onEdit,
  onAction,
}: {
  member: StaffSummary;
  self: boolean;
  onEdit: () => void;
  onAction: (action: MemberAction) => void;
}) {
  const { t } = useTranslation('staff');
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('actionsFor', { name: member.name })}
        >
          <span aria-hidden="true">⋯</span>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={onEdit}>{t('edit')}</Menu.Item>
        <Menu.Item onClick={() => onAction('reset')} disabled={member.status !== 'active'}>
          {t('resetSecondFactor')}
        </Menu.Item>
        {member.status === 'disabled' ? (
          <Menu.Item onClick={() => onAction('enable')}>{t('enable')}</Menu.Item>
        ) : (
          <Menu.Item color="red.8" onClick={() => onAction('disable')} disabled={self}>
            {t('disable')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

import { Anchor, Avatar, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { TeacherSummary } from '@portal/shared/staff';
import { ListState } from '@portal/web-kit/list-state';
import { useDocumentTitle } from '@portal/web-kit/page';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { currentLanguage } from '../../../lib/i18n';
import { subjectsQuery, teachersQuery } from '../api';
import { CreateTeacherDialog } from './create-teacher-dialog';
import { StatusBadge } from './status-badge';

/** `/teachers` (`teachers.manage`): every teacher profile; a row opens the teacher's page. */
export function TeachersPage() {
  const { t } = useTranslation('teachers');
  useDocumentTitle(t('title'));
  const navigate = useNavigate();
  const language = currentLanguage();
  const teachers = useQuery(teachersQuery());
  const subjects = useQuery(subjectsQuery());
  const [creating, setCreating] = useState(false);

  const subjectNames = (ids: number[]) => {
    // Without the catalogue (not loaded, or refused) a subject shows as its number.
    const names = ids.map((id) => {
      const subject = subjects.data?.find((candidate) => candidate.id === id);
      if (!subject) return `#${id}`;
      return language === 'zh_CN' ? subject.titleZh : subject.titleEn;
    });
    return names.length ? names.join(language === 'zh_CN' ? '、' : ', ') : t('noSubjects');
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>{t('title')}</Title>
          <Text size="sm" c="gray.7">
            {t('intro')}
          </Text>
        </Stack>
        <Button onClick={() => setCreating(true)} disabled={!teachers.data}>
          {t('add')}
        </Button>
      </Group>
      <ListState query={teachers}>
        {(data) => (
          <DataTable<TeacherSummary>
            withTableBorder
            borderRadius="md"
            striped
            highlightOnHover
            minHeight={data.teachers.length ? undefined : 180}
            verticalSpacing="sm"
            fetching={teachers.isFetching}
            records={data.teachers}
            // Mantine's own empty state writes in a grey under 4.5:1 on white (axe).
            emptyState={
              <Text size="sm" c="gray.7">
                {t('empty')}
              </Text>
            }
            idAccessor="teacherSn"
            onRowClick={({ record }) => void navigate(paths.teacherOf(record.teacherSn))}
            columns={[
              {
                accessor: 'nameEn',
                title: t('teacher'),
                render: (teacher) => (
                  <Group gap="sm" wrap="nowrap">
                    <Avatar src={teacher.photoUrl} alt="" size={40} />
                    <Stack gap={0}>
                      <Anchor
                        component={Link}
                        to={paths.teacherOf(teacher.teacherSn)}
                        size="sm"
                        fw={600}
                        aria-label={t('open', { name: teacher.nameEn })}
                        onClick={(event) => event.stopPropagation()}
                      >
                        {teacher.nameEn}
                      </Anchor>
                      <Text size="xs" c="gray.7" lang="zh-CN">
                        {teacher.nameZh}
                      </Text>
                      <Text size="xs" c="gray.7">
                        {teacher.email}
                      </Text>
                    </Stack>
                  </Group>
                ),
              },
              {
                accessor: 'subjectIds',
                title: t('subjects'),
                render: (teacher) => subjectNames(teacher.subjectIds),
              },
              { accessor: 'timeZone', title: t('timeZone') },
              {
                accessor: 'status',
                title: t('status'),
                noWrap: true,
                render: (teacher) => <StatusBadge status={teacher.status} />,
              },
            ]}
          />
        )}
      </ListState>
      <CreateTeacherDialog
        opened={creating}
        onClose={() => setCreating(false)}
        teachers={teachers.data?.teachers ?? []}
      />
    </Stack>
  );
}

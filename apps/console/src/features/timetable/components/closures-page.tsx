import { Alert, Button, Stack, Text } from '@mantine/core';
import type { Closure } from '@portal/shared/staff';
import { useDocumentTitle } from '@portal/web-kit/page';
import { formatDate } from '@portal/web-kit/time';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { closuresQuery } from '../api';
import { ClosureDialog } from './closure-dialog';
import { TimetableHeader } from './timetable-header';

/**
 * `/timetable/closures` (`schedule.manage`): the school's closures (date ranges on the school's
 * calendar, one course or the whole school) and declaring one after a preview.
 */
export function ClosuresPage() {
  const { t } = useTranslation('timetable');
  useDocumentTitle(t('closures.title'));
  const language = currentLanguage();
  const closures = useQuery(closuresQuery());
  const [declaring, setDeclaring] = useState(false);
  const records = closures.data?.closures ?? [];
  return (
    <Stack gap="md">
      <TimetableHeader
        title={t('closures.title')}
        intro={t('closures.intro')}
        action={<Button onClick={() => setDeclaring(true)}>{t('closures.declare')}</Button>}
      />
      {closures.isError && !closures.data ? (
        <Alert color="yellow" variant="light" title={t('closures.failed')}>
          <Button variant="light" onClick={() => void closures.refetch()}>
            {t('retry', { ns: 'common' })}
          </Button>
        </Alert>
      ) : (
        <DataTable<Closure>
          withTableBorder
          borderRadius="md"
          striped
          minHeight={records.length ? undefined : 160}
          verticalSpacing="sm"
          fetching={closures.isFetching && !closures.data}
          records={records}
          noRecordsText={t('closures.none')}
          idAccessor="closureSn"
          columns={[
            {
              accessor: 'startsOn',
              title: t('columns.dates'),
              noWrap: true,
              render: (row) =>
                row.startsOn === row.endsOn
                  ? formatDate(row.startsOn, 'date', language)
                  : t('closures.range', {
                      from: formatDate(row.startsOn, 'date', language),
                      to: formatDate(row.endsOn, 'date', language),
                    }),
            },
            {
              accessor: 'courseTitle',
              title: t('columns.scope'),
              render: (row) => row.courseTitle ?? t('closures.wholeSchool'),
            },
            {
              accessor: 'reasonEn',
              title: t('columns.reason'),
              render: (row) => (
                <Stack gap={0}>
                  <Text size="sm" lang="en">
                    {row.reasonEn}
                  </Text>
                  <Text size="sm" lang="zh-CN">
                    {row.reasonZh}
                  </Text>
                </Stack>
              ),
            },
            {
              accessor: 'lessonsCancelled',
              title: t('columns.lessonsCancelled'),
              textAlign: 'right',
            },
          ]}
        />
      )}
      <ClosureDialog opened={declaring} onClose={() => setDeclaring(false)} />
    </Stack>
  );
}

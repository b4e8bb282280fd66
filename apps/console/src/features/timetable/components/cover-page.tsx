import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import type { CoverClass } from '@portal/shared/staff';
import { FormAlert, useFormFeedback } from '@portal/web-kit/forms';
import { useDocumentTitle } from '@portal/web-kit/page';
import { timeDiff, timeZoneLabel } from '@portal/web-kit/time';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { afterLessonChange, coverQuery, timetableApi } from '../api';
import { formatClassTime } from '../utils/dates';
import { useCoverSearch } from '../utils/search-params';
import { TeacherSelect } from './pickers';
import { TimetableHeader } from './timetable-header';

/** The teachers offered for every class at once: those who are a candidate for each. */
function commonCandidates(classes: readonly CoverClass[]) {
  const [first, ...rest] = classes;
  if (!first) return [];
  return first.candidates.filter((candidate) =>
    rest.every((row) => row.candidates.some((one) => one.teacherSn === candidate.teacherSn)),
  );
}

/**
 * `/timetable/cover` (`schedule.manage`): a teacher's classes that fall in their time off and
 * have no substitute yet, each with the teachers who could take it (teach the subject, are
 * available then, not off, not busy); assign one class or all of them at once.
 */
export function CoverPage() {
  const { t } = useTranslation('timetable');
  useDocumentTitle(t('cover.title'));
  const language = currentLanguage();
  const client = useQueryClient();
  const { query, update } = useCoverSearch();
  const teacherSn = query.teacherSn ?? '';
  const cover = useQuery({ ...coverQuery(teacherSn), enabled: teacherSn !== '' });
  const classes = cover.data?.classes ?? [];
  const [picks, setPicks] = useState<Record<string, string>>({});
  const [everyone, setEveryone] = useState<string | null>(null);
  const form = useForm();
  const feedback = useFormFeedback(form, { order: [] });
  const assign = useMutation({
    mutationFn: (body: { substituteSn: string; lessonSns?: string[] }) =>
      timetableApi.cover({ teacherSn, ...body }),
    onSuccess: (answer, body) => {
      feedback.onSuccess(t('cover.done', { count: answer.lessonsCovered }));
      const covered = body.lessonSns
        ? classes.filter((row) => body.lessonSns!.includes(row.lessonSn))
        : classes;
      afterLessonChange(
        client,
        covered.flatMap((row) => row.children.map((child) => child.userSn)),
      );
      setEveryone(null);
    },
    onError: feedback.onError,
  });
  const common = commonCandidates(classes);

  return (
    <Stack gap="md">
      <TimetableHeader
        title={t('cover.title')}
        intro={t('cover.intro', { zone: timeZoneLabel(timeDiff()) })}
      />
      <TeacherSelect
        label={t('cover.teacher')}
        placeholder={t('cover.teacherPlaceholder')}
        value={teacherSn || null}
        onChange={(value) => {
          setPicks({});
          update({ teacherSn: value ?? undefined });
        }}
        w={280}
      />
      <FormAlert {...feedback.alert} />
      {teacherSn === '' ? (
        <Text size="sm" c="gray.7">
          {t('cover.pickTeacher')}
        </Text>
      ) : cover.isError && !cover.data ? (
        <Alert color="yellow" variant="light" title={t('cover.failed')}>
          <Button variant="light" onClick={() => void cover.refetch()}>
            {t('retry', { ns: 'common' })}
          </Button>
        </Alert>
      ) : (
        <>
          {classes.length > 0 && (
            <Group align="flex-end" gap="xs">
              <Select
                label={t('cover.allLabel', { count: classes.length })}
                placeholder={common.length ? t('cover.substitutePlaceholder') : t('cover.noCommon')}
                disabled={common.length === 0}
                data={common.map((one) => ({ value: one.teacherSn, label: one.name }))}
                value={everyone}
                onChange={setEveryone}
                w={280}
              />
              <Button
                disabled={!everyone}
                loading={assign.isPending && !assign.variables?.lessonSns}
                onClick={() => everyone && assign.mutate({ substituteSn: everyone })}
              >
                {t('cover.assignAll')}
              </Button>
            </Group>
          )}
          <DataTable<CoverClass>
            withTableBorder
            borderRadius="md"
            striped
            minHeight={classes.length ? undefined : 160}
            verticalSpacing="sm"
            fetching={cover.isFetching}
            records={classes}
            noRecordsText={t('cover.none')}
            idAccessor="lessonSn"
            columns={[
              {
                accessor: 'startsAt',
                title: t('columns.when'),
                noWrap: true,
                render: (row) => formatClassTime(row.startsAt, row.endsAt, language),
              },
              { accessor: 'courseTitle', title: t('columns.course') },
              {
                accessor: 'children',
                title: t('columns.children'),
                render: (row) => row.children.map((child) => child.nickname).join(', '),
              },
              {
                accessor: 'candidates',
                title: t('columns.substitute'),
                render: (row) =>
                  row.candidates.length === 0 ? (
                    <Text size="sm" c="gray.7">
                      {t('cover.noCandidate')}
                    </Text>
                  ) : (
                    <Group gap="xs" wrap="nowrap">
                      <Select
                        aria-label={t('cover.substituteFor', {
                          when: formatClassTime(row.startsAt, row.endsAt, language),
                        })}
                        placeholder={t('cover.substitutePlaceholder')}
                        data={row.candidates.map((one) => ({
                          value: one.teacherSn,
                          label: one.name,
                        }))}
                        value={picks[row.lessonSn] ?? null}
                        onChange={(value) =>
                          setPicks((current) => ({ ...current, [row.lessonSn]: value ?? '' }))
                        }
                        w={200}
                        size="xs"
                      />
                      <Button
                        size="compact-sm"
                        variant="light"
                        disabled={!picks[row.lessonSn]}
                        loading={
                          assign.isPending && assign.variables?.lessonSns?.[0] === row.lessonSn
                        }
                        onClick={() =>
                          assign.mutate({
                            substituteSn: picks[row.lessonSn]!,
                            lessonSns: [row.lessonSn],
                          })
                        }
                      >
                        {t('cover.assign')}
                      </Button>
                    </Group>
                  ),
              },
            ]}
          />
        </>
      )}
    </Stack>
  );
}

import { Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { DatesRangeValue } from '@mantine/dates';
import { TeacherFiguresQuerySchema, type TeacherFigures } from '@portal/shared/staff';
import { ListState } from '@portal/web-kit/list-state';
import { formatDate } from '@portal/web-kit/time';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { currentLanguage } from '../../../lib/i18n';
import { LOCALE } from '../../../lib/format';
import { useUrlSearch } from '../../../lib/url-search';
import { teacherFiguresQuery } from '../api';

/**
 * A teacher's figures over a period of school days chosen in the URL (`?from=&to=`; the last 30
 * days without): lessons taught, late starts, cancellations, cover given, average rating.
 */
export function FiguresCard({ teacherSn }: { teacherSn: string }) {
  const { t } = useTranslation('teachers');
  const { query, update } = useUrlSearch(TeacherFiguresQuerySchema);
  const figures = useQuery({
    ...teacherFiguresQuery(teacherSn, query),
    placeholderData: keepPreviousData,
  });
  // The range as picked; the URL changes once both ends are chosen (or both cleared).
  const [range, setRange] = useState<DatesRangeValue<string>>([
    query.from ?? null,
    query.to ?? null,
  ]);

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Stack gap={2}>
            <Title order={2} size="h3">
              {t('figures.title')}
            </Title>
            {figures.data && (
              <Text size="sm" c="gray.7">
                {t('figures.range', {
                  from: formatDate(figures.data.from),
                  to: formatDate(figures.data.to),
                })}
              </Text>
            )}
          </Stack>
          <DateRangeFilter
            label={t('figures.period')}
            placeholder={t('figures.periodPlaceholder')}
            w={280}
            value={range}
            onChange={setRange}
            onRange={(from, to) => update({ from, to })}
          />
        </Group>
        <ListState
          query={figures}
          loading={<Skeleton height={96} />}
          error={
            <Text size="sm" c="red.8" role="alert">
              {t('figures.failed')}
            </Text>
          }
        >
          {(data) => <FigureGrid figures={data} />}
        </ListState>
      </Stack>
    </Card>
  );
}

function FigureGrid({ figures }: { figures: TeacherFigures }) {
  const { t } = useTranslation('teachers');
  const number = new Intl.NumberFormat(LOCALE[currentLanguage()], { maximumFractionDigits: 1 });
  const rating =
    figures.averageRating === null
      ? { value: '–', hint: t('figures.noRatings') }
      : {
          value: t('figures.rating', { value: number.format(figures.averageRating) }),
          hint: t('figures.ratings', { count: figures.ratings }),
        };
  const items = [
    { label: t('figures.taught'), value: number.format(figures.taught) },
    {
      label: t('figures.lateStarts'),
      value: number.format(figures.lateStarts),
      hint: t('figures.lateHint'),
    },
    {
      label: t('figures.cancellations'),
      value: number.format(figures.cancellations),
      hint: [
        t('figures.cancellationsHint'),
        ...Object.entries(figures.cancellationsByReason).map(([reason, count]) =>
          t('figures.byReason', {
            reason: t(`figures.reasons.${reason}`, { defaultValue: reason }),
            n: number.format(count),
          }),
        ),
      ].join(' · '),
    },
    {
      label: t('figures.coverGiven'),
      value: number.format(figures.coverGiven),
      hint: t('figures.coverHint'),
    },
    { label: t('figures.averageRating'), ...rating },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" component="dl" m={0}>
      {items.map((item) => (
        <Paper key={item.label} withBorder radius="md" p="sm">
          <Text component="dt" size="sm" c="gray.7">
            {item.label}
          </Text>
          <Text component="dd" m={0} fw={700} fz="xl">
            {item.value}
          </Text>
          {item.hint && (
            <Text component="dd" m={0} size="xs" c="gray.7">
              {item.hint}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}

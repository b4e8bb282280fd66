import { Chip, Group, Select, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Chip.css';
import { useQuery } from '@tanstack/react-query';
import { FREQUENCIES, WEEKDAY_IDS } from '@portal/shared/catalogue';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { scheduleQueryOptions } from '../api/catalogue-api';
import type { ScheduleUrlState } from '../hooks/use-schedule-filters';
import { timeDiff as browserTimeDiff } from '@portal/web-kit/time';

/** Subject, level group, weekdays (multi) and frequency (spec §5 Schedule filters). */
export function ScheduleFilterControls({
  state,
  onChange,
}: {
  state: ScheduleUrlState;
  onChange: (changes: Partial<ScheduleUrlState>) => void;
}) {
  const { t } = useTranslation('catalogue');
  const language = currentLanguage();
  // The filter options travel with every schedule answer (`seach`); page 1 without filters is cached.
  const options = useQuery(scheduleQueryOptions({ time_diff: browserTimeDiff() }, 1, language));
  const seach = options.data?.seach;
  const groups = (seach?.level_groups ?? []).filter(
    (g) => !state.subjectId || g.subject_id === state.subjectId,
  );

  return (
    <Stack gap="md">
      <Group grow align="flex-start">
        <Select
          label={t('subject')}
          placeholder={t('all')}
          clearable
          data={(seach?.subjects ?? []).map((s) => ({ value: String(s.id), label: s.title }))}
          value={state.subjectId ? String(state.subjectId) : null}
          onChange={(value) =>
            onChange({ subjectId: value ? Number(value) : undefined, levelGroupId: undefined })
          }
        />
        <Select
          label={t('levelGroup')}
          placeholder={t('all')}
          clearable
          data={groups.map((g) => ({ value: String(g.id), label: g.title }))}
          value={state.levelGroupId ? String(state.levelGroupId) : null}
          onChange={(value) => onChange({ levelGroupId: value ? Number(value) : undefined })}
        />
      </Group>
      <div>
        <Text size="sm" fw={500} mb={6} id="weekday-label">
          {t('weekdays')}
        </Text>
        <Chip.Group
          multiple
          value={state.weekdays.map(String)}
          onChange={(values) => {
            // At least one day stays chosen: an empty choice would read as "all" anyway.
            if (values.length > 0) onChange({ weekdays: values.map(Number) });
          }}
        >
          <Group gap={6} role="group" aria-labelledby="weekday-label">
            {WEEKDAY_IDS.map((day) => (
              <Chip key={day} value={String(day)} size="sm">
                {t(`weekday${day}`)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </div>
      <div>
        <Text size="sm" fw={500} mb={6} id="frequency-label">
          {t('frequency')}
        </Text>
        {/* Chips that wrap, like the weekdays: a segmented control ran past the card on phones. */}
        <Chip.Group
          value={state.frequency ? String(state.frequency) : 'all'}
          onChange={(value) => onChange({ frequency: value === 'all' ? undefined : Number(value) })}
        >
          <Group gap={6} role="radiogroup" aria-labelledby="frequency-label">
            {[
              { value: 'all', label: t('all') },
              ...FREQUENCIES.map((n) => ({ value: String(n), label: t('perWeek', { count: n }) })),
            ].map((option) => (
              <Chip key={option.value} value={option.value} size="sm">
                {option.label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </div>
    </Stack>
  );
}

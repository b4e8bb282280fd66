import { WEEKDAY_IDS } from '@portal/shared/catalogue';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ScheduleFilters } from '../api/catalogue-api';
import { timeDiff as browserTimeDiff } from '@portal/web-kit/time';

export interface ScheduleUrlState {
  subjectId: number | undefined;
  levelGroupId: number | undefined;
  /** Chosen weekdays; all seven when the URL names none (spec §9: all selected by default). */
  weekdays: number[];
  frequency: number | undefined;
  page: number;
}

const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** Filters and page live in the URL (STYLE.md), so a shared link shows the same schedule. */
export function useScheduleFilters() {
  const [params, setParams] = useSearchParams();
  const state: ScheduleUrlState = useMemo(() => {
    const days = params.get('weekdays');
    const weekdays = days
      ? days
          .split(',')
          .map(Number)
          .filter((d) => Number.isInteger(d) && d >= 0 && d <= 6)
      : [...WEEKDAY_IDS];
    return {
      subjectId: positive(params.get('subject')),
      levelGroupId: positive(params.get('group')),
      weekdays,
      frequency: positive(params.get('frequency')),
      page: positive(params.get('page')) ?? 1,
    };
  }, [params]);

  const update = (changes: Partial<ScheduleUrlState>) => {
    const next = { ...state, page: 1, ...changes };
    const search = new URLSearchParams();
    if (next.subjectId) search.set('subject', String(next.subjectId));
    if (next.levelGroupId) search.set('group', String(next.levelGroupId));
    if (next.weekdays.length < 7) search.set('weekdays', next.weekdays.join(','));
    if (next.frequency) search.set('frequency', String(next.frequency));
    if (next.page > 1) search.set('page', String(next.page));
    setParams(search, { replace: true });
  };

  const filters: ScheduleFilters = {
    time_diff: browserTimeDiff(),
    subject_id: state.subjectId,
    level_group_id: state.levelGroupId,
    weekday: state.weekdays.length < 7 ? state.weekdays : undefined,
    frequency: state.frequency,
  };
  return { state, filters, update };
}

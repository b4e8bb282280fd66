import { queryOptions } from '@tanstack/react-query';
import {
  PlanCancelPreviewSchema,
  PlanPausePreviewSchema,
  PlanStateSchema,
} from '@portal/shared/plan-actions';
import { timeDiff } from '@portal/web-kit/time';
import { api } from '../../../lib/api-client';
import { billingKey } from './recharge-query';

/** A member parent cancels at the period's end or pauses the plan (issue #25). */
export const planCancelPreviewQueryOptions = () =>
  queryOptions({
    queryKey: billingKey('plan-cancel-preview'),
    queryFn: ({ signal }) =>
      api.get('/api/planCancelPreview', {
        query: { time_diff: timeDiff() },
        schema: PlanCancelPreviewSchema,
        signal,
      }),
    staleTime: 0,
  });

export const planPausePreviewQueryOptions = (weeks: number) =>
  queryOptions({
    queryKey: billingKey('plan-pause-preview', weeks),
    queryFn: ({ signal }) =>
      api.get('/api/planPausePreview', {
        query: { weeks, time_diff: timeDiff() },
        schema: PlanPausePreviewSchema,
        signal,
      }),
    staleTime: 0,
  });

export const planActionsApi = {
  cancel: () => api.post('/api/planCancel', {}, { schema: PlanStateSchema }),
  pause: (weeks: number) => api.post('/api/planPause', { weeks }, { schema: PlanStateSchema }),
};

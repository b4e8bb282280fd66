import { queryOptions } from '@tanstack/react-query';
import { CalendarFeedLinkSchema, CalendarFeedStatusSchema } from '@portal/shared/calendar';
import { api } from '../../../lib/api-client';

/** `GET /api/calendarFeed`: whether the family has a calendar link, and since when. */
export const calendarFeedQueryOptions = () =>
  queryOptions({
    queryKey: ['calendar-feed'],
    queryFn: ({ signal }) =>
      api.get('/api/calendarFeed', { schema: CalendarFeedStatusSchema, signal }),
  });

export const calendarFeedApi = {
  /** Makes the link, or a new one in place of the old; the answer is the only copy of the URL. */
  create: () => api.post('/api/calendarFeed', {}, { schema: CalendarFeedLinkSchema }),
};

import { z } from 'zod';

export * from './messages';

/**
 * The family's private calendar feed (issue #24): one iCalendar URL per parent, every child's
 * lessons from 4 weeks back to 8 weeks ahead. The URL's token is kept only as a hash, so the
 * full URL can be shown only when it is made (or reset).
 */

/** Weeks of past lessons the feed keeps (a calendar app drops what leaves the feed). */
export const CALENDAR_FEED_WEEKS_BACK = 4;
/** Weeks of coming lessons the feed carries. */
export const CALENDAR_FEED_WEEKS_AHEAD = 8;
/** Minutes before a lesson the feed's alarm rings (the same moment as the SMS reminder). */
export const CALENDAR_FEED_ALARM_MINUTES = 10;

/** `GET /api/calendarFeed`: whether the parent has a link, and since when (ISO instant). */
export const CalendarFeedStatusSchema = z.object({
  active: z.boolean(),
  created_at: z.string().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof CalendarFeedStatusSchema>;

/**
 * `POST /api/calendarFeed`: a new link (replacing any earlier one). `url` is the https feed,
 * `webcal_url` the same address for "Add to calendar"; this answer is the only place they appear.
 */
export const CalendarFeedLinkSchema = z.object({
  url: z.string(),
  webcal_url: z.string(),
  created_at: z.string(),
});
export type CalendarFeedLink = z.infer<typeof CalendarFeedLinkSchema>;

/** `GET /api/calendar/:file`: the file name is `<token>.ics`; anything else is a 404. */
export const CalendarFeedParamsSchema = z.object({
  file: z.string().max(200),
});

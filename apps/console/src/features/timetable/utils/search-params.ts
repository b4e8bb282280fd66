import { optionalIsoDate } from '@portal/shared/api';
import { FeedbackQuerySchema, LeaveRequestQuerySchema } from '@portal/shared/staff';
import { z } from 'zod';
import { useUrlSearch } from '../../../lib/url-search';

/**
 * The week view's address: `week` (any day of it; the view starts on its Monday, this week when
 * missing), and the course and teacher filters.
 */
export const WeekSearchSchema = z.object({
  week: optionalIsoDate('timetableDateInvalid'),
  courseId: z.coerce.number().int().positive().optional(),
  teacherSn: z.string().trim().min(1).max(40).optional(),
});

export const useWeekSearch = () => useUrlSearch(WeekSearchSchema);

/** The cover screen's address: the teacher whose time off is covered. */
export const CoverSearchSchema = z.object({
  teacherSn: z.string().trim().min(1).max(40).optional(),
});

export const useCoverSearch = () => useUrlSearch(CoverSearchSchema);

/** The leave list's days and page, as the server reads them. */
export const useLeaveSearch = () => useUrlSearch(LeaveRequestQuerySchema);

/** The feedback's filters and page, as the server reads them. */
export const useFeedbackSearch = () => useUrlSearch(FeedbackQuerySchema);

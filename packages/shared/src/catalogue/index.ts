import { z } from 'zod';
import { DB_ID_MAX } from '../api';

export * from './messages';

/** Spec §9: Mon 1 … Sat 6, Sun 0; all selected by default. */
export const WEEKDAY_IDS = [1, 2, 3, 4, 5, 6, 0] as const;
/** Spec §9: lessons per week a course may have; "All" is no filter. */
export const FREQUENCIES = [1, 2, 3] as const;
/** Spec §9: desktop schedule pages hold 10; the phone list loads the next page 300 ms after the end. */
export const SCHEDULE_PAGE_SIZE = 10;
export const MOBILE_NEXT_PAGE_DELAY_MS = 300;

/** Minutes east of UTC (UTC+8 → 480); real offsets lie within −12 h … +14 h. */
export const TimeDiffSchema = z.coerce
  .number({ error: 'timeDiffError' })
  .int('timeDiffError')
  .min(-720, 'timeDiffError')
  .max(840, 'timeDiffError');

const optionalId = z.preprocess(
  (value) => (value === '' || value === null || value === 0 || value === '0' ? undefined : value),
  z.coerce.number().int().positive().max(DB_ID_MAX).optional(),
);

/** POST /api/getCoursesSchedule (spec §7). */
export const CoursesScheduleBodySchema = z.object({
  time_diff: TimeDiffSchema.default(0),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pagesize: z.coerce.number().int().min(1).max(50).default(SCHEDULE_PAGE_SIZE),
  subject_id: optionalId,
  level_group_id: optionalId,
  weekday: z
    .array(
      z.coerce
        .number({ error: 'weekdayError' })
        .int('weekdayError')
        .min(0, 'weekdayError')
        .max(6, 'weekdayError'),
      {
        error: 'weekdayError',
      },
    )
    .max(7, 'weekdayError')
    .optional(),
  /** 0, '' or absent: all frequencies. */
  frequency: z.preprocess(
    (value) =>
      value === '' || value === null || value === 0 || value === '0' || value === 'all'
        ? undefined
        : value,
    z.coerce
      .number({ error: 'frequencyError' })
      .int('frequencyError')
      .refine((n) => (FREQUENCIES as readonly number[]).includes(n), { message: 'frequencyError' })
      .optional(),
  ),
});
export type CoursesScheduleBody = z.infer<typeof CoursesScheduleBodySchema>;

/** Spec §3 Course schedule item; times in the visitor's offset. */
export const CourseScheduleItemSchema = z.object({
  course_id: z.number().int(),
  class_type: z.string(),
  subject_title: z.string(),
  subject_img: z.string(),
  level_title: z.string(),
  level_group_title: z.string(),
  /** "weekday-HH:mm" in the visitor's offset, e.g. "1-19:00" = Monday 19:00. */
  date_time: z.array(z.string()),
  /** Weekday ids (Sun 0) of the slots in the visitor's offset. */
  weekday: z.array(z.number().int()),
  duration: z.number().int(),
  total_lessons: z.number().int(),
});
export type CourseScheduleItem = z.infer<typeof CourseScheduleItemSchema>;

export const ScheduleFiltersSchema = z.object({
  subjects: z.array(z.object({ id: z.number().int(), title: z.string() })),
  level_groups: z.array(
    z.object({ id: z.number().int(), subject_id: z.number().int(), title: z.string() }),
  ),
  weekdays: z.array(z.number().int()),
  frequencies: z.array(z.number().int()),
});

export const CoursesScheduleDataSchema = z.object({
  datas: z.array(CourseScheduleItemSchema),
  total: z.number().int(),
  /** The filter options (spec spelling). */
  seach: ScheduleFiltersSchema,
});
export type CoursesScheduleData = z.infer<typeof CoursesScheduleDataSchema>;

/** Spec §3 Subject. */
export const SubjectSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  img: z.string(),
  description: z.string(),
});
export type Subject = z.infer<typeof SubjectSchema>;

/** Spec §3 Level. */
export const LevelSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  age_range_start: z.number().int(),
  age_range_end: z.number().int(),
  description: z.string(),
  level_group_id: z.number().int(),
});
export type Level = z.infer<typeof LevelSchema>;

export const LevelGroupSchema = z.object({ id: z.number().int(), title: z.string() });

/** Spec §3 Topic. */
export const TopicSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  lesson_topic: z.string(),
});
export const TopicListSchema = z.object({ data: z.array(TopicSchema), total: z.number().int() });

export const SubjectIdParamsSchema = z.object({
  id: z.coerce.number().int().positive('subjectNotFound').max(DB_ID_MAX, 'subjectNotFound'),
});
export const SubjectQuerySchema = z.object({
  subject_id: z.coerce.number().int().positive('subjectNotFound').max(DB_ID_MAX, 'subjectNotFound'),
});
export const TopicsQuerySchema = z.object({
  subject_id: z.coerce.number().int().positive('subjectNotFound').max(DB_ID_MAX, 'subjectNotFound'),
  level_id: z.coerce.number().int().positive('invalidRequest').max(DB_ID_MAX, 'invalidRequest'),
});

/** Class types of a course, as the API shows them in each language. */
export const CLASS_TYPES = ['one_on_one', 'small_group', 'group'] as const;
export type ClassType = (typeof CLASS_TYPES)[number];
export const CLASS_TYPE_LABELS: Record<ClassType, { en: string; zh_CN: string }> = {
  one_on_one: { en: '1-on-1', zh_CN: '一对一' },
  small_group: { en: 'Small group', zh_CN: '小班课' },
  group: { en: 'Group class', zh_CN: '大班课' },
};

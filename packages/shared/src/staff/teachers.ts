import { z } from 'zod';
import { canonicalTimeZone, DB_ID_MAX, isIsoDateInRange, optionalIsoDate } from '../api';

/**
 * Teachers' profiles, photos, availability, time off and figures (`/api/ops/teachers*`,
 * `teachers.manage`) and a teacher's own week (`/api/ops/teaching/*`, `lessons.own`), issue #22:
 * the wire shapes used by the server's routes, the console's screens and the tests. Messages are
 * keys of `teachers-messages.ts`. Times are ISO instants; dates `YYYY-MM-DD`.
 */

// ---------------------------------------------------------------------------------------------
// Field rules

export const TEACHER_NAME_MAX_LENGTH = 80;
/** The fixed photo set: `/img/teachers/teacher-1.svg` … `teacher-6.svg` in the web apps. */
export const TEACHER_PHOTO_PRESET_COUNT = 6;
/** An uploaded photo: at most 1 MB (issue #22). */
export const TEACHER_PHOTO_MAX_BYTES = 1024 * 1024;
/** The content types an upload may have, decided from its bytes (never from the request). */
export const TEACHER_PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type TeacherPhotoType = (typeof TEACHER_PHOTO_TYPES)[number];
export const TEACHER_SUBJECTS_MAX = 50;
export const AVAILABILITY_WINDOWS_MAX = 70;
export const TIME_OFF_NOTE_MAX_LENGTH = 200;
/** One time-off entry covers at most 366 days, both ends included. */
export const TIME_OFF_MAX_DAYS = 366;
/** A teacher's note for the parent on one child's lesson. */
export const ATTENDANCE_NOTE_MAX_LENGTH = 500;
export const ATTENDANCE_MARKS = ['attended', 'absent'] as const;
export type AttendanceMark = (typeof ATTENDANCE_MARKS)[number];
/** A teacher who has not entered 3 minutes after the start started late (issue #22). */
export const LATE_START_AFTER_MS = 3 * 60_000;

/** The URL of a preset photo (`preset:3` → `/img/teachers/teacher-3.svg`). */
export function teacherPresetUrl(n: number): string {
  return `/img/teachers/teacher-${n}.svg`;
}

/**
 * The URL of a stored photo value: `preset:N` → the fixed set's file, `upload:<id>` → the
 * server's public photo route (ids are ours, never a path a user chose).
 */
export function teacherPhotoUrl(photo: string): string {
  const upload = /^upload:(\d+)$/.exec(photo);
  if (upload) return `/api/teacher-photos/${upload[1]}`;
  const preset = /^preset:(\d+)$/.exec(photo);
  const n = preset ? Number(preset[1]) : 1;
  return teacherPresetUrl(n >= 1 && n <= TEACHER_PHOTO_PRESET_COUNT ? n : 1);
}

/** Every preset's key, in order: `preset:1` … `preset:6`. */
export const TEACHER_PHOTO_PRESETS = Array.from(
  { length: TEACHER_PHOTO_PRESET_COUNT },
  (_, index) => `preset:${index + 1}`,
);

/** Days from one `YYYY-MM-DD` to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const TeacherNameSchema = z
  .string({ error: 'teachersNameEmpty' })
  .trim()
  .min(1, 'teachersNameEmpty')
  .max(TEACHER_NAME_MAX_LENGTH, 'teachersNameTooLong');

/** A photo a form may choose: one of the fixed set (uploads go through the photo route). */
export const TeacherPresetPhotoSchema = z
  .string({ error: 'teachersPhotoInvalid' })
  .refine((value) => TEACHER_PHOTO_PRESETS.includes(value), { message: 'teachersPhotoInvalid' });

export const TeacherSubjectIdsSchema = z
  .array(
    z
      .number({ error: 'teachersSubjectUnknown' })
      .int('teachersSubjectUnknown')
      .positive('teachersSubjectUnknown')
      .max(DB_ID_MAX, 'teachersSubjectUnknown'),
    { error: 'teachersSubjectUnknown' },
  )
  .max(TEACHER_SUBJECTS_MAX, 'teachersSubjectUnknown')
  .transform((ids) => [...new Set(ids)]);

export const TeacherTimeZoneSchema = z
  .string({ error: 'teachersTimeZoneInvalid' })
  .trim()
  .transform((value, context) => {
    const zone = canonicalTimeZone(value);
    if (!zone) {
      context.addIssue({ code: 'custom', message: 'teachersTimeZoneInvalid' });
      return z.NEVER;
    }
    return zone;
  });

/** "HH:mm" on a 24-hour clock; "24:00" only ends a window (the end of the day). */
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const clockMinutes = (value: string) =>
  value === '24:00' ? 1440 : Number(value.slice(0, 2)) * 60 + Number(value.slice(3));

/** One weekly window, local to the teacher's zone: weekday (Sunday 0) and start < end. */
export const AvailabilityWindowSchema = z
  .object({
    weekday: z
      .number({ error: 'teachersAvailabilityInvalid' })
      .int('teachersAvailabilityInvalid')
      .min(0, 'teachersAvailabilityInvalid')
      .max(6, 'teachersAvailabilityInvalid'),
    start: z
      .string({ error: 'teachersAvailabilityInvalid' })
      .regex(CLOCK, 'teachersAvailabilityInvalid'),
    end: z
      .string({ error: 'teachersAvailabilityInvalid' })
      .refine((value) => value === '24:00' || CLOCK.test(value), {
        message: 'teachersAvailabilityInvalid',
      }),
  })
  .refine((window) => clockMinutes(window.start) < clockMinutes(window.end), {
    message: 'teachersAvailabilityInvalid',
    path: ['end'],
  });
export type AvailabilityWindowInput = z.infer<typeof AvailabilityWindowSchema>;

export const AvailabilitySchema = z
  .array(AvailabilityWindowSchema, { error: 'teachersAvailabilityInvalid' })
  .max(AVAILABILITY_WINDOWS_MAX, 'teachersAvailabilityInvalid')
  .refine(
    (windows) => {
      // Windows of one day may not overlap: "9–12 and 11–14" is one window typed twice.
      const sorted = [...windows].sort(
        (a, b) => a.weekday - b.weekday || clockMinutes(a.start) - clockMinutes(b.start),
      );
      return sorted.every(
        (window, index) =>
          index === 0 ||
          sorted[index - 1]!.weekday !== window.weekday ||
          clockMinutes(sorted[index - 1]!.end) <= clockMinutes(window.start),
      );
    },
    { message: 'teachersAvailabilityOverlap' },
  );

const RequiredDateSchema = (message: string) =>
  z.string({ error: message }).refine(isIsoDateInRange, { message });

// ---------------------------------------------------------------------------------------------
// Ids in URLs

/** A teacher is their `teacher_sn`. */
export const TeacherParamsSchema = z.object({
  teacherSn: z.string({ error: 'notFound' }).trim().min(1, 'notFound').max(40, 'notFound'),
});
export type TeacherParams = z.infer<typeof TeacherParamsSchema>;

export const TimeOffParamsSchema = TeacherParamsSchema.extend({
  id: z.coerce
    .number({ error: 'notFound' })
    .int('notFound')
    .positive('notFound')
    .max(DB_ID_MAX, 'notFound'),
});
export type TimeOffParams = z.infer<typeof TimeOffParamsSchema>;

/** GET /api/teacher-photos/:id (public): an uploaded photo's id. */
export const TeacherPhotoParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'notFound' })
    .int('notFound')
    .positive('notFound')
    .max(DB_ID_MAX, 'notFound'),
});

// ---------------------------------------------------------------------------------------------
// Profiles (`teachers.manage`)

export const AvailabilityWindowWireSchema = z.object({
  weekday: z.number().int(),
  start: z.string(),
  end: z.string(),
});

export const TimeOffSchema = z.object({
  id: z.number().int(),
  startsOn: z.string(),
  endsOn: z.string(),
  note: z.string(),
});
export type TimeOff = z.infer<typeof TimeOffSchema>;

export const TeacherSummarySchema = z.object({
  teacherSn: z.string(),
  staffId: z.number().int(),
  email: z.string(),
  nameEn: z.string(),
  nameZh: z.string(),
  /** `preset:N` or `upload:<id>`. */
  photo: z.string(),
  /** `/img/teachers/teacher-N.svg` or `/api/teacher-photos/<id>`. */
  photoUrl: z.string(),
  subjectIds: z.array(z.number().int()),
  timeZone: z.string(),
  /** The staff account's status: a disabled member cannot sign in to teach. */
  status: z.enum(['invited', 'active', 'disabled']),
});
export type TeacherSummary = z.infer<typeof TeacherSummarySchema>;

/** GET /api/ops/teachers: every profile, by English name. */
export const TeacherListSchema = z.object({ teachers: z.array(TeacherSummarySchema) });
export type TeacherList = z.infer<typeof TeacherListSchema>;

/** GET /api/ops/teachers/:teacherSn: the profile, availability and time off (soonest first). */
export const TeacherDetailSchema = TeacherSummarySchema.extend({
  availability: z.array(AvailabilityWindowWireSchema),
  timeOff: z.array(TimeOffSchema),
});
export type TeacherDetail = z.infer<typeof TeacherDetailSchema>;

/**
 * POST /api/ops/teachers: a profile for a staff member with the `teacher` role who has none.
 * The photo is a preset here; an upload replaces it through the photo route.
 */
export const CreateTeacherBodySchema = z
  .object({
    staffId: z
      .number({ error: 'teachersStaffUnknown' })
      .int('teachersStaffUnknown')
      .positive('teachersStaffUnknown')
      .max(DB_ID_MAX, 'teachersStaffUnknown'),
    nameEn: TeacherNameSchema,
    nameZh: TeacherNameSchema,
    photo: TeacherPresetPhotoSchema.default('preset:1'),
    subjectIds: TeacherSubjectIdsSchema.default([]),
    timeZone: TeacherTimeZoneSchema,
    availability: AvailabilitySchema.default([]),
  })
  .strict();
export type CreateTeacherBody = z.infer<typeof CreateTeacherBodySchema>;
export type CreateTeacherBodyInput = z.input<typeof CreateTeacherBodySchema>;

/** POST /api/ops/teachers/:teacherSn: at least one field; the rest stays as it is. */
export const UpdateTeacherBodySchema = z
  .object({
    nameEn: TeacherNameSchema.optional(),
    nameZh: TeacherNameSchema.optional(),
    photo: TeacherPresetPhotoSchema.optional(),
    subjectIds: TeacherSubjectIdsSchema.optional(),
    timeZone: TeacherTimeZoneSchema.optional(),
    availability: AvailabilitySchema.optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'teachersNothingToChange',
  });
export type UpdateTeacherBody = z.infer<typeof UpdateTeacherBodySchema>;
export type UpdateTeacherBodyInput = z.input<typeof UpdateTeacherBodySchema>;

/** POST /api/ops/teachers/:teacherSn/photo (raw image body or multipart): the new photo's URL. */
export const TeacherPhotoAnswerSchema = z.object({ photoUrl: z.string() });
export type TeacherPhotoAnswer = z.infer<typeof TeacherPhotoAnswerSchema>;

/** GET /api/ops/teacher-presets: the fixed photo set. */
export const TeacherPresetsSchema = z.object({
  photos: z.array(z.object({ key: z.string(), url: z.string() })),
});
export type TeacherPresets = z.infer<typeof TeacherPresetsSchema>;

/**
 * POST /api/ops/teachers/:teacherSn/time-off: one range, both ends included, dates in the
 * teacher's zone; at most 366 days.
 */
export const TimeOffBodySchema = z
  .object({
    startsOn: RequiredDateSchema('teachersTimeOffDateInvalid'),
    endsOn: RequiredDateSchema('teachersTimeOffDateInvalid'),
    note: z
      .string({ error: 'teachersTimeOffNoteTooLong' })
      .trim()
      .max(TIME_OFF_NOTE_MAX_LENGTH, 'teachersTimeOffNoteTooLong')
      .default(''),
  })
  .strict()
  .refine((body) => body.startsOn <= body.endsOn, {
    message: 'teachersTimeOffRangeInvalid',
    path: ['endsOn'],
  })
  .refine((body) => daysBetween(body.startsOn, body.endsOn) < TIME_OFF_MAX_DAYS, {
    message: 'teachersTimeOffTooLong',
    path: ['endsOn'],
  });
export type TimeOffBody = z.infer<typeof TimeOffBodySchema>;
export type TimeOffBodyInput = z.input<typeof TimeOffBodySchema>;

/** The answer of adding time off: the new entry. */
export const TimeOffAnswerSchema = TimeOffSchema;

/** POST …/time-off/:id/delete. */
export const TimeOffRemovedSchema = z.object({ removed: z.literal(true) });

// ---------------------------------------------------------------------------------------------
// Figures

/**
 * GET /api/ops/teachers/:teacherSn/figures?from=&to=: dates in the school's zone, both included;
 * without them, the last 30 days up to today.
 */
export const TeacherFiguresQuerySchema = z
  .object({
    from: optionalIsoDate('teachersFiguresDateInvalid'),
    to: optionalIsoDate('teachersFiguresDateInvalid'),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'teachersFiguresRangeInvalid',
    path: ['to'],
  });
export type TeacherFiguresQuery = z.infer<typeof TeacherFiguresQuerySchema>;
export type TeacherFiguresQueryInput = z.input<typeof TeacherFiguresQuerySchema>;

/**
 * A teacher's figures over a period (classes starting in it), counted in classes — a group class
 * is one:
 * - `taught`: ended classes they taught (as themselves or as a substitute) that they entered,
 *   with at least one child's lesson neither cancelled nor on leave;
 * - `lateStarts`: of those, the ones they entered more than 3 minutes after the start;
 * - `cancellations`: their classes the school cancelled (every reason but the family's request,
 *   an ended enrolment or a deleted child), "teacher absent" included;
 * - `coverGiven`: of `taught`, the classes they taught as a substitute;
 * - `averageRating` (stars, 0.5–5, null without ratings) over `ratings` parents' ratings.
 */
export const TeacherFiguresSchema = z.object({
  from: z.string(),
  to: z.string(),
  taught: z.number().int(),
  lateStarts: z.number().int(),
  cancellations: z.number().int(),
  coverGiven: z.number().int(),
  /** `cancellations` by reason (`teacher-ill`, `teacher-absent`, `closure`, …; `other` before #22). */
  cancellationsByReason: z.record(z.string(), z.number().int()),
  averageRating: z.number().nullable(),
  ratings: z.number().int(),
});
export type TeacherFigures = z.infer<typeof TeacherFiguresSchema>;

// ---------------------------------------------------------------------------------------------
// The teacher's own week (`lessons.own`)

/** GET /api/ops/teaching/week?from=YYYY-MM-DD: the Monday-start week holding `from`. */
export const TeachingWeekQuerySchema = z.object({
  from: optionalIsoDate('teachingWeekDateInvalid'),
});
export type TeachingWeekQuery = z.infer<typeof TeachingWeekQuerySchema>;

/** One child in a class: the nickname and age only — nothing else about the family. */
export const TeachingChildSchema = z.object({
  /** This child's lesson row (the attendance route takes it). */
  lessonSn: z.string(),
  nickname: z.string(),
  /** Whole years on the lesson's day; null when the birthday is unknown. */
  age: z.number().int().nullable(),
  /** The child entered the classroom. */
  entered: z.boolean(),
  attendance: z.enum(ATTENDANCE_MARKS).nullable(),
  note: z.string().nullable(),
  /** The parent asked for leave: the child will not come. */
  onLeave: z.boolean(),
  /** This child's lesson was cancelled (the rest of the class may still run). */
  cancelled: z.boolean(),
});
export type TeachingChild = z.infer<typeof TeachingChildSchema>;

export const TeachingClassSchema = z.object({
  /** The class's first lesson row (the enter route takes any row of the class). */
  lessonSn: z.string(),
  /** Subject · level in the request's language. */
  courseTitle: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** Every child's lesson is cancelled. */
  cancelled: z.boolean(),
  /** The classroom is open now (the children's enter window). */
  canEnter: z.boolean(),
  /** The settlement ran: marks can no longer change here. */
  settled: z.boolean(),
  /** The teacher's first entry, or null. */
  teacherEnteredAt: z.string().nullable(),
  /** Covering for another teacher. */
  substitute: z.boolean(),
  children: z.array(TeachingChildSchema),
});
export type TeachingClass = z.infer<typeof TeachingClassSchema>;

export const TeachingWeekSchema = z.object({
  /** The teacher's zone (the week's days and the times shown). */
  timeZone: z.string(),
  /** The week's Monday and Sunday, `YYYY-MM-DD` in `timeZone`. */
  from: z.string(),
  to: z.string(),
  classes: z.array(TeachingClassSchema),
});
export type TeachingWeek = z.infer<typeof TeachingWeekSchema>;

/** A lesson in a teacher's URL: its `lesson_sn` (another teacher's is 404). */
export const TeachingLessonParamsSchema = z.object({
  lessonSn: z.string({ error: 'notFound' }).trim().min(1, 'notFound').max(40, 'notFound'),
});
export type TeachingLessonParams = z.infer<typeof TeachingLessonParamsSchema>;

/** POST /api/ops/teaching/lessons/:lessonSn/enter: the classroom URL (as moderator). */
export const TeachingEnterAnswerSchema = z.object({ url: z.string() });
export type TeachingEnterAnswer = z.infer<typeof TeachingEnterAnswerSchema>;

/**
 * POST /api/ops/teaching/lessons/:lessonSn/attendance (one child's lesson), and the admins'
 * POST /api/ops/lessons/:lessonSn/attendance: the mark and an optional note for the parent.
 */
export const AttendanceBodySchema = z
  .object({
    attendance: z.enum(ATTENDANCE_MARKS, { error: 'attendanceMarkInvalid' }),
    note: z
      .string({ error: 'attendanceNoteTooLong' })
      .trim()
      .max(ATTENDANCE_NOTE_MAX_LENGTH, 'attendanceNoteTooLong')
      .nullable()
      .optional()
      .transform((note) => (note ? note : note === '' ? null : note)),
  })
  .strict();
export type AttendanceBody = z.infer<typeof AttendanceBodySchema>;
export type AttendanceBodyInput = z.input<typeof AttendanceBodySchema>;

export const AttendanceAnswerSchema = z.object({
  attendance: z.enum(ATTENDANCE_MARKS),
  note: z.string().nullable(),
});
export type AttendanceAnswer = z.infer<typeof AttendanceAnswerSchema>;

import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../i18n/messages';
import { addStaffMessages } from './messages';
import {
  CancelClassBodySchema,
  ClassListQuerySchema,
  ClosureBodySchema,
  CoverBodySchema,
  daysInRange,
  EnrollmentBodySchema,
  FeedbackQuerySchema,
  LeaveRequestQuerySchema,
  MoveClassBodySchema,
  MoveFollowingBodySchema,
} from './timetable';

addStaffMessages();

/** The first issue's message of a failed parse (the key the server translates), or 'ok'. */
function outcome(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? 'ok' : result.error!.issues[0]!.message;
}

describe('daysInRange', () => {
  it.each([
    ['2026-11-20', '2026-11-20', 1],
    ['2026-11-20', '2026-11-26', 7],
    ['2026-02-27', '2026-03-01', 3],
    ['2026-12-31', '2027-01-01', 2],
  ])('%s … %s is %i days', (from, to, days) => {
    expect(daysInRange(from, to)).toBe(days);
  });
});

describe('ClassListQuerySchema', () => {
  it.each([
    [{}, 'ok'],
    [{ from: '', to: '', courseId: '', teacherSn: '' }, 'ok'],
    [{ from: '2026-11-01', to: '2027-01-01' }, 'ok'],
    [{ from: '2026-11-01', to: '2027-01-02' }, 'timetableRangeTooLong'],
    [{ from: '2026-11-02', to: '2026-11-01' }, 'timetableDateRangeInvalid'],
    [{ from: '2026-02-29' }, 'timetableDateInvalid'],
    [{ courseId: '12' }, 'ok'],
    [{ courseId: '0' }, 'timetableCourseNotFound'],
    [{ courseId: 'abc' }, 'timetableCourseNotFound'],
    [{ courseId: '99999999999' }, 'timetableCourseNotFound'],
    [{ teacherSn: 'T'.repeat(41) }, 'timetableTeacherNotFound'],
  ])('%j → %s', (query, expected) => {
    expect(outcome(ClassListQuerySchema.safeParse(query))).toBe(expected);
  });

  it('leaves out empty values and reads the course id as a number', () => {
    expect(ClassListQuerySchema.parse({ from: '', courseId: '7', teacherSn: '' })).toEqual({
      courseId: 7,
    });
  });
});

describe('EnrollmentBodySchema', () => {
  const body = { userSn: 'P1', studentSn: 'S1', courseId: 3, startWeek: '2026-11-23' };
  it.each([
    [body, 'ok'],
    [{ ...body, userSn: '' }, 'timetableFamilyNotFound'],
    [{ ...body, studentSn: undefined }, 'timetableChildNotFound'],
    [{ ...body, courseId: -1 }, 'timetableCourseNotFound'],
    [{ ...body, startWeek: '2026-11-31' }, 'timetableStartWeekInvalid'],
    [{ ...body, startWeek: '23/11/2026' }, 'timetableStartWeekInvalid'],
  ])('%j → %s', (value, expected) => {
    expect(outcome(EnrollmentBodySchema.safeParse(value))).toBe(expected);
  });
});

describe('lesson change bodies', () => {
  it.each([
    [CancelClassBodySchema, { reason: 'teacher-ill' }, 'ok'],
    [CancelClassBodySchema, { reason: 'family-request' }, 'ok'],
    // Closures, absent teachers and ended enrolments cancel through their own paths.
    [CancelClassBodySchema, { reason: 'closure' }, 'timetableCancelReasonInvalid'],
    [CancelClassBodySchema, {}, 'timetableCancelReasonInvalid'],
    [MoveClassBodySchema, { startsAt: '2026-12-01T10:00:00Z' }, 'ok'],
    [MoveClassBodySchema, { startsAt: '2026-12-01T18:00:00+08:00', teacherSn: 'T1' }, 'ok'],
    [MoveClassBodySchema, { startsAt: '2026-12-01 10:00' }, 'timetableStartsAtInvalid'],
    [
      MoveClassBodySchema,
      { startsAt: '2026-12-01T10:00:00Z', teacherSn: '' },
      'timetableTeacherNotFound',
    ],
    [MoveFollowingBodySchema, { weekday: 0, time: '00:00' }, 'ok'],
    [MoveFollowingBodySchema, { weekday: 6, time: '23:59' }, 'ok'],
    [MoveFollowingBodySchema, { weekday: 7, time: '10:00' }, 'timetableWeekdayInvalid'],
    [MoveFollowingBodySchema, { weekday: 1.5, time: '10:00' }, 'timetableWeekdayInvalid'],
    [MoveFollowingBodySchema, { weekday: 1, time: '24:00' }, 'timetableTimeInvalid'],
    [MoveFollowingBodySchema, { weekday: 1, time: '9:30' }, 'timetableTimeInvalid'],
    [CoverBodySchema, { teacherSn: 'T1', substituteSn: 'T2' }, 'ok'],
    [CoverBodySchema, { teacherSn: 'T1', substituteSn: 'T2', lessonSns: ['L1'] }, 'ok'],
    [
      CoverBodySchema,
      { teacherSn: 'T1', substituteSn: 'T2', lessonSns: [] },
      'timetableLessonsInvalid',
    ],
    [CoverBodySchema, { teacherSn: 'T1' }, 'timetableTeacherNotFound'],
  ] as const)('%#: %j → %s', (schema, value, expected) => {
    expect(outcome(schema.safeParse(value))).toBe(expected);
  });
});

describe('ClosureBodySchema', () => {
  const body = {
    courseId: null,
    startsOn: '2027-02-06',
    endsOn: '2027-02-13',
    reasonEn: 'Spring Festival',
    reasonZh: '春节',
  };
  it.each([
    [body, 'ok'],
    [{ ...body, courseId: 4 }, 'ok'],
    [{ ...body, courseId: undefined }, 'timetableCourseNotFound'],
    [{ ...body, endsOn: '2027-02-05' }, 'timetableDateRangeInvalid'],
    [{ ...body, startsOn: '2027-02-30' }, 'timetableDateInvalid'],
    [{ ...body, reasonEn: '  ' }, 'timetableClosureReasonRequired'],
    [{ ...body, reasonZh: 'x'.repeat(201) }, 'timetableClosureReasonTooLong'],
  ])('%j → %s', (value, expected) => {
    expect(outcome(ClosureBodySchema.safeParse(value))).toBe(expected);
  });
});

describe('list queries', () => {
  it.each([
    [LeaveRequestQuerySchema, {}, 'ok'],
    [LeaveRequestQuerySchema, { from: '2026-01-01', to: '2026-03-31' }, 'timetableRangeTooLong'],
    [LeaveRequestQuerySchema, { page: '0' }, 'invalidRequest'],
    // Feedback reads any span (averages over time).
    [FeedbackQuerySchema, { from: '2025-01-01', to: '2026-12-31' }, 'ok'],
    [FeedbackQuerySchema, { from: '2026-12-31', to: '2026-01-01' }, 'timetableDateRangeInvalid'],
    [FeedbackQuerySchema, { courseId: 'x' }, 'timetableCourseNotFound'],
  ] as const)('%#: %j → %s', (schema, value, expected) => {
    expect(outcome(schema.safeParse(value))).toBe(expected);
  });
});

describe('timetable messages', () => {
  it('has every key the schemas use, in both languages', () => {
    const keys = [
      'timetableDateInvalid',
      'timetableDateRangeInvalid',
      'timetableRangeTooLong',
      'timetableLessonNotFound',
      'timetableEnrollmentNotFound',
      'timetableCourseNotFound',
      'timetableTeacherNotFound',
      'timetableFamilyNotFound',
      'timetableChildNotFound',
      'timetableStartWeekInvalid',
      'timetableCancelReasonInvalid',
      'timetableStartsAtInvalid',
      'timetableWeekdayInvalid',
      'timetableTimeInvalid',
      'timetableLessonsInvalid',
      'timetableClosureReasonRequired',
      'timetableClosureReasonTooLong',
      'timetableSubstituteSame',
      'timetableLessonNotInTimeOff',
    ];
    for (const language of ['en', 'zh_CN'] as const) {
      const messages = MESSAGES[language] as Record<string, string>;
      for (const key of keys) expect(messages[key], `${language} ${key}`).toBeTruthy();
    }
    expect((MESSAGES.zh_CN as Record<string, string>).timetableRangeTooLong).not.toBe(
      (MESSAGES.en as Record<string, string>).timetableRangeTooLong,
    );
  });
});

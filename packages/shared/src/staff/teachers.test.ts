import { describe, expect, it } from 'vitest';
import {
  AttendanceBodySchema,
  AvailabilitySchema,
  CreateTeacherBodySchema,
  TimeOffBodySchema,
  UpdateTeacherBodySchema,
  teacherPhotoUrl,
} from './teachers';
import { TEACHERS_MESSAGES } from './teachers-messages';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('teacher photo URLs', () => {
  it.each([
    ['preset:1', '/img/teachers/teacher-1.svg'],
    ['preset:6', '/img/teachers/teacher-6.svg'],
    ['upload:42', '/api/teacher-photos/42'],
    // Anything else falls back to the first preset: never a path from the value itself.
    ['preset:7', '/img/teachers/teacher-1.svg'],
    ['upload:../../etc/passwd', '/img/teachers/teacher-1.svg'],
    ['https://evil.example/x.svg', '/img/teachers/teacher-1.svg'],
  ])('%s → %s', (photo, url) => {
    expect(teacherPhotoUrl(photo)).toBe(url);
  });
});

describe('availability windows', () => {
  it.each([
    [[{ weekday: 0, start: '00:00', end: '24:00' }], undefined],
    [
      [
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 1, start: '12:00', end: '14:00' },
        { weekday: 2, start: '11:00', end: '13:00' },
      ],
      undefined,
    ],
    [[{ weekday: 7, start: '09:00', end: '10:00' }], 'teachersAvailabilityInvalid'],
    [[{ weekday: 1, start: '10:00', end: '10:00' }], 'teachersAvailabilityInvalid'],
    [[{ weekday: 1, start: '24:00', end: '24:00' }], 'teachersAvailabilityInvalid'],
    [[{ weekday: 1, start: '9:00', end: '10:00' }], 'teachersAvailabilityInvalid'],
    [
      [
        { weekday: 3, start: '09:00', end: '12:00' },
        { weekday: 3, start: '11:59', end: '13:00' },
      ],
      'teachersAvailabilityOverlap',
    ],
  ])('%j → %s', (windows, message) => {
    expect(firstMessage(AvailabilitySchema.safeParse(windows))).toBe(message);
  });
});

describe('time off', () => {
  it.each([
    [{ startsOn: '2027-02-06', endsOn: '2027-02-06' }, undefined],
    [{ startsOn: '2028-01-01', endsOn: '2028-12-31' }, undefined],
    [{ startsOn: '2027-01-01', endsOn: '2028-01-01' }, undefined],
    [{ startsOn: '2028-01-01', endsOn: '2029-01-01' }, 'teachersTimeOffTooLong'],
    [{ startsOn: '2027-02-07', endsOn: '2027-02-06' }, 'teachersTimeOffRangeInvalid'],
    [{ startsOn: '2027-02-30', endsOn: '2027-03-06' }, 'teachersTimeOffDateInvalid'],
    [{ startsOn: '2027-02-06' }, 'teachersTimeOffDateInvalid'],
    [
      { startsOn: '2027-02-06', endsOn: '2027-02-07', note: 'x'.repeat(201) },
      'teachersTimeOffNoteTooLong',
    ],
  ])('%j → %s', (body, message) => {
    expect(firstMessage(TimeOffBodySchema.safeParse(body))).toBe(message);
  });
});

describe('profiles', () => {
  const valid = { staffId: 3, nameEn: ' Ms Li ', nameZh: '李老师', timeZone: 'asia/shanghai' };

  it('trims names, canonicalises the zone and fills the defaults', () => {
    expect(CreateTeacherBodySchema.parse({ ...valid, subjectIds: [2, 2, 5] })).toEqual({
      staffId: 3,
      nameEn: 'Ms Li',
      nameZh: '李老师',
      photo: 'preset:1',
      subjectIds: [2, 5],
      timeZone: 'Asia/Shanghai',
      availability: [],
    });
  });

  it.each([
    [{ staffId: 0 }, 'teachersStaffUnknown'],
    [{ nameEn: '' }, 'teachersNameEmpty'],
    [{ nameZh: 'x'.repeat(81) }, 'teachersNameTooLong'],
    [{ photo: 'upload:3' }, 'teachersPhotoInvalid'],
    [{ photo: 'preset:0' }, 'teachersPhotoInvalid'],
    [{ timeZone: '+08:00' }, 'teachersTimeZoneInvalid'],
    [{ subjectIds: [-1] }, 'teachersSubjectUnknown'],
  ])('refuses %j with %s', (change, message) => {
    expect(firstMessage(CreateTeacherBodySchema.safeParse({ ...valid, ...change }))).toBe(message);
  });

  it('an update needs at least one field and no unknown one', () => {
    expect(firstMessage(UpdateTeacherBodySchema.safeParse({}))).toBe('teachersNothingToChange');
    expect(UpdateTeacherBodySchema.safeParse({ staffId: 4 }).success).toBe(false);
    expect(UpdateTeacherBodySchema.parse({ photo: 'preset:2' })).toEqual({ photo: 'preset:2' });
  });
});

describe('attendance', () => {
  it.each([
    [{ attendance: 'attended' }, { attendance: 'attended' }],
    [
      { attendance: 'absent', note: ' Well done ' },
      { attendance: 'absent', note: 'Well done' },
    ],
    // A blank note clears it; no note keeps the one written.
    [
      { attendance: 'absent', note: '  ' },
      { attendance: 'absent', note: null },
    ],
    [
      { attendance: 'absent', note: null },
      { attendance: 'absent', note: null },
    ],
  ])('%j → %j', (body, parsed) => {
    expect(AttendanceBodySchema.parse(body)).toEqual(parsed);
  });

  it.each([
    [{ attendance: 'late' }, 'attendanceMarkInvalid'],
    [{}, 'attendanceMarkInvalid'],
    [{ attendance: 'attended', note: 'x'.repeat(501) }, 'attendanceNoteTooLong'],
  ])('refuses %j with %s', (body, message) => {
    expect(firstMessage(AttendanceBodySchema.safeParse(body))).toBe(message);
  });
});

describe('teachers messages', () => {
  it('has every key in both languages', () => {
    expect(Object.keys(TEACHERS_MESSAGES.zh_CN).sort()).toEqual(
      Object.keys(TEACHERS_MESSAGES.en).sort(),
    );
  });
});

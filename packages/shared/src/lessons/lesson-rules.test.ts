import { describe, expect, it } from 'vitest';
import {
  SetCommentBodySchema,
  attendedOf,
  canRequestLeave,
  countdownMs,
  enterRefusal,
  feedbackRefusal,
  leaveRefusal,
  lessonStatus,
  type LessonTiming,
} from './index';

const START = Date.UTC(2026, 10, 20, 8, 10);
const END = START + 25 * 60_000;
const lesson = (over: Partial<LessonTiming> = {}): LessonTiming => ({
  startMs: START,
  endMs: END,
  cancelled: false,
  onLeave: false,
  ...over,
});
const MIN = 60_000;
const HOUR = 60 * MIN;

describe('lesson windows (spec §4, §9)', () => {
  it.each([
    ['5 min before exactly', START - 5 * MIN, {}, 'enterNotYet'],
    ['1 ms inside 5 min', START - 5 * MIN + 1, {}, undefined],
    ['at start', START, {}, undefined],
    ['1 ms before end', END - 1, {}, undefined],
    ['at end', END, {}, 'enterCompleted'],
    ['on leave inside the window', START - MIN, { onLeave: true }, 'enterOnLeave'],
    ['cancelled while on air', START + MIN, { cancelled: true }, 'enterCancelled'],
    ['a day before', START - 24 * HOUR, {}, 'enterNotYet'],
  ] as const)('enter: %s', (_name, now, over, expected) => {
    expect(enterRefusal(lesson(over), now)).toBe(expected);
  });

  it.each([
    ['3 h before exactly', START - 3 * HOUR, {}, false],
    ['1 ms more than 3 h', START - 3 * HOUR - 1, {}, true],
    ['a week before', START - 7 * 24 * HOUR, {}, true],
    ['already on leave', START - 5 * HOUR, { onLeave: true }, false],
    ['cancelled', START - 5 * HOUR, { cancelled: true }, false],
    ['after start', START + MIN, {}, false],
  ] as const)('leave: %s', (_name, now, over, expected) => {
    expect(canRequestLeave(lesson(over), now)).toBe(expected);
  });

  it.each([
    ['a day before', START - 24 * HOUR, {}, undefined],
    ['3 h before exactly', START - 3 * HOUR, {}, 'leaveTooLate'],
    ['on air', START + MIN, {}, 'leaveTooLate'],
    ['ended', END, {}, 'leaveNotAttendable'],
    ['cancelled', START - 5 * HOUR, { cancelled: true }, 'leaveNotAttendable'],
    ['already on leave', START - 5 * HOUR, { onLeave: true }, 'leaveAlreadyRequested'],
  ] as const)('why no leave: %s', (_name, now, over, expected) => {
    expect(leaveRefusal(lesson(over), now)).toBe(expected);
  });

  it.each([
    ['attended and ended', END, {}, true, undefined],
    ['a no-show', END, {}, false, 'feedbackNoShow'],
    ['still on air', END - 1, {}, true, 'feedbackNotCompleted'],
    ['on leave', END + HOUR, { onLeave: true }, false, 'feedbackNotCompleted'],
    ['cancelled', END + HOUR, { cancelled: true }, false, 'feedbackNotCompleted'],
  ] as const)('why no feedback: %s', (_name, now, over, attended, expected) => {
    expect(feedbackRefusal({ ...lesson(over), attended }, now)).toBe(expected);
  });

  it.each([
    ['48 h before exactly', START - 48 * HOUR, undefined],
    ['1 ms under 48 h', START - 48 * HOUR + 1, 48 * HOUR - 1],
    ['at start', START, 0],
    ['after start', START + 1, undefined],
  ] as const)('countdown: %s', (_name, now, expected) => {
    expect(countdownMs(START, now)).toBe(expected);
  });

  it.each([
    [START - 1, {}, 0],
    [START, {}, 1],
    [END - 1, {}, 1],
    [END, {}, 2],
    [START - HOUR, { cancelled: true }, 3],
    [END + HOUR, { onLeave: true }, 2],
  ] as const)('status at %s', (now, over, expected) => {
    expect(lessonStatus(lesson(over), now)).toBe(expected);
  });
});

describe('feedback body (spec §5)', () => {
  const base = { lesson_sn: 'L1', student_sn: 'S1' };
  it.each([
    [{ rating: 4.5, comment: 'Good' }, true, undefined],
    [{ rating: '3' }, true, undefined],
    [{ rating: 1 }, true, undefined],
    [{ rating: 5 }, true, undefined],
    [{ rating: 0, comment: 'x' }, false, 'feedbackEmpty'],
    [{}, false, 'feedbackEmpty'],
    [{ rating: 4.25 }, false, 'ratingInvalid'],
    [{ rating: 5.5 }, false, 'ratingInvalid'],
    [{ rating: 0.5 }, false, 'ratingInvalid'],
    [{ rating: 3, comment: 'x'.repeat(501) }, false, 'commentTooLong'],
  ] as const)('%j → %s', (body, ok, message) => {
    const result = SetCommentBodySchema.safeParse({ ...base, ...body });
    expect(result.success).toBe(ok);
    if (!result.success) expect(result.error.issues[0]?.message).toBe(message);
  });
});

describe('effective attendance (issue #22)', () => {
  it.each([
    [null, true, true],
    [null, false, false],
    ['attended', false, true],
    ['attended', true, true],
    ['absent', true, false],
    ['absent', false, false],
  ] as const)('mark %s, entered %s → %s', (attendance, entered, attended) => {
    expect(attendedOf({ attendance, entered })).toBe(attended);
  });
});

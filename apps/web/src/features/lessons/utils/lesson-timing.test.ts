import { describe, expect, it } from 'vitest';
import {
  LESSON_START as START,
  MINUTE as MIN,
  scheduledLesson as lesson,
} from '../../../test/lessons';
import { cardClock } from './lesson-timing';

describe('cardClock: the times that draw the same card', () => {
  const H = 60 * MIN;
  it.each([
    [
      'two seconds inside one minute of the countdown',
      START - 4 * H - 30_000,
      START - 4 * H - 28_000,
      true,
    ],
    [
      'the countdown moving to the next minute',
      START - 4 * H - 30_000,
      START - 4 * H + 30_000,
      false,
    ],
    ['the leave window closing at 3 h', START - 3 * H - 1, START - 3 * H + 1, false],
    ['Enter opening 5 min before the start', START - 5 * MIN - 1, START - 5 * MIN + 1, false],
    ['the countdown appearing under 48 h', START - 48 * H, START - 48 * H + 1, false],
    ['two days beyond 48 h', START - 100 * H, START - 60 * H, true],
    ['the lesson going on air', START - 1, START + 1, false],
  ])('%s', (_case, before, after, same) => {
    expect(cardClock(lesson(), before) === cardClock(lesson(), after)).toBe(same);
  });
});

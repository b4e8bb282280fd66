import { describe, expect, it } from 'vitest';
import { dashboardView } from './dashboard-view';

describe('dashboardView (spec §2 /index: filter, tab and page live in the URL)', () => {
  it.each([
    ['', { studentSn: undefined, tab: 'schedule', page: 1 }],
    ['student=S1', { studentSn: 'S1', tab: 'schedule', page: 1 }],
    ['student=', { studentSn: undefined, tab: 'schedule', page: 1 }],
    ['tab=completed&page=3', { studentSn: undefined, tab: 'completed', page: 3 }],
    ['tab=course', { studentSn: undefined, tab: 'course', page: 1 }],
    ['type=1', { studentSn: undefined, tab: 'course', page: 1 }],
    ['type=1&tab=completed', { studentSn: undefined, tab: 'completed', page: 1 }],
    ['tab=unknown', { studentSn: undefined, tab: 'schedule', page: 1 }],
    ['page=0', { studentSn: undefined, tab: 'schedule', page: 1 }],
    ['page=-4', { studentSn: undefined, tab: 'schedule', page: 1 }],
    ['page=abc', { studentSn: undefined, tab: 'schedule', page: 1 }],
  ])('?%s', (search, expected) => {
    expect(dashboardView(new URLSearchParams(search))).toEqual(expected);
  });
});

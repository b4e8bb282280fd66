import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { memberOf, ok, renderWithProviders, stubFetch } from '../../../test/render';
import { classRow } from '../testing/fixtures';
import { TodayPage } from './today-page';

function serve() {
  const started = new Date(Date.now() - 10 * 60_000).toISOString();
  const ends = new Date(Date.now() + 15 * 60_000).toISOString();
  return stubFetch((url) =>
    url === '/api/ops/today'
      ? ok({
          date: '2026-11-24',
          timeZone: 'Asia/Shanghai',
          classes: [
            {
              ...classRow({ lessonSn: 'L1', startsAt: started, endsAt: ends }),
              teacherEnteredAt: null,
              late: true,
            },
            {
              ...classRow({
                lessonSn: 'L5',
                courseTitle: 'Maths · Level 1',
                teacher: { teacherSn: 'T2', name: 'Wang Fang' },
              }),
              teacherEnteredAt: null,
              late: false,
            },
          ],
        })
      : { status: 404, body: { code: 404, msg: 'not found', data: null } },
  );
}

beforeEach(async () => {
  await changeLanguage('en');
});

describe('today’s classes', () => {
  it('flags a teacher who has not entered 3 minutes after the start, in words', async () => {
    serve();
    renderWithProviders(<TodayPage />, { me: memberOf('admin') });
    expect(await screen.findByText('1 class has started without its teacher')).toBeInTheDocument();
    expect(screen.getAllByText('Teacher late')).toHaveLength(1);
    expect(screen.getByText('Not yet entered')).toBeInTheDocument();
    expect(
      screen.getByText(/Tue,? 24 Nov 2026 on the school’s calendar \(Asia\/Shanghai\)/),
    ).toBeInTheDocument();
  });

  it('says the same in Chinese', async () => {
    await changeLanguage('zh_CN');
    serve();
    renderWithProviders(<TodayPage />, { me: memberOf('admin') });
    expect(await screen.findByText('有 1 节课已开始但老师未进入教室')).toBeInTheDocument();
    expect(screen.getByText('老师迟到')).toBeInTheDocument();
    expect(screen.getByText('尚未进入')).toBeInTheDocument();
  });
});

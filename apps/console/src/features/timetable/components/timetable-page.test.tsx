import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { memberOf, ok, renderWithProviders, stubFetch } from '../../../test/render';
import { catalogueCourse, classRow } from '../testing/fixtures';
import { TimetablePage } from './timetable-page';

const TEACHERS = {
  teachers: [
    {
      teacherSn: 'T1',
      staffId: 3,
      email: 'teacher@example.com',
      nameEn: 'Emma Li',
      nameZh: '李老师',
      photo: 'preset:1',
      photoUrl: '/img/teachers/teacher-1.svg',
      subjectIds: [1],
      timeZone: 'Asia/Shanghai',
      status: 'active',
    },
  ],
};

function serve() {
  return stubFetch((url) => {
    if (url.startsWith('/api/ops/timetable/classes'))
      return ok({
        classes: [
          classRow(),
          classRow({
            lessonSn: 'L9',
            cancelled: true,
            cancelReason: 'public-holiday',
            substituteFor: { teacherSn: 'T2', name: 'Wang Fang' },
          }),
        ],
      });
    if (url.startsWith('/api/ops/catalogue/courses')) return ok({ items: [catalogueCourse()] });
    if (url === '/api/ops/teachers') return ok(TEACHERS);
    return { status: 404, body: { code: 404, msg: 'not found', data: null } };
  });
}

const classCalls = (calls: { url: string }[]) =>
  calls.filter((call) => call.url.startsWith('/api/ops/timetable/classes')).map((call) => call.url);

beforeEach(async () => {
  await changeLanguage('en');
});

describe('the week’s classes', { timeout: 20_000 }, () => {
  it('asks the server for the week of the address, Monday to Sunday, with the filters', async () => {
    const calls = serve();
    renderWithProviders(<TimetablePage />, {
      me: memberOf('admin'),
      route: '/timetable?week=2026-11-26&teacherSn=T1',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Timetable' })).toBeInTheDocument();
    await waitFor(() =>
      expect(classCalls(calls)).toContain(
        '/api/ops/timetable/classes?from=2026-11-23&to=2026-11-29&teacherSn=T1',
      ),
    );
    expect(await screen.findAllByText('Reading · Level 2')).toHaveLength(2);
    expect(screen.getByText('Public holiday')).toBeInTheDocument();
    expect(screen.getByText('Substitute for Wang Fang')).toBeInTheDocument();
    expect(screen.getAllByText('Mia, Leo')).toHaveLength(2);
    expect(screen.getAllByRole('link', { name: 'Reading · Level 2' })[0]).toHaveAttribute(
      'href',
      '/timetable/courses/7',
    );
  });

  it('opens a class’s changes from its menu; a cancelled class takes none', async () => {
    const user = userEvent.setup();
    serve();
    renderWithProviders(<TimetablePage />, { me: memberOf('admin') });
    const menus = await screen.findAllByRole('button', { name: /^Changes to Reading · Level 2/ });
    await user.click(menus[1]!);
    expect(await screen.findByRole('menuitem', { name: 'Cancel the class' })).toBeDisabled();
    await user.keyboard('{Escape}');

    await user.click(menus[0]!);
    // Tomorrow's class: not started, so no attendance yet.
    expect(await screen.findByRole('menuitem', { name: 'Mark attendance' })).toBeDisabled();
    await user.click(screen.getByRole('menuitem', { name: 'Assign a substitute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign a substitute' });
    expect(within(dialog).getByText('Emma Li · 2 children')).toBeInTheDocument();
  });

  it('reads in Chinese', async () => {
    await changeLanguage('zh_CN');
    serve();
    renderWithProviders(<TimetablePage />, { me: memberOf('admin') });
    expect(await screen.findByRole('heading', { level: 1, name: '课表' })).toBeInTheDocument();
    expect(await screen.findByText('法定节假日')).toBeInTheDocument();
    expect(screen.getByText('代Wang Fang上课')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: '课表栏目' })).toBeInTheDocument();
  });
});

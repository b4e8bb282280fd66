import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { memberOf, ok, renderWithProviders, stubFetch } from '../../../test/render';
import { classRow } from '../testing/fixtures';
import { CoverPage } from './cover-page';

const candidate = (teacherSn: string, name: string) => ({ teacherSn, name });
const bodyOf = (call: { init?: RequestInit }) => JSON.parse(String(call.init?.body)) as unknown;

function serve() {
  return stubFetch((url, init) => {
    if (url === '/api/ops/cover' && init?.method === 'POST') return ok({ lessonsCovered: 1 });
    if (url === '/api/ops/cover?teacherSn=T1')
      return ok({
        classes: [
          {
            ...classRow({ lessonSn: 'L1' }),
            candidates: [candidate('T2', 'Wang Fang'), candidate('T3', 'Chen Jie')],
          },
          {
            ...classRow({ lessonSn: 'L7', courseTitle: 'Maths · Level 1' }),
            candidates: [candidate('T2', 'Wang Fang')],
          },
        ],
      });
    if (url === '/api/ops/teachers') return ok({ teachers: [] });
    return { status: 404, body: { code: 404, msg: 'not found', data: null } };
  });
}

const open = () =>
  renderWithProviders(<CoverPage />, {
    me: memberOf('admin'),
    route: '/timetable/cover?teacherSn=T1',
  });

beforeEach(async () => {
  await changeLanguage('en');
});

describe('cover for a teacher’s time off', { timeout: 20_000 }, () => {
  it('assigns one class, or every class to a teacher free for all of them', async () => {
    const user = userEvent.setup();
    const calls = serve();
    open();
    expect(await screen.findByText('Maths · Level 1')).toBeInTheDocument();

    const [first] = screen.getAllByRole('combobox', { name: /^Substitute for the class of/ });
    await user.click(first!);
    await user.click(await screen.findByRole('option', { name: 'Chen Jie' }));
    await user.click(screen.getAllByRole('button', { name: 'Assign' })[0]!);
    await waitFor(() =>
      expect(calls.filter((call) => call.init?.method === 'POST').map(bodyOf)).toEqual([
        { teacherSn: 'T1', substituteSn: 'T3', lessonSns: ['L1'] },
      ]),
    );
    expect(await screen.findByText('1 class covered. The families are told.')).toBeInTheDocument();

    // Only Wang Fang is free for both classes.
    await user.click(screen.getByRole('combobox', { name: 'One substitute for all 2 classes' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Wang Fang']);
    await user.click(options[0]!);
    await user.click(screen.getByRole('button', { name: 'Assign to all' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.init?.method === 'POST').map(bodyOf)).toContainEqual({
        teacherSn: 'T1',
        substituteSn: 'T2',
      }),
    );
  });

  it('reads in Chinese', async () => {
    await changeLanguage('zh_CN');
    serve();
    open();
    expect(await screen.findByRole('heading', { level: 1, name: '代课' })).toBeInTheDocument();
    expect(
      await screen.findByRole('combobox', { name: '为全部 2 节课安排同一位代课老师' }),
    ).toBeInTheDocument();
  });
});

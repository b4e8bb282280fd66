import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import type { TeacherDetail } from '@portal/shared/staff';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { memberOf, ok, renderWithProviders, stubFetch } from '../../../test/render';
import { CATALOGUE, FIGURES, PRESETS, teacherDetail } from '../testing/fixtures';
import { TeacherPage } from './teacher-page';

const admin = memberOf('admin');
const bodyOf = (call: { init?: RequestInit }) => JSON.parse(String(call.init?.body)) as unknown;
type Answer = { status?: number; body: unknown };

/**
 * The teacher's page against a stub server: the profile as `detail`, a save answering the
 * profile with the changes applied; `answer` overrides any call.
 */
function serve(
  answer: (url: string, init?: RequestInit) => Answer | undefined = () => undefined,
  detail: TeacherDetail = teacherDetail(),
) {
  return stubFetch((url, init) => {
    const given = answer(url, init);
    if (given) return given;
    if (url === '/api/ops/teachers/T100001' && init?.method === 'POST')
      return ok({ ...detail, ...(bodyOf({ init }) as object) });
    if (url === '/api/ops/teachers/T100001') return ok(detail);
    if (url.startsWith('/api/ops/teachers/T100001/figures')) return ok(FIGURES);
    if (url === '/api/ops/teachers/T100001/photo')
      return ok({ photoUrl: '/api/teacher-photos/12' });
    if (url === '/api/ops/teachers/T100001/time-off')
      return ok({ id: 8, ...(bodyOf({ init }) as object) });
    if (url.endsWith('/delete')) return ok({ removed: true });
    if (url === '/api/ops/catalogue') return ok(CATALOGUE);
    if (url === '/api/ops/teacher-presets') return ok(PRESETS);
    return { status: 404, body: { code: 404, msg: 'Not found.', data: null } };
  });
}

function renderPage(route = '/teachers/T100001') {
  return renderWithProviders(<TeacherPage />, { route, path: '/teachers/:teacherSn', me: admin });
}

const profile = () => screen.findByRole('form', { name: 'Profile' });
const saves = (calls: { url: string; init?: RequestInit }[]) =>
  calls.filter((call) => call.url === '/api/ops/teachers/T100001' && call.init?.method === 'POST');

beforeEach(async () => {
  await changeLanguage('en');
});

// The profile form holds several Mantine selects, each slow to draw under happy-dom.
describe('a teacher’s page', { timeout: 20_000 }, () => {
  it('shows the profile in its form, the time off and the figures', async () => {
    serve();
    renderPage();
    const form = within(await profile());
    expect(screen.getByRole('heading', { level: 1, name: 'Tia Tan' })).toBeInTheDocument();
    expect(form.getByLabelText('Name in English')).toHaveValue('Tia Tan');
    expect(form.getByLabelText('Name in Chinese')).toHaveValue('谭老师');
    expect(await form.findByRole('radio', { name: 'Photo 2' })).toBeChecked();
    expect(form.getByRole('combobox', { name: /Time zone/ })).toHaveValue('Asia/Shanghai');
    const subjects = form
      .getByRole('combobox', { name: 'Subjects taught' })
      .closest('.mantine-MultiSelect-root')!;
    expect(await within(subjects as HTMLElement).findByText('Reading')).toBeInTheDocument();
    expect(form.getByRole('combobox', { name: 'Weekday of time 1' })).toHaveValue('Monday');
    expect(form.getByLabelText('Start of time 2')).toHaveValue('14:00');
    expect(form.getByLabelText('End of time 2')).toHaveValue('18:00');
    expect(form.queryByRole('combobox', { name: 'Weekday of time 3' })).not.toBeInTheDocument();
    const timeOff = screen.getByText('Spring Festival').closest('tr')!;
    expect(within(timeOff).getByText('Feb 6, 2027 – Feb 13, 2027')).toBeInTheDocument();
    expect(within(timeOff).getByText('8')).toBeInTheDocument();
    expect(await screen.findByText('42')).toBeInTheDocument();
    expect(screen.getByText('4.5 / 5')).toBeInTheDocument();
    expect(screen.getByText('from 8 ratings')).toBeInTheDocument();
    expect(screen.getByText(/Teacher ill: 1 · Closure: 2/)).toBeInTheDocument();
  });

  it('says so for an unknown teacher', async () => {
    serve();
    renderPage('/teachers/T999');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'There is no such teacher.' }),
    ).toBeInTheDocument();
  });

  it('refuses empty names and an availability ending before it starts, sending nothing', async () => {
    const user = userEvent.setup();
    const calls = serve();
    renderPage();
    const form = within(await profile());
    await user.clear(form.getByLabelText('Name in English'));
    fireEvent.change(form.getByLabelText('End of time 1'), { target: { value: '08:00' } });
    await user.click(form.getByRole('button', { name: 'Save the profile' }));
    expect(await form.findByText('Enter the teacher’s name.')).toBeInTheDocument();
    expect(
      form.getByText('Each available time needs a weekday and a start before its end (HH:mm).'),
    ).toBeInTheDocument();
    expect(form.getByLabelText('End of time 1')).toHaveAttribute('aria-invalid', 'true');
    expect(saves(calls)).toHaveLength(0);
  });

  it('refuses two available times that overlap on one day', async () => {
    const user = userEvent.setup();
    const calls = serve();
    renderPage();
    const form = within(await profile());
    await user.click(form.getByRole('button', { name: 'Add a time' }));
    // The new row is Monday 09:00–12:00, as the first one.
    expect(form.getByRole('combobox', { name: 'Weekday of time 3' })).toHaveValue('Monday');
    await user.click(form.getByRole('button', { name: 'Save the profile' }));
    expect(
      await form.findByText('Two available times on the same day overlap.'),
    ).toBeInTheDocument();
    expect(saves(calls)).toHaveLength(0);
  });

  it('saves a preset photo, sending only the photo', async () => {
    const user = userEvent.setup();
    const calls = serve();
    renderPage();
    const form = within(await profile());
    await user.click(await form.findByRole('radio', { name: 'Photo 5' }));
    await user.click(form.getByRole('button', { name: 'Save the profile' }));
    expect(await screen.findByText('The profile is saved.')).toBeInTheDocument();
    expect(saves(calls).map(bodyOf)).toEqual([{ photo: 'preset:5' }]);
  });

  it('edits the availability rows: removes one, adds one, changes it', async () => {
    const user = userEvent.setup();
    const calls = serve();
    renderPage();
    const form = within(await profile());
    await user.click(form.getByRole('button', { name: 'Remove time 1' }));
    expect(form.getByRole('combobox', { name: 'Weekday of time 1' })).toHaveValue('Wednesday');
    await user.click(form.getByRole('button', { name: 'Add a time' }));
    await user.click(form.getByRole('combobox', { name: 'Weekday of time 2' }));
    await user.click(await screen.findByRole('option', { name: 'Friday' }));
    fireEvent.change(form.getByLabelText('Start of time 2'), { target: { value: '10:00' } });
    fireEvent.change(form.getByLabelText('End of time 2'), { target: { value: '11:30' } });
    await user.click(form.getByRole('button', { name: 'Save the profile' }));
    expect(await screen.findByText('The profile is saved.')).toBeInTheDocument();
    expect(saves(calls).map(bodyOf)).toEqual([
      {
        availability: [
          { weekday: 3, start: '14:00', end: '18:00' },
          { weekday: 5, start: '10:00', end: '11:30' },
        ],
      },
    ]);
  });

  it('says when nothing changed instead of saving', async () => {
    const user = userEvent.setup();
    const calls = serve();
    renderPage();
    const form = within(await profile());
    await user.click(form.getByRole('button', { name: 'Save the profile' }));
    expect(await form.findByText('Nothing has changed.')).toBeInTheDocument();
    expect(saves(calls)).toHaveLength(0);
  });

  it('checks an upload’s size and type before sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const calls = serve();
    const { container } = renderPage();
    await profile();
    const input = container.ownerDocument.querySelector<HTMLInputElement>('input[type=file]')!;
    await user.upload(
      input,
      new File([new Uint8Array(1024 * 1024 + 1)], 'big.png', { type: 'image/png' }),
    );
    const form = within(await profile());
    expect(await form.findByText('The picture can be at most 1 MB.')).toBeInTheDocument();
    await user.upload(input, new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }));
    expect(
      await form.findByText('The picture must be a PNG, JPEG or WebP image.'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/photo'))).toBe(false);
  });

  it('uploads a photo as the request body and shows it as the chosen photo', async () => {
    const user = userEvent.setup();
    const calls = serve();
    const { container } = renderPage();
    const form = within(await profile());
    const input = container.ownerDocument.querySelector<HTMLInputElement>('input[type=file]')!;
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', {
      type: 'image/png',
    });
    await user.upload(input, file);
    expect(await screen.findByText('The new photo is saved.')).toBeInTheDocument();
    const upload = calls.find((call) => call.url.endsWith('/photo'))!;
    expect(upload.url).toBe('/api/ops/teachers/T100001/photo');
    // The file's own bytes, sent as octet-stream whatever type the browser gave the file.
    const sent = upload.init?.body as Blob;
    expect(new Uint8Array(await sent.arrayBuffer())).toEqual(
      new Uint8Array(await file.arrayBuffer()),
    );
    expect((upload.init?.headers as Record<string, string>)['content-type']).toBe(
      'application/octet-stream',
    );
    const uploaded = form.getByRole('radio', { name: 'Uploaded photo' });
    expect(uploaded).toBeChecked();
    expect(uploaded.querySelector('img')).toHaveAttribute('src', '/api/teacher-photos/12');
  });

  it('shows the server’s refusal of an upload at the photo', async () => {
    const user = userEvent.setup();
    serve((url) =>
      url.endsWith('/photo')
        ? {
            status: 400,
            body: { code: 400, msg: 'The picture must be a PNG, JPEG or WebP image.', data: null },
          }
        : undefined,
    );
    const { container } = renderPage();
    await profile();
    const input = container.ownerDocument.querySelector<HTMLInputElement>('input[type=file]')!;
    // Named .png but not one: the server reads the bytes.
    await user.upload(input, new File(['not a picture'], 'fake.png', { type: 'image/png' }));
    const form = within(await profile());
    expect(
      await form.findByText('The picture must be a PNG, JPEG or WebP image.'),
    ).toBeInTheDocument();
  });

  it('adds time off as a date range with a note', async () => {
    const user = userEvent.setup();
    const calls = serve();
    renderPage();
    await profile();
    await user.click(screen.getByRole('button', { name: 'Add time off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add time off' });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      await within(dialog).findByText('Choose the first and the last day.'),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Dates' }));
    const month = dayjs().startOf('month');
    await user.click(
      await screen.findByRole('button', { name: month.date(10).format('D MMMM YYYY') }),
    );
    await user.click(screen.getByRole('button', { name: month.date(12).format('D MMMM YYYY') }));
    await user.type(within(dialog).getByLabelText('Note'), 'Family visit');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Time off added.')).toBeInTheDocument();
    const add = calls.find((call) => call.url.endsWith('/time-off'))!;
    expect(bodyOf(add)).toEqual({
      startsOn: month.date(10).format('YYYY-MM-DD'),
      endsOn: month.date(12).format('YYYY-MM-DD'),
      note: 'Family visit',
    });
    await waitFor(() =>
      expect(calls.filter((call) => call.url === '/api/ops/teachers/T100001')).toHaveLength(2),
    );
  });

  it('shows the server’s refusal of a time-off range in the dialog', async () => {
    const user = userEvent.setup();
    serve((url) =>
      url.endsWith('/time-off')
        ? {
            status: 400,
            body: { code: 400, msg: 'Time off can be at most 366 days at a time.', data: null },
          }
        : undefined,
    );
    renderPage();
    await profile();
    await user.click(screen.getByRole('button', { name: 'Add time off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add time off' });
    await user.click(within(dialog).getByRole('button', { name: 'Dates' }));
    const month = dayjs().startOf('month');
    await user.click(
      await screen.findByRole('button', { name: month.date(3).format('D MMMM YYYY') }),
    );
    await user.click(screen.getByRole('button', { name: month.date(4).format('D MMMM YYYY') }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      await within(dialog).findByText('Time off can be at most 366 days at a time.'),
    ).toBeInTheDocument();
  });

  it('removes time off after confirming', async () => {
    const user = userEvent.setup();
    const calls = serve();
    renderPage();
    await user.click(
      await screen.findByRole('button', { name: 'Remove the time off Feb 6, 2027 – Feb 13, 2027' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove this time off?' });
    expect(calls.some((call) => call.url.endsWith('/delete'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Time off removed.')).toBeInTheDocument();
    expect(calls.filter((call) => call.url.endsWith('/delete')).map((call) => call.url)).toEqual([
      '/api/ops/teachers/T100001/time-off/7/delete',
    ]);
  });

  it('reads the figures over the period in the URL', async () => {
    const calls = serve();
    renderPage('/teachers/T100001?from=2026-10-01&to=2026-10-31');
    await screen.findByText('42');
    expect(calls.find((call) => call.url.includes('/figures'))!.url).toBe(
      '/api/ops/teachers/T100001/figures?from=2026-10-01&to=2026-10-31',
    );
  });

  it('reads in Chinese', async () => {
    await changeLanguage('zh_CN');
    serve();
    renderPage();
    const form = within(await screen.findByRole('form', { name: '资料' }));
    expect(form.getByLabelText('英文姓名')).toHaveValue('Tia Tan');
    expect(form.getByLabelText('中文姓名')).toHaveValue('谭老师');
    expect(form.getByRole('combobox', { name: '第 1 个时段的星期' })).toHaveValue('星期一');
    expect(form.getByRole('button', { name: '保存资料' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '添加请假' })).toBeInTheDocument();
    expect(screen.getByText('2027年2月6日 – 2027年2月13日')).toBeInTheDocument();
    expect(await screen.findByText('共 8 个评分')).toBeInTheDocument();
    expect(screen.getByText(/老师生病：1/)).toBeInTheDocument();
  });
});

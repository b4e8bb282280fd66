import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router';
import { changeLanguage } from '../../../lib/i18n';
import { memberOf, ok, renderWithProviders, stubFetch } from '../../../test/render';
import { CATALOGUE, PRESETS, staffMember, teacherSummary } from '../testing/fixtures';
import { TeachersPage } from './teachers-page';

const admin = memberOf('admin');
const teachers = [
  teacherSummary(),
  teacherSummary({
    teacherSn: 'T100002',
    staffId: 4,
    email: 'off@example.com',
    nameEn: 'Omar Off',
    nameZh: '欧老师',
    photoUrl: '/api/teacher-photos/9',
    photo: 'upload:9',
    subjectIds: [],
    timeZone: 'America/New_York',
    status: 'disabled',
  }),
];
const staff = [
  staffMember(),
  staffMember({ id: 4, email: 'off@example.com', name: 'Omar Off', status: 'disabled' }),
  staffMember({ id: 8, email: 'nina@example.com', name: 'Nina New', status: 'invited' }),
  staffMember({ id: 9, email: 'gone@example.com', name: 'Gus Gone', status: 'disabled' }),
];
const bodyOf = (call: { init?: RequestInit }) => JSON.parse(String(call.init?.body)) as unknown;

function serve(
  create: () => { status?: number; body: unknown } = () =>
    ok(teacherSummary({ teacherSn: 'T100008', staffId: 8, nameEn: 'Nina New' })),
) {
  return stubFetch((url, init) => {
    if (url === '/api/ops/teachers' && init?.method === 'POST') return create();
    if (url === '/api/ops/teachers') return ok({ teachers });
    if (url === '/api/ops/catalogue') return ok(CATALOGUE);
    if (url === '/api/ops/teacher-presets') return ok(PRESETS);
    if (url.startsWith('/api/ops/staff?')) return ok({ items: staff, total: staff.length });
    return ok(null);
  });
}

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/teachers" element={<TeachersPage />} />
      <Route path="/teachers/:teacherSn" element={<p>The page of a teacher</p>} />
    </Routes>,
    { route: '/teachers', me: admin },
  );
}

beforeEach(async () => {
  await changeLanguage('en');
});

// The profile form holds several Mantine selects, each slow to draw under happy-dom.
describe('the teachers list', { timeout: 20_000 }, () => {
  it('shows each teacher’s photo, names, subjects, zone and account', async () => {
    serve();
    renderPage();
    const row = (await screen.findByRole('link', { name: 'Open the profile of Tia Tan' })).closest(
      'tr',
    )!;
    expect(within(row).getByText('谭老师')).toBeInTheDocument();
    expect(within(row).getByText('teacher@example.com')).toBeInTheDocument();
    expect(await within(row).findByText('Reading, Maths')).toBeInTheDocument();
    expect(within(row).getByText('Asia/Shanghai')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(row.querySelector('img')).toHaveAttribute('src', '/img/teachers/teacher-2.svg');
    const off = screen.getByText('Omar Off').closest('tr')!;
    expect(within(off).getByText('None yet')).toBeInTheDocument();
    expect(within(off).getByText('Disabled')).toBeInTheDocument();
    expect(off.querySelector('img')).toHaveAttribute('src', '/api/teacher-photos/9');
  });

  it('opens a teacher’s page from their row', async () => {
    const user = userEvent.setup();
    serve();
    renderPage();
    await user.click(await screen.findByText('America/New_York'));
    expect(await screen.findByText('The page of a teacher')).toBeInTheDocument();
  });

  it('creates a profile for a teacher-role member without one, then opens it', async () => {
    const user = userEvent.setup();
    const calls = serve();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add a teacher profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a teacher profile' });
    await user.click(within(dialog).getByRole('button', { name: 'Create the profile' }));
    expect(await within(dialog).findByText('Choose the staff member.')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Enter the teacher’s name.')).toHaveLength(2);

    // Only members with no profile who can still sign in are offered.
    await user.click(within(dialog).getByRole('combobox', { name: 'Staff member' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Nina New (nina@example.com)']);
    await user.click(screen.getByRole('option', { name: 'Nina New (nina@example.com)' }));
    expect(within(dialog).getByLabelText('Name in English')).toHaveValue('Nina New');
    await user.type(within(dialog).getByLabelText('Name in Chinese'), '倪老师');
    await user.click(await within(dialog).findByRole('radio', { name: 'Photo 4' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Subjects taught' }));
    await user.click(await screen.findByRole('option', { name: 'Science' }));
    const zone = within(dialog).getByRole('combobox', { name: /Time zone/ });
    await user.click(zone);
    fireEvent.change(zone, { target: { value: 'Europe/Lon' } });
    await user.click(await screen.findByRole('option', { name: 'Europe/London' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create the profile' }));

    expect(await screen.findByText('The page of a teacher')).toBeInTheDocument();
    expect(screen.getByText('The profile of Nina New is created.')).toBeInTheDocument();
    const create = calls.find((call) => call.init?.method === 'POST')!;
    expect(bodyOf(create)).toEqual({
      staffId: 8,
      nameEn: 'Nina New',
      nameZh: '倪老师',
      photo: 'preset:4',
      subjectIds: [3],
      timeZone: 'Europe/London',
      availability: [],
    });
  });

  it('shows the server’s refusal at the staff member', async () => {
    const user = userEvent.setup();
    serve(() => ({
      status: 409,
      body: { code: 409, msg: 'This staff member already has a teacher profile.', data: null },
    }));
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add a teacher profile' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: 'Staff member' }));
    await user.click(await screen.findByRole('option', { name: /Nina New/ }));
    await user.type(within(dialog).getByLabelText('Name in Chinese'), '倪老师');
    await user.click(within(dialog).getByRole('button', { name: 'Create the profile' }));
    const member = within(dialog).getByRole('combobox', { name: 'Staff member' });
    await waitFor(() => expect(member).toHaveAttribute('aria-invalid', 'true'));
    expect(
      within(dialog).getByText('This staff member already has a teacher profile.'),
    ).toBeInTheDocument();
  });

  it('reads in Chinese', async () => {
    await changeLanguage('zh_CN');
    serve();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: '教师管理' })).toBeInTheDocument();
    const row = (await screen.findByText('Tia Tan')).closest('tr')!;
    expect(await within(row).findByText('阅读、数学')).toBeInTheDocument();
    expect(within(row).getByText('正常')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '科目' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '添加老师资料' })).toBeInTheDocument();
  });
});

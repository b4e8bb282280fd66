import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CatalogueCourse, CatalogueTeacherOption, CatalogueTree } from '@portal/shared/staff';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { ok, renderWithProviders, stubFetch } from '../../../test/render';
import { CourseDialog } from './course-form';

const tree: CatalogueTree = {
  subjects: [
    {
      id: 1,
      titleEn: 'English Reading',
      titleZh: '英语阅读',
      descriptionEn: '',
      descriptionZh: '',
      img: '/img/subjects/reading.svg',
      sort: 0,
    },
    {
      id: 2,
      titleEn: 'Math Thinking',
      titleZh: '数学思维',
      descriptionEn: '',
      descriptionZh: '',
      img: '/img/subjects/math.svg',
      sort: 1,
    },
  ],
  levelGroups: [
    { id: 10, subjectId: 1, titleEn: 'Starter', titleZh: '入门', sort: 0 },
    { id: 20, subjectId: 2, titleEn: 'Starter', titleZh: '入门', sort: 0 },
  ],
  levels: [
    {
      id: 100,
      subjectId: 1,
      levelGroupId: 10,
      titleEn: 'Level 1',
      titleZh: '一级',
      ageFrom: 4,
      ageTo: 6,
      descriptionEn: '',
      descriptionZh: '',
      sort: 0,
      topics: 8,
    },
    {
      id: 200,
      subjectId: 2,
      levelGroupId: 20,
      titleEn: 'Numbers',
      titleZh: '数字',
      ageFrom: 5,
      ageTo: 7,
      descriptionEn: '',
      descriptionZh: '',
      sort: 0,
      topics: 6,
    },
  ],
  subjectImages: ['/img/subjects/reading.svg'],
};

const teachers: CatalogueTeacherOption[] = [
  { id: 7, teacherSn: 'T7', nameEn: 'Tess Teacher', nameZh: '泰老师' },
];

const enrolledCourse: CatalogueCourse = {
  id: 55,
  subjectId: 1,
  levelId: 100,
  titleEn: 'English Reading · Level 1',
  titleZh: '英语阅读 · 一级',
  classType: 'small_group',
  capacity: 6,
  enrolled: 4,
  creditsPerLesson: 1,
  durationMinutes: 45,
  totalLessons: 24,
  isPublic: true,
  timeZone: 'America/New_York',
  teacher: teachers[0]!,
  slots: [
    { weekday: 1, time: '18:00' },
    { weekday: 3, time: '18:00' },
  ],
  retiredAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
};

const bodyOf = (call: { init?: RequestInit }) => JSON.parse(String(call.init?.body)) as unknown;

function open(course: CatalogueCourse | 'new' = 'new') {
  renderWithProviders(
    <CourseDialog course={course} tree={tree} teachers={teachers} onClose={() => undefined} />,
  );
  return screen.findByRole('dialog');
}

async function choose(dialog: HTMLElement, label: string, option: string) {
  const user = userEvent.setup();
  await user.click(within(dialog).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

// The screens render a large form or table: on a loaded machine a first answer takes seconds.
configure({ asyncUtilTimeout: 8000 });

beforeEach(async () => {
  await changeLanguage('en');
});

/** Each journey types and picks through a large form: slow in happy-dom on a loaded machine. */
const JOURNEY = { timeout: 30_000 };

describe('the course form', JOURNEY, () => {
  it('says what is missing, at each field, and sends nothing', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(() => ok(null));
    const dialog = await open();
    expect(within(dialog).getByRole('heading', { name: 'Add a course' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose a level.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a weekday.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Enter the time as HH:mm, for example 18:30.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Time (HH:mm)')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(within(dialog).getByLabelText('Capacity (children)'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('A group course takes 2 to 100 children.'),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('refuses weekly times that overlap for the lesson length', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(() => ok(null));
    const dialog = await open();
    await choose(dialog, 'Subject', 'English Reading');
    await choose(dialog, 'Level', 'Level 1');
    await choose(dialog, 'Weekday', 'Monday');
    await user.type(within(dialog).getByLabelText('Time (HH:mm)'), '18:00');
    await user.click(within(dialog).getByRole('button', { name: 'Add a weekly time' }));
    const [, second] = within(dialog).getAllByRole('combobox', { name: 'Weekday' });
    await user.click(second!);
    await user.click(await screen.findByRole('option', { name: 'Monday' }));
    await user.type(within(dialog).getAllByLabelText('Time (HH:mm)')[1]!, '18:30');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'Two weekly times overlap: each lesson must end before the next begins.',
      ),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends the course with its weekly times in the chosen zone, and says it was added', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(() => ok(enrolledCourse));
    const dialog = await open();
    await choose(dialog, 'Subject', 'Math Thinking');
    await choose(dialog, 'Level', 'Numbers');
    await choose(dialog, 'Class type', 'One-on-one');
    expect(within(dialog).getByLabelText('Capacity (children)')).toHaveValue('1');
    await user.clear(within(dialog).getByLabelText('Credits per lesson'));
    await user.type(within(dialog).getByLabelText('Credits per lesson'), '2');
    await choose(dialog, 'Teacher', 'Tess Teacher');
    const zone = within(dialog).getByRole('combobox', { name: 'Time zone' });
    await user.clear(zone);
    await user.type(zone, 'New_York');
    await user.click(await screen.findByRole('option', { name: 'America/New_York' }));
    await choose(dialog, 'Weekday', 'Saturday');
    await user.type(within(dialog).getByLabelText('Time (HH:mm)'), '09:30');
    await user.click(within(dialog).getByLabelText('Shown on the public schedule'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Course added.')).toBeInTheDocument();
    const post = calls.find((call) => call.init?.method === 'POST')!;
    expect(post.url).toBe('/api/ops/catalogue/courses');
    expect(bodyOf(post)).toEqual({
      levelId: 200,
      classType: 'one_on_one',
      capacity: 1,
      creditsPerLesson: 2,
      durationMinutes: 45,
      totalLessons: 24,
      isPublic: false,
      timeZone: 'America/New_York',
      teacherId: 7,
      slots: [{ weekday: 6, time: '09:30' }],
    });
  });

  it('locks the planned schedule of a course with children, and shows a refusal at its field', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(() => ({
      status: 409,
      body: {
        code: 409,
        msg: '4 children are enrolled in this course: the capacity cannot be lower.',
        data: null,
      },
    }));
    const dialog = await open(enrolledCourse);
    expect(
      within(dialog).getByText(/4 children are enrolled: the level, time zone, duration/),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Level' })).toBeDisabled();
    expect(within(dialog).getByRole('combobox', { name: 'Time zone' })).toBeDisabled();
    expect(within(dialog).getByLabelText('Duration (minutes)')).toBeDisabled();
    expect(within(dialog).getAllByLabelText('Time (HH:mm)')[0]).toBeDisabled();
    const capacity = within(dialog).getByLabelText('Capacity (children)');
    await user.clear(capacity);
    await user.type(capacity, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(capacity).toHaveAttribute('aria-invalid', 'true'));
    expect(
      within(dialog).getByText(
        '4 children are enrolled in this course: the capacity cannot be lower.',
      ),
    ).toBeInTheDocument();
    const post = calls.find((call) => call.init?.method === 'POST')!;
    expect(post.url).toBe('/api/ops/catalogue/courses/55');
    expect(bodyOf(post)).toMatchObject({
      levelId: 100,
      capacity: 3,
      timeZone: 'America/New_York',
      slots: enrolledCourse.slots,
    });
  });
});

describe('the course form in Chinese', JOURNEY, () => {
  it('labels both languages and explains the refusals in Chinese', async () => {
    await changeLanguage('zh_CN');
    const user = userEvent.setup();
    const calls = stubFetch(() => ok(enrolledCourse));
    const dialog = await open();
    expect(within(dialog).getByRole('heading', { name: '添加课程' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请选择级别。')).toBeInTheDocument();
    expect(within(dialog).getByText('请选择星期几。')).toBeInTheDocument();
    expect(within(dialog).getByText('请按 HH:mm 格式填写时间，例如 18:30。')).toBeInTheDocument();
    await choose(dialog, '科目', '英语阅读');
    await choose(dialog, '级别', '一级');
    await choose(dialog, '星期', '星期三');
    await user.type(within(dialog).getByLabelText('时间（HH:mm）'), '19:00');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('课程已添加。')).toBeInTheDocument();
    const post = calls.find((call) => call.init?.method === 'POST')!;
    expect(bodyOf(post)).toMatchObject({ levelId: 100, slots: [{ weekday: 3, time: '19:00' }] });
  });
});

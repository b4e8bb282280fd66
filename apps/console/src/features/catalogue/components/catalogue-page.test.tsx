import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  CatalogueAgreement,
  CatalogueCourse,
  CatalogueTopic,
  CatalogueTree,
} from '@portal/shared/staff';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { memberOf, ok, renderWithProviders, stubFetch } from '../../../test/render';
import { CataloguePage } from './catalogue-page';

const admin = memberOf('admin');

const tree: CatalogueTree = {
  subjects: [
    {
      id: 1,
      titleEn: 'English Reading',
      titleZh: '英语阅读',
      descriptionEn: 'Phonics and stories',
      descriptionZh: '自然拼读与故事',
      img: '/img/subjects/reading.svg',
      sort: 0,
    },
  ],
  levelGroups: [{ id: 10, subjectId: 1, titleEn: 'Starter', titleZh: '入门', sort: 0 }],
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
      topics: 3,
    },
  ],
  subjectImages: ['/img/subjects/reading.svg', '/img/subjects/math.svg'],
};

const topics: CatalogueTopic[] = [
  { id: 1001, levelId: 100, position: 1, titleEn: 'Short vowels', titleZh: '短元音' },
  { id: 1002, levelId: 100, position: 2, titleEn: 'Long vowels', titleZh: '长元音' },
  { id: 1003, levelId: 100, position: 3, titleEn: 'Colours', titleZh: '颜色' },
];

const course: CatalogueCourse = {
  id: 55,
  subjectId: 1,
  levelId: 100,
  titleEn: 'English Reading · Level 1',
  titleZh: '英语阅读 · 一级',
  classType: 'small_group',
  capacity: 6,
  enrolled: 2,
  creditsPerLesson: 1,
  durationMinutes: 45,
  totalLessons: 24,
  isPublic: true,
  timeZone: 'Asia/Shanghai',
  teacher: null,
  slots: [
    { weekday: 1, time: '18:00' },
    { weekday: 3, time: '18:00' },
  ],
  retiredAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
};

const agreement = (kind: CatalogueAgreement['kind'], titleEn: string): CatalogueAgreement => ({
  kind,
  titleEn,
  htmlEn: '<h2>Terms</h2>',
  titleZh: '协议',
  htmlZh: '<h2>条款</h2>',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const agreements = [
  agreement('service', 'User Agreement'),
  agreement('privacy', 'Privacy Policy'),
  agreement('contract', 'Purchase Contract'),
];

const bodyOf = (call: { init?: RequestInit }) => JSON.parse(String(call.init?.body)) as unknown;

/** A fake server: the topics keep the order last saved (the page refetches after a change). */
function serve(refuse?: { url: string; msg: string }) {
  let levelTopics = topics;
  return stubFetch((url, init) => {
    if (refuse && url === refuse.url && init?.method === 'POST')
      return { status: 400, body: { code: 400, msg: refuse.msg, data: null } };
    if (url === '/api/ops/catalogue') return ok(tree);
    if (url === '/api/ops/catalogue/teachers') return ok({ items: [] });
    if (url === '/api/ops/catalogue/levels/100/topics') return ok({ items: levelTopics });
    if (url === '/api/ops/catalogue/levels/100/topics/order') {
      const ids = (bodyOf({ init }) as { topicIds: number[] }).topicIds;
      levelTopics = ids.map((id, index) => ({
        ...topics.find((topic) => topic.id === id)!,
        position: index + 1,
      }));
      return ok({ items: levelTopics });
    }
    if (url.startsWith('/api/ops/catalogue/courses/55/retire'))
      return ok({ ...course, retiredAt: '2026-11-24T00:00:00.000Z' });
    if (url.startsWith('/api/ops/catalogue/courses')) return ok({ items: [course] });
    if (url === '/api/ops/catalogue/agreements') return ok({ items: agreements });
    if (url === '/api/ops/catalogue/agreements/service')
      return ok({ ...agreements[0]!, ...(bodyOf({ init }) as object) });
    return ok({ id: 1 });
  });
}

const JOURNEY = { timeout: 30_000 };

// The screens render a large form or table: on a loaded machine a first answer takes seconds.
configure({ asyncUtilTimeout: 8000 });

beforeEach(async () => {
  await changeLanguage('en');
});

describe('the catalogue page', JOURNEY, () => {
  it('lists the subjects with both titles and opens the edit form with both languages', async () => {
    const user = userEvent.setup();
    const calls = serve();
    renderWithProviders(<CataloguePage />, { route: '/catalogue', me: admin });
    const row = (await screen.findByText('English Reading')).closest('tr')!;
    expect(within(row).getByText('英语阅读')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Edit English Reading' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the subject English Reading' });
    expect(within(dialog).getByText('English')).toBeInTheDocument();
    expect(within(dialog).getByText('中文')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Description (Chinese)')).toHaveValue('自然拼读与故事');
    await user.clear(within(dialog).getByLabelText('Title (Chinese)'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter the Chinese title.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Title (Chinese)'), '英文阅读');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    const post = calls.find((call) => call.init?.method === 'POST')!;
    expect(post.url).toBe('/api/ops/catalogue/subjects/1');
    expect(bodyOf(post)).toEqual({
      titleEn: 'English Reading',
      titleZh: '英文阅读',
      descriptionEn: 'Phonics and stories',
      descriptionZh: '自然拼读与故事',
      img: '/img/subjects/reading.svg',
      sort: 0,
    });
  });

  it('moves a topic up by saving the whole new order', async () => {
    const user = userEvent.setup();
    const calls = serve();
    renderWithProviders(<CataloguePage />, {
      route: '/catalogue?tab=topics&subject=1&level=100',
      me: admin,
    });
    await screen.findByText('Colours');
    expect(screen.getByRole('button', { name: 'Move “Short vowels” up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move “Colours” up' }));
    expect(await screen.findByText('Order saved.')).toBeInTheDocument();
    const post = calls.find((call) => call.url.endsWith('/topics/order'))!;
    expect(bodyOf(post)).toEqual({ topicIds: [1001, 1003, 1002] });
    await waitFor(() => {
      const rows = screen.getAllByRole('row').slice(1);
      expect(within(rows[1]!).getByText('Colours')).toBeInTheDocument();
      expect(within(rows[1]!).getByText('2')).toBeInTheDocument();
    });
  });

  it('retires a course after confirming, warning of the children enrolled', async () => {
    const user = userEvent.setup();
    const calls = serve();
    renderWithProviders(<CataloguePage />, { route: '/catalogue?tab=courses', me: admin });
    const row = (await screen.findByText('English Reading · Level 1')).closest('tr')!;
    expect(within(row).getByText('Mon 18:00, Wed 18:00')).toBeInTheDocument();
    expect(within(row).getByText('2 of 6')).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/ops/catalogue/courses?status=active')).toBe(
      true,
    );
    await user.click(
      within(row).getByRole('button', { name: 'Actions for English Reading · Level 1' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Retire' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Retire English Reading · Level 1?',
    });
    expect(within(dialog).getByText(/2 children are still enrolled/)).toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/retire'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Retire' }));
    expect(await screen.findByText('English Reading · Level 1 is retired.')).toBeInTheDocument();
    expect(
      calls.filter((call) => call.url === '/api/ops/catalogue/courses/55/retire'),
    ).toHaveLength(1);
  });

  it('saves an agreement in both languages and shows a refusal at its text', async () => {
    const user = userEvent.setup();
    const calls = serve({
      url: '/api/ops/catalogue/agreements/service',
      msg: 'Nothing is left of the English text once scripts and unsupported tags are removed.',
    });
    renderWithProviders(<CataloguePage />, { route: '/catalogue?tab=agreements', me: admin });
    const english = await screen.findByLabelText('Text (English, HTML)');
    expect(english).toHaveValue('<h2>Terms</h2>');
    expect(screen.getByLabelText('Text (Chinese, HTML)')).toHaveValue('<h2>条款</h2>');
    await user.clear(english);
    await user.type(english, 'Hello');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(english).toHaveAttribute('aria-invalid', 'true'));
    const post = calls.find((call) => call.init?.method === 'POST')!;
    expect(bodyOf(post)).toEqual({
      titleEn: 'User Agreement',
      htmlEn: 'Hello',
      titleZh: '协议',
      htmlZh: '<h2>条款</h2>',
    });
  });

  it('reads in Chinese', async () => {
    await changeLanguage('zh_CN');
    serve();
    renderWithProviders(<CataloguePage />, { route: '/catalogue?tab=courses', me: admin });
    expect(await screen.findByRole('heading', { name: '课程目录' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '主题' })).toBeInTheDocument();
    const row = (await screen.findByText('英语阅读 · 一级')).closest('tr')!;
    expect(within(row).getByText('周一 18:00, 周三 18:00')).toBeInTheDocument();
    expect(within(row).getByText('小班课')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '添加课程' })).toBeInTheDocument();
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import type { Prefetch } from '@portal/web-kit/query-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHELL_MARKS } from '../app/shell/start-app';
import { prefetchRecharge } from '../features/billing/api/prefetch';
import { prefetchDashboard, prefetchUpcoming } from '../features/lessons/api/prefetch';
import { profileFixture } from '../test/profile';
import { changeLanguage } from './i18n';

/** index.html's inline script, as every page runs it before the app's code. */
const INLINE = /<script>([\s\S]*?)<\/script>/.exec(
  readFileSync(path.resolve(__dirname, '../../index.html'), 'utf8'),
)![1]!;

const PROFILE = profileFixture({
  student_info: {
    student_sn: 'S 1',
    avatar: '',
    nickname: 'Leo',
    month_complete: 0,
    month_pending: 0,
    month_no_show: 0,
  },
});

let sent: { url: string; headers: Record<string, string> }[] = [];

beforeEach(() => {
  sent = [];
  document.body.innerHTML = '<div id="root"></div>';
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    sent.push({ url: String(url), headers: (init?.headers ?? {}) as Record<string, string> });
    const data = String(url).startsWith('/api/user/profile') ? PROFILE : [];
    return new Response(JSON.stringify({ code: 200, msg: 'ok', data, total: 0, now_status: 0 }), {
      headers: { 'content-type': 'application/json' },
    });
  });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  delete window.__earlyCalls;
  await changeLanguage('en');
});

/** Opens `url` the way a parent's browser does: the document's script first. */
async function openPage(url: string) {
  window.history.replaceState(null, '', url);
  new Function(INLINE)();
  // The lesson list waits for the profile's answer, which names the child.
  await vi.waitFor(() => expect(sent.length).toBeGreaterThan(0));
  await new Promise((resolve) => setTimeout(resolve, 20));
  return sent.map((call) => call.url);
}

describe('the first calls the document sends (decision 052)', () => {
  it.each<[string, Prefetch, 'en' | 'zh_CN']>([
    ['/home/children/AttendClassNow', prefetchUpcoming, 'en'],
    ['/home/children/AttendClassNow', prefetchUpcoming, 'zh_CN'],
    ['/index', prefetchDashboard, 'en'],
    ['/index?tab=schedule&page=3&student=S1', prefetchDashboard, 'zh_CN'],
    ['/index?tab=course', prefetchDashboard, 'en'],
    ['/index?type=1', prefetchDashboard, 'en'],
    ['/recharge', prefetchRecharge, 'en'],
  ])(
    '%s (%s): are the calls the screen makes first, and it sends none again',
    async (url, prefetch, language) => {
      localStorage.setItem('token', 'tok');
      localStorage.setItem('lang', language);
      await changeLanguage(language);
      const early = await openPage(url);
      expect(sent.every((call) => call.headers.authorization === 'Bearer tok')).toBe(true);
      expect(sent.every((call) => call.headers.lang === language)).toBe(true);

      const client = new QueryClient();
      await prefetch(client, new URL(url, window.location.origin));
      await vi.waitFor(() => expect(client.isFetching()).toBe(0));
      // Every call the screen's prefetch made was answered from the document's, none sent again…
      expect(sent.map((call) => call.url)).toEqual(early);
      // …and the document sent nothing the screen does not ask for.
      expect([...(window.__earlyCalls?.keys() ?? [])]).toEqual([]);
      expect(early.length).toBeGreaterThanOrEqual(3);
    },
  );

  it('asks for the child the profile named last time beside the profile; the screen takes it', async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('currentStudent', 'S 1');
    const url = '/home/children/AttendClassNow';
    window.history.replaceState(null, '', url);
    new Function(INLINE)();
    // Sent in the same turn as the profile, before any answer.
    const lessonsCall = /^\/api\/userSchedukeForStudentSeven\?.*student_sn=S\+1/;
    expect(sent.map((call) => call.url).some((sentUrl) => lessonsCall.test(sentUrl))).toBe(true);
    const early = sent.map((call) => call.url);

    const client = new QueryClient();
    await prefetchUpcoming(client, new URL(url, window.location.origin));
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    expect(sent.map((call) => call.url)).toEqual(early);
    expect([...(window.__earlyCalls?.keys() ?? [])]).toEqual([]);
  });

  it('asks again when the profile now names another child, and remembers that one', async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('currentStudent', 'S 9');
    const url = '/home/children/AttendClassNow';
    const early = await openPage(url);
    const client = new QueryClient();
    await prefetchUpcoming(client, new URL(url, window.location.origin));
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    const again = sent.slice(early.length).map((call) => call.url);
    expect(again).toEqual([expect.stringMatching(/student_sn=S\+1&/)]);
    expect(localStorage.getItem('currentStudent')).toBe('S 1');
  });

  it('sends nothing without a session, or on screens it does not know', async () => {
    window.history.replaceState(null, '', '/index');
    new Function(INLINE)();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toEqual([]);
    localStorage.setItem('token', 'tok');
    window.history.replaceState(null, '', '/home/children/Information');
    new Function(INLINE)();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toEqual([]);
  });

  it('is not used for another session or language: the app asks again', async () => {
    localStorage.setItem('token', 'old');
    await openPage('/recharge');
    const count = sent.length;
    localStorage.setItem('token', 'new');
    const client = new QueryClient();
    await prefetchRecharge(client, new URL('/recharge', window.location.origin));
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    expect(sent.slice(count).every((call) => call.headers.authorization === 'Bearer new')).toBe(
      true,
    );
    expect(sent.length).toBe(count * 2);
  });
});

describe('the pre-rendered page the document keeps (decisions 026 and 052)', () => {
  const root = () => document.getElementById('root')!;
  it.each([
    // stored lang, browser language, shell language, signed-in shell, session → kept
    [null, 'en-US', 'en', false, false, true],
    [null, 'zh-CN', 'zh_CN', false, false, true],
    [null, 'zh-CN', 'en', false, false, false],
    [null, 'fr-FR', 'en', false, false, true],
    ['zh_CN', 'en-US', 'zh_CN', false, false, true],
    ['zh_CN', 'en-US', 'en', false, false, false],
    ['en', 'zh-CN', 'en', false, false, true],
    ['klingon', 'zh-Hans-CN', 'zh_CN', false, false, true],
    [null, 'en-US', 'en', false, true, false],
    [null, 'en-US', 'en', true, true, true],
    [null, 'en-US', 'en', true, false, false],
    ['zh_CN', 'en-US', 'en', true, true, false],
  ])(
    'lang=%j, browser %s, %s shell (signed in: %s), session %s → kept %s',
    (stored, browser, shell, signedInShell, session, kept) => {
      if (stored) localStorage.setItem('lang', stored);
      if (session) localStorage.setItem('token', 'tok');
      vi.stubGlobal('navigator', { ...navigator, language: browser });
      root().setAttribute('data-shell', shell);
      if (signedInShell) root().setAttribute('data-session', '');
      root().setAttribute('aria-disabled', 'true');
      root().innerHTML = '<form><input></form>';
      window.history.replaceState(null, '', '/nowhere');
      new Function(INLINE)();
      expect(root().hasAttribute('data-shell')).toBe(kept);
      expect(root().hasAttribute('aria-disabled')).toBe(kept);
      expect(root().childElementCount).toBe(kept ? 1 : 0);
    },
  );

  const started = () =>
    [...document.head.querySelectorAll('script[type="module"]')].map((script) =>
      script.getAttribute('src'),
    );

  it('requests the app once a kept page has painted, or after a second', () => {
    vi.useFakeTimers();
    try {
      document.head.innerHTML = '';
      vi.stubGlobal('navigator', { ...navigator, language: 'en-US' });
      root().setAttribute('data-shell', 'en');
      root().setAttribute('data-scripts', '/assets/index.js /assets/a.js /assets/b.js');
      window.history.replaceState(null, '', '/');
      new Function(INLINE)();
      // happy-dom reports no paint: the second's fallback starts it.
      expect(started()).toEqual([]);
      vi.advanceTimersByTime(1000);
      expect(started()).toEqual(['/assets/index.js']);
      const preloads = [...document.head.querySelectorAll('link[rel="modulepreload"]')];
      expect(preloads.map((link) => link.getAttribute('href'))).toEqual([
        '/assets/a.js',
        '/assets/b.js',
      ]);
      vi.advanceTimersByTime(5000);
      expect(started()).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('requests the app at once when the page was dropped', () => {
    document.head.innerHTML = '';
    vi.stubGlobal('navigator', { ...navigator, language: 'zh-CN' });
    root().setAttribute('data-shell', 'en');
    root().setAttribute('data-scripts', '/assets/index.js');
    window.history.replaceState(null, '', '/');
    new Function(INLINE)();
    expect(started()).toEqual(['/assets/index.js']);
  });

  it('keeps a form in the page from reloading it until the app has it', () => {
    vi.stubGlobal('navigator', { ...navigator, language: 'en-US' });
    root().setAttribute('data-shell', 'en');
    root().innerHTML = '<form><input></form>';
    window.history.replaceState(null, '', '/');
    new Function(INLINE)();
    const submit = () => {
      const event = new Event('submit', { bubbles: true, cancelable: true });
      root().querySelector('form')!.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(submit()).toBe(true);
    root().removeAttribute('data-shell');
    expect(submit()).toBe(false);
  });
});

describe('a screen the server drew with the parent’s data (decision 056)', () => {
  const offset = String(-new Date().getTimezoneOffset());
  /** The page as the server sends it: the screen, its answers, the offset it was drawn for. */
  function drawnPage(timeDiff: string) {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('lang', 'en');
    const element = document.getElementById('root')!;
    for (const [name, value] of Object.entries({
      'data-drawn': '',
      'data-time-diff': timeDiff,
      'data-shell': 'en',
      'data-session': '',
      'aria-disabled': 'true',
    }))
      element.setAttribute(name, value);
    element.innerHTML =
      '<article data-testid="lesson-card">Phonics</article><script type="application/json" id="drawn-state">{}</script>';
    window.history.replaceState(null, '', '/home/children/AttendClassNow');
    new Function(INLINE)();
    return element;
  }

  it('stays, and the document asks for nothing: the answers are in it', async () => {
    const element = drawnPage(offset);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(element.querySelector('[data-testid="lesson-card"]')).not.toBeNull();
    expect(element.hasAttribute('data-drawn')).toBe(true);
    expect(sent).toEqual([]);
  });

  it('drawn for another offset from UTC, is dropped with its answers, and the calls go out', async () => {
    const element = drawnPage(String(Number(offset) + 60));
    expect(element.innerHTML).toBe('');
    expect(SHELL_MARKS.filter((name) => element.hasAttribute(name))).toEqual([]);
    await vi.waitFor(() => expect(sent.length).toBeGreaterThan(0));
    expect(sent[0]!.url).toBe(`/api/user/profile?time_diff=${offset}`);
  });
});

it('drops the same marks with a page as the app removes when it takes one over (start-app.tsx)', () => {
  const dropped = /for \(const name of \[([^\]]*)\]\)/.exec(INLINE)?.[1];
  const names = dropped?.split(',').map((name) => name.trim().replace(/^'|'$/g, ''));
  expect(names?.filter(Boolean)).toEqual([...SHELL_MARKS]);
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inlineKeepShell } from './render';

const SCRIPTS = { entry: '/assets/index-abc.js', preload: ['/assets/a.js', '/assets/b.js'] };

/** Runs the check the way the page does: the script the build writes into it. */
function runInline(shellLanguage: string) {
  new Function(inlineKeepShell(shellLanguage, SCRIPTS))();
}

const root = () => document.getElementById('root')!;
const started = () => document.head.querySelector(`script[src="${SCRIPTS.entry}"]`) !== null;

beforeEach(() => {
  document.body.innerHTML =
    '<div id="root" data-shell="en" aria-disabled="true"><form><input></form></div>';
  document.head.innerHTML = '';
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('keepShell (decision 026)', () => {
  it.each([
    // stored lang, browser language, shell language → shell kept
    [null, 'en-US', 'en', true],
    [null, 'zh-CN', 'zh_CN', true],
    [null, 'zh-CN', 'en', false],
    [null, 'fr-FR', 'en', true],
    ['zh_CN', 'en-US', 'zh_CN', true],
    ['zh_CN', 'en-US', 'en', false],
    ['en', 'zh-CN', 'en', true],
    ['klingon', 'zh-CN', 'zh_CN', true],
  ])('lang=%j, browser %s, %s shell → kept %s', (stored, browser, shell, kept) => {
    if (stored) localStorage.setItem('lang', stored);
    vi.stubGlobal('navigator', { ...navigator, language: browser });
    runInline(shell);
    expect(root().hasAttribute('data-shell')).toBe(kept);
    expect(root().hasAttribute('aria-disabled')).toBe(kept);
    expect(root().childElementCount).toBe(kept ? 1 : 0);
    // A removed shell starts the app at once, as every other page does.
    if (!kept) expect(started()).toBe(true);
  });

  it('removes the shell when a session is stored (the app sends the parent on)', () => {
    localStorage.setItem('token', 't');
    vi.stubGlobal('navigator', { ...navigator, language: 'en-US' });
    runInline('en');
    expect(root().childElementCount).toBe(0);
    expect(started()).toBe(true);
  });

  it('requests the app with its preloads once the shell has painted, or after a second', () => {
    vi.stubGlobal('navigator', { ...navigator, language: 'en-US' });
    runInline('en');
    // happy-dom reports no paint: the second's fallback starts it.
    expect(started()).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(started()).toBe(true);
    const preloads = [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) =>
      link.getAttribute('href'),
    );
    expect(preloads).toEqual(SCRIPTS.preload);
    vi.advanceTimersByTime(5000);
    expect(document.head.querySelectorAll('script').length).toBe(1);
  });

  it('keeps a form in the shell from reloading the page until the app has it', () => {
    vi.stubGlobal('navigator', { ...navigator, language: 'en-US' });
    runInline('en');
    const form = root().querySelector('form')!;
    const submit = () => {
      const event = new Event('submit', { bubbles: true, cancelable: true });
      form.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(submit()).toBe(true);
    root().removeAttribute('data-shell');
    expect(submit()).toBe(false);
  });
});

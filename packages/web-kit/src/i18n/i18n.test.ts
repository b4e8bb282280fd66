import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initialLanguage, messageText } from '.';
import { storedLanguage } from '../storage';

afterEach(() => {
  vi.restoreAllMocks();
});

function browserLanguage(language: string) {
  vi.spyOn(window.navigator, 'language', 'get').mockReturnValue(language);
}

describe('initial language (spec §9)', () => {
  it.each([
    ['zh_CN', 'en-US', 'zh_CN'],
    ['en', 'zh-CN', 'en'],
    [null, 'zh-CN', 'zh_CN'],
    [null, 'zh-cn', 'zh_CN'],
    [null, 'en-GB', 'en'],
    [null, 'fr-FR', 'en'],
    ['klingon', 'de', 'en'],
  ])('stored %j, browser %j → %s', (stored, browser, expected) => {
    if (stored) window.localStorage.setItem('lang', stored);
    browserLanguage(browser);
    expect(initialLanguage()).toBe(expected);
  });
});

describe('changeLanguage', () => {
  it('stores the choice and sets <html lang>', async () => {
    await changeLanguage('zh_CN');
    expect(storedLanguage()).toBe('zh_CN');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(messageText('phoneEmpty')).toBe('请输入手机号码。');
    await changeLanguage('en');
    expect(document.documentElement.lang).toBe('en');
    expect(messageText('phoneEmpty')).toBe('Please enter your phone number.');
  });

  it('shows an unknown key as itself rather than crashing', () => {
    expect(messageText('noSuchKey')).toBe('noSuchKey');
  });
});

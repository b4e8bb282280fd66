import { describe, expect, it } from 'vitest';
import { browserLanguage, LANGUAGES, normalizeLanguage, pickLanguage } from './language';
import { MESSAGES, translate } from './messages';

describe('normalizeLanguage (spec §4 Language)', () => {
  it.each([
    ['zh-cn', 'zh_CN'],
    ['zh-CN', 'zh_CN'],
    ['zh_CN', 'zh_CN'],
    ['zh-Hans-CN', 'zh_CN'],
    ['zh', 'zh_CN'],
    ['en', 'en'],
    ['en-GB', 'en'],
    ['fr-FR', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%j → %j', (tag, expected) => {
    expect(normalizeLanguage(tag)).toBe(expected);
  });
});

describe('pickLanguage (docs/product.md → Languages)', () => {
  it.each([
    ['zh_CN', 'en-US', 'zh_CN'],
    ['en', 'zh-CN', 'en'],
    [undefined, 'fr-FR,zh-CN;q=0.8,en;q=0.5', 'zh_CN'],
    [undefined, 'en;q=0.4,zh-CN;q=0.9', 'zh_CN'],
    ['klingon', undefined, 'en'],
    [undefined, undefined, 'en'],
  ])('lang=%j accept=%j → %s', (lang, accept, expected) => {
    expect(pickLanguage(lang, accept)).toBe(expected);
  });
});

describe('browserLanguage (spec §9)', () => {
  it.each([
    [null, 'zh-CN', 'zh_CN'],
    [null, 'en-GB', 'en'],
    [null, 'fr-FR', 'en'],
    [null, undefined, 'en'],
    ['zh_CN', 'en-US', 'zh_CN'],
    ['en', 'zh-CN', 'en'],
    ['klingon', 'zh-CN', 'zh_CN'],
  ])('stored %j, browser %j → %s', (stored, browser, expected) => {
    expect(browserLanguage(stored, browser, LANGUAGES, normalizeLanguage)).toBe(expected);
  });
});

describe('message catalogue', () => {
  it('has every key in both languages', () => {
    expect(Object.keys(MESSAGES.zh_CN).sort()).toEqual(Object.keys(MESSAGES.en).sort());
  });

  it('fills placeholders', () => {
    expect(translate('en', 'invalidField', { field: 'mobile' })).toBe(
      'Please check the field "mobile".',
    );
  });
});

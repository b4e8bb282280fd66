/** The interface languages (spec §9), spelled as the API and local storage spell them. */
export const LANGUAGES = ['en', 'zh_CN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Name of the request header that carries the language (docs/product.md → Languages). */
export const LANGUAGE_HEADER = 'lang';
/** The cookie in which the parents' app remembers its language for the server (decision 056). */
export const LANGUAGE_COOKIE = 'lang';

/**
 * Maps a browser or header language tag to one of ours: `zh-cn`, `zh-CN`, `zh_CN`, `zh-Hans`,
 * `zh` → `zh_CN` (spec §4 Language); any other known-English tag → `en`; unknown → undefined.
 */
export function normalizeLanguage(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const lower = tag.trim().toLowerCase().replace('_', '-');
  if (
    lower === 'zh' ||
    lower.startsWith('zh-cn') ||
    lower.startsWith('zh-hans') ||
    lower === 'zh-sg'
  ) {
    return 'zh_CN';
  }
  if (lower === 'en' || lower.startsWith('en-')) return 'en';
  return undefined;
}

/**
 * Picks the answer language: the `lang` header first, then the best `Accept-Language` entry we
 * know, then English (docs/product.md → Languages).
 */
export function pickLanguage(
  langHeader: string | undefined,
  acceptLanguage: string | undefined,
): Language {
  const fromHeader = normalizeLanguage(langHeader);
  if (fromHeader) return fromHeader;
  if (acceptLanguage) {
    const ranked = acceptLanguage
      .split(',')
      .map((part) => {
        const [tag = '', ...params] = part.trim().split(';');
        const q = params.find((p) => p.trim().startsWith('q='));
        return { tag, q: q ? Number(q.trim().slice(2)) || 0 : 1 };
      })
      .sort((a, b) => b.q - a.q);
    for (const { tag } of ranked) {
      const language = normalizeLanguage(tag);
      if (language) return language;
    }
  }
  return DEFAULT_LANGUAGE;
}

/**
 * The interface language in the browser (spec §9): the stored `lang` when it is one of
 * `languages`, else the browser's language through `normalize`, else English. Everything it
 * uses is an argument: the pre-rendered sign-in page runs it inline, serialised with
 * `toString()` (decision 026), and the app calls it with LANGUAGES and normalizeLanguage.
 */
export function browserLanguage<L extends string>(
  stored: string | null | undefined,
  browserTag: string | undefined,
  languages: readonly L[],
  normalize: (tag: string | undefined) => L | undefined,
): L | 'en' {
  const known = languages.find((language) => language === stored);
  return known ?? normalize(browserTag) ?? 'en';
}

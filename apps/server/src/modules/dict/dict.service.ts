import { createRequire } from 'node:module';
import countries, { type LocaleData } from 'i18n-iso-countries';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js';
import type { CountriesQuery } from '@portal/shared/dict';
import type { Language } from '@portal/shared/i18n';

// Plain require: JSON import attributes differ between Node 20 and bundlers.
const require = createRequire(import.meta.url);
countries.registerLocale(require('i18n-iso-countries/langs/en.json') as LocaleData);
countries.registerLocale(require('i18n-iso-countries/langs/zh.json') as LocaleData);

interface CountryEntry {
  id: number;
  iso: string;
  country_code: string;
  names: Record<Language, string>;
  /** Every English name and alias, lower-cased, for keyword search. */
  searchText: string;
}

/**
 * The everyday English name: the library's first alias ("China", "United States") unless that
 * is an abbreviation ("UK") or a reversed form ("Korea, Republic of").
 */
function displayName(iso: string): string | undefined {
  const names: string[] = countries.getName(iso, 'en', { select: 'all' }) ?? [];
  const [official, alias] = names;
  if (alias && alias.length > 3 && !alias.includes(',')) return alias;
  return official;
}

/**
 * Regions with a calling code, from libphonenumber's metadata, named by i18n-iso-countries in
 * both languages. Ids are ISO 3166-1 numeric codes, so they never change between releases.
 * Mainland China comes first: most parents of this service sign in with +86.
 */
const ALL_COUNTRIES: readonly CountryEntry[] = getCountries()
  .map((iso): CountryEntry | undefined => {
    const numeric = countries.alpha2ToNumeric(iso);
    const nameEn = displayName(iso);
    if (!numeric || !nameEn) return undefined;
    return {
      id: Number(numeric),
      iso,
      country_code: getCountryCallingCode(iso),
      names: { en: nameEn, zh_CN: countries.getName(iso, 'zh') ?? nameEn },
      searchText: (countries.getName(iso, 'en', { select: 'all' }) ?? []).join('|').toLowerCase(),
    };
  })
  .filter((entry): entry is CountryEntry => entry !== undefined);

const FIRST = 'CN';
const collators: Record<Language, Intl.Collator> = {
  en: new Intl.Collator('en'),
  zh_CN: new Intl.Collator('zh-CN'),
};

const SORTED: Record<Language, readonly CountryEntry[]> = {
  en: sortFor('en'),
  zh_CN: sortFor('zh_CN'),
};

function sortFor(language: Language): CountryEntry[] {
  return [...ALL_COUNTRIES].sort((a, b) => {
    if (a.iso === FIRST) return -1;
    if (b.iso === FIRST) return 1;
    return collators[language].compare(a.names[language], b.names[language]);
  });
}

/** A region with a calling code, named in both languages. */
export interface CountryRegion {
  /** ISO 3166-1 numeric: never changes between releases. */
  id: number;
  /** ISO 3166-1 alpha-2. */
  iso: string;
  /** Without the plus, e.g. "86". */
  callingCode: string;
  name: { en: string; zh: string };
}

/**
 * Spec §7 `dict/countries`: filter by keywords (either language, ISO or code) and calling code,
 * in the alphabetical order of `collation` (mainland China first), one page of it.
 */
export function findCountries(
  query: CountriesQuery,
  collation: Language,
): { list: CountryRegion[]; total: number } {
  const keywords = query.keywords?.toLowerCase().replace(/^\+/, '');
  const code = query.country_code?.replace(/^\+/, '');
  const matching = SORTED[collation].filter((entry) => {
    if (code && entry.country_code !== code) return false;
    if (!keywords) return true;
    return (
      entry.searchText.includes(keywords) ||
      entry.names.zh_CN.includes(keywords) ||
      entry.iso.toLowerCase() === keywords ||
      entry.country_code.startsWith(keywords)
    );
  });
  const start = (query.page - 1) * query.pagesize;
  const list = matching.slice(start, start + query.pagesize).map((entry) => ({
    id: entry.id,
    iso: entry.iso,
    callingCode: entry.country_code,
    name: { en: entry.names.en, zh: entry.names.zh_CN },
  }));
  return { list, total: matching.length };
}

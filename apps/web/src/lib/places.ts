import { useQuery } from '@tanstack/react-query';
import type { Language } from '@portal/shared/i18n';
import { currentLanguage } from './i18n';

/** Answers a country's name in one language from an English name, an alias or an ISO code. */
export type CountryNamer = (country: string) => string;

/**
 * Country names in `language` (i18n-iso-countries, decision 033), loaded only by the screens that
 * show a place: the names of every country weigh ~12 KB and the sign-in page needs none.
 */
export async function loadCountryNamer(language: Language): Promise<CountryNamer> {
  const [{ default: countries }, en, zh] = await Promise.all([
    import('i18n-iso-countries'),
    import('i18n-iso-countries/langs/en.json'),
    language === 'zh_CN' ? import('i18n-iso-countries/langs/zh.json') : Promise.resolve(null),
  ]);
  countries.registerLocale(en.default);
  if (zh) countries.registerLocale(zh.default);
  const target = language === 'zh_CN' ? 'zh' : 'en';
  // The everyday name ("China", not "People's Republic of China"), as the server's country list
  // picks it: the first alias unless it is an abbreviation or a reversed form.
  const nameOf = (code: string): string | undefined => {
    const [official, alias] = countries.getName(code, target, { select: 'all' }) ?? [];
    return alias && alias.length > 3 && !alias.includes(',') ? alias : official;
  };
  return (country) => {
    const trimmed = country.trim();
    const code = /^[A-Za-z]{2}$/.test(trimmed)
      ? trimmed.toUpperCase()
      : countries.getAlpha2Code(trimmed, 'en');
    // A name the list does not know is the parent's own words: shown as written.
    return (code && nameOf(code)) || trimmed;
  };
}

/**
 * "City, Country" with the country named in the interface language ("Shanghai, 中国"), or ''
 * when neither is known. The city is what the parent wrote and is shown as written.
 */
export function formatPlace(
  city: string | null | undefined,
  country: string | null | undefined,
  nameCountry: CountryNamer = (name) => name,
  language: Language = currentLanguage(),
): string {
  const parts = [city?.trim(), country?.trim() ? nameCountry(country) : undefined].filter(
    (part): part is string => Boolean(part),
  );
  return parts.join(language === 'zh_CN' ? '，' : ', ');
}

/**
 * The parent's place in the interface language (the dashboard's location, spec §2 /index):
 * `usePlace(profile.user_city, profile.user_country) || '-'`.
 */
export function usePlace(
  city: string | null | undefined,
  country: string | null | undefined,
): string {
  const language = currentLanguage();
  const namer = useQuery({
    queryKey: ['country-names', language],
    queryFn: () => loadCountryNamer(language),
    enabled: Boolean(country?.trim()),
    staleTime: Infinity,
  });
  // Until the names are in, the country waits rather than flashing in the wrong language.
  if (country?.trim() && !namer.data) return city?.trim() ?? '';
  return formatPlace(city, country, namer.data, language);
}

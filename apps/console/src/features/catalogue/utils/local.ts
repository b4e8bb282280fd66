import type { Language } from '@portal/shared/i18n';

/** The interface language's side of a record's two texts (`titleEn` / `titleZh`, or `name…`). */
export function localTitle(record: { titleEn: string; titleZh: string }, language: Language) {
  return language === 'zh_CN' ? record.titleZh : record.titleEn;
}

export function localName(record: { nameEn: string; nameZh: string }, language: Language) {
  return language === 'zh_CN' ? record.nameZh : record.nameEn;
}

/** Select options from records with two titles, in the interface language. */
export function titleOptions(
  records: readonly { id: number; titleEn: string; titleZh: string }[],
  language: Language,
) {
  return records.map((record) => ({
    value: String(record.id),
    label: localTitle(record, language),
  }));
}

/** A Select's value back to an id (null for none). */
export const idOf = (value: string | null): number | null => (value ? Number(value) : null);

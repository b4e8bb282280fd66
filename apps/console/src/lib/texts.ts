/** A feature's texts: nested objects of strings (i18next keys `a.b`, `{{value}}` placeholders). */
export interface TextTree {
  [key: string]: string | TextTree;
}

/** The same keys as `T`, each with a string of another language. */
export type Translation<T> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };

/** One feature's texts in both languages: Chinese must have every English key (type-checked). */
export interface FeatureTexts<T extends TextTree = TextTree> {
  en: T;
  zh_CN: Translation<T>;
}

/**
 * Declares a feature's texts (`features/<feature>/texts.ts`), read with
 * `useTranslation('<feature>')`. The type makes a key missing in one language a type error.
 */
export function defineTexts<const T extends TextTree>(texts: FeatureTexts<T>): FeatureTexts<T> {
  return texts;
}

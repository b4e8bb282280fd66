/** The console's families, credit corrections and audit log (issue #21): server messages, merged in i18n/messages.ts. */
export const FAMILIES_MESSAGES = {
  en: {},
  zh_CN: {},
} as const;

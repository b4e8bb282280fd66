/** The catalogue as the school edits it (issue #22): server messages, merged in i18n/messages.ts. */
export const CATALOGUE_ADMIN_MESSAGES = {
  en: {},
  zh_CN: {},
} as const;

/** Teachers and the teacher's own week (issue #22): server messages, merged in i18n/messages.ts. */
export const TEACHERS_MESSAGES = {
  en: {},
  zh_CN: {},
} as const;

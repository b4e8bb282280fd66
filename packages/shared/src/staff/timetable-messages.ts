/** The school's timetable (issue #22): server messages, merged in i18n/messages.ts. */
export const TIMETABLE_MESSAGES = {
  en: {},
  zh_CN: {},
} as const;

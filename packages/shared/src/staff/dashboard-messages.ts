/** The console's dashboard (issue #21): server messages, merged in i18n/messages.ts. */
export const DASHBOARD_MESSAGES = {
  en: {},
  zh_CN: {},
} as const;

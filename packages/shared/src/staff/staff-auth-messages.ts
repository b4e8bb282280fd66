/** Staff sign-in, second factor, sessions and staff management (issue #21): server messages, merged in i18n/messages.ts. */
export const STAFF_AUTH_MESSAGES = {
  en: {},
  zh_CN: {},
} as const;

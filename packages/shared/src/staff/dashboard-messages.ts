/** The console's dashboard (issue #21): server messages, merged in i18n/messages.ts. */
export const DASHBOARD_MESSAGES = {
  en: {
    dashboardWeeksInvalid: 'Choose between 4 and 26 weeks.',
  },
  zh_CN: {
    dashboardWeeksInvalid: '请选择 4 到 26 周之间的范围。',
  },
} as const;

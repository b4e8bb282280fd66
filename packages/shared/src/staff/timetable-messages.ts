/** The school's timetable (issue #22): server messages, merged in i18n/messages.ts. */
export const TIMETABLE_MESSAGES = {
  en: {
    // scheduling engine (modules/scheduling)
    // timetable routes (http/ops/timetable.routes.ts)
  },
  zh_CN: {
    // scheduling engine (modules/scheduling)
    // timetable routes (http/ops/timetable.routes.ts)
  },
} as const;

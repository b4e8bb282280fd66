/** Messages of the public catalogue (spec §5 Schedule filters), merged into i18n/messages.ts. */
export const CATALOGUE_MESSAGES = {
  en: {
    weekdayError: 'Weekdays must be between 0 (Sunday) and 6 (Saturday).',
    frequencyError: 'Frequency must be 1, 2 or 3 lessons a week.',
    timeDiffError: 'The time zone offset is not valid.',
    subjectNotFound: 'This subject does not exist.',
  },
  zh_CN: {
    weekdayError: '星期只能是 0（周日）到 6（周六）。',
    frequencyError: '上课频率只能是每周 1、2 或 3 次。',
    timeDiffError: '时区偏移无效。',
    subjectNotFound: '该科目不存在。',
  },
} as const;

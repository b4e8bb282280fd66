/** The books: the monthly report (issue #23): server messages, merged in i18n/messages.ts. */
export const BOOKS_MESSAGES = {
  en: {
    booksMonthInvalid: 'Choose a month (YYYY-MM).',
    booksRangeInvalid: 'The last month must not come before the first.',
    booksRangeTooLong: 'Choose at most 24 months.',
    booksPdfFontMissing:
      'The PDF cannot be made right now (its font is not installed). Download the CSV instead.',
  },
  zh_CN: {
    booksMonthInvalid: '请选择月份（YYYY-MM）。',
    booksRangeInvalid: '结束月份不能早于开始月份。',
    booksRangeTooLong: '最多选择 24 个月。',
    booksPdfFontMissing: '暂时无法生成 PDF（未安装所需字体），请改为下载 CSV。',
  },
} as const;

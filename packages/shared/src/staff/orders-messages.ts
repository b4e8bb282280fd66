/** The console's orders and payments that need attention (issue #23): server messages, merged in i18n/messages.ts. */
export const ORDERS_MESSAGES = {
  en: {
    ordersDateInvalid: 'Enter a date as YYYY-MM-DD.',
    ordersDateRangeInvalid: 'The end date must not be before the start date.',
    ordersAmountInvalid: 'Enter an amount of 0 or more.',
    ordersAmountRangeInvalid: 'The highest amount must not be below the lowest.',
  },
  zh_CN: {
    ordersDateInvalid: '请按 YYYY-MM-DD 输入日期。',
    ordersDateRangeInvalid: '结束日期不能早于开始日期。',
    ordersAmountInvalid: '请输入不小于 0 的金额。',
    ordersAmountRangeInvalid: '最高金额不能低于最低金额。',
  },
} as const;

import type { Language } from '@portal/shared/i18n';

/** The books' column names and titles in the CSV and the PDF, in the staff member's language. */
export const BOOKS_LABELS = {
  en: {
    title: 'Books',
    range: (from: string, to: string) => `${from} to ${to}`,
    timeZone: (zone: string) => `Months of the school's calendar (${zone})`,
    asOf: (at: string) => `Computed at ${at}`,
    month: 'Month',
    total: 'Total',
    money: (currency: string) => `Money (${currency})`,
    credits: 'Credits and plans',
    orders: 'Orders paid',
    ordersAmount: 'Orders amount',
    renewals: 'Renewals paid',
    renewalsAmount: 'Renewals amount',
    refunds: 'Refunds',
    refundsAmount: 'Refunds amount',
    revenue: 'Revenue',
    sold: 'Credits sold',
    consumed: 'Credits consumed',
    takenBack: 'Credits taken back',
    restored: 'Credits restored',
    outstanding: 'Credits outstanding at month end',
    started: 'Plans started',
    ended: 'Plans ended',
    noMoney: 'No payments or refunds in these months.',
  },
  zh_CN: {
    title: '账目',
    range: (from: string, to: string) => `${from} 至 ${to}`,
    timeZone: (zone: string) => `按学校日历的月份（${zone}）`,
    asOf: (at: string) => `计算时间 ${at}`,
    month: '月份',
    total: '合计',
    money: (currency: string) => `收支（${currency}）`,
    credits: '课时与会员',
    orders: '已付订单数',
    ordersAmount: '订单金额',
    renewals: '续费笔数',
    renewalsAmount: '续费金额',
    refunds: '退款笔数',
    refundsAmount: '退款金额',
    revenue: '收入',
    sold: '售出课时',
    consumed: '消耗课时',
    takenBack: '退款收回课时',
    restored: '退款失败退回课时',
    outstanding: '月末未用课时',
    started: '开始的会员',
    ended: '结束的会员',
    noMoney: '这些月份没有付款或退款。',
  },
} as const satisfies Record<Language, unknown>;

export const labelsOf = (language: Language) => BOOKS_LABELS[language];

/** The number of minor units in a major unit of `currency` (2 for USD, 0 for JPY). */
export function minorDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/** Minor units as a plain decimal of major units ("1234.50", "-3.05"), exactly (no floats). */
export function majorAmount(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  return digits === 0
    ? `${sign}${text}`
    : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** Titles of the credit ledger's event types (`reward-setting`), merged in i18n/messages.ts. */
export const CREDITS_MESSAGES = {
  en: {
    eventPurchase: 'Purchase',
    eventReward: 'Reward',
    eventReserve: 'Reserved for a lesson',
    eventRelease: 'Released',
    eventConsume: 'Lesson',
    eventRefund: 'Refund',
  },
  zh_CN: {
    eventPurchase: '购买',
    eventReward: '奖励',
    eventReserve: '课程预留',
    eventRelease: '退回',
    eventConsume: '上课消耗',
    eventRefund: '退款',
  },
} as const;

/** Messages of the family's calendar feed (issue #24), merged into the catalogue in i18n/messages.ts. */
export const CALENDAR_MESSAGES = {
  en: {
    calendarFeedCreated: 'Your calendar link is ready. Copy it now: it is shown only this once.',
    calendarFeedReset: 'A new calendar link was made. The old one no longer works.',
    calendarFeedNotFound: 'This calendar link does not work (it was reset, or never existed).',
  },
  zh_CN: {
    calendarFeedCreated: '日历链接已生成。请立即复制：链接只显示这一次。',
    calendarFeedReset: '已生成新的日历链接，旧链接已失效。',
    calendarFeedNotFound: '此日历链接无效（已重置或不存在）。',
  },
} as const;

import type { Language } from '@portal/shared/i18n';

/** What the feed's events say, in the parent's language (the feed has no session to ask). */
export interface FeedTexts {
  calendarName: string;
  /** "Mia · Chinese Level 1 · Lesson 5: Colours" — the child's nickname and the lesson only. */
  summary: (lesson: {
    nickname: string;
    course: string;
    number: number;
    topic: string | null;
  }) => string;
  cancelledPrefix: string;
  onLeavePrefix: string;
  lessonOf: (number: number, total: number) => string;
  cancelledNote: string;
  onLeaveNote: string;
  enterLink: (url: string) => string;
  alarm: string;
}

const en: FeedTexts = {
  calendarName: 'Lessons',
  summary: ({ nickname, course, number, topic }) =>
    `${nickname} · ${course} · Lesson ${number}${topic ? `: ${topic}` : ''}`,
  cancelledPrefix: 'Cancelled: ',
  onLeavePrefix: 'On leave: ',
  lessonOf: (number, total) => `Lesson ${number} of ${total}.`,
  cancelledNote: 'This lesson was cancelled.',
  onLeaveNote: 'Leave was asked for this lesson: the child is not taking it.',
  enterLink: (url) => `Enter the classroom: ${url}`,
  alarm: 'The lesson starts in 10 minutes',
};

const zhCN: FeedTexts = {
  calendarName: '课程',
  summary: ({ nickname, course, number, topic }) =>
    `${nickname} · ${course} · 第 ${number} 课${topic ? `：${topic}` : ''}`,
  cancelledPrefix: '已取消：',
  onLeavePrefix: '已请假：',
  lessonOf: (number, total) => `第 ${number} 课，共 ${total} 课。`,
  cancelledNote: '本节课已取消。',
  onLeaveNote: '本节课已请假，孩子不参加。',
  enterLink: (url) => `进入教室：${url}`,
  alarm: '课程将在 10 分钟后开始',
};

export const FEED_TEXTS: Record<Language, FeedTexts> = { en, zh_CN: zhCN };

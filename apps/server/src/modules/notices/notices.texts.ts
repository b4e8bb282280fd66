import type { Language } from '@portal/shared/i18n';
import type { LessonCancelReason } from '@portal/shared/staff';

/**
 * The words of the lesson-change messages to families (issue #22), in both languages. They are
 * the server's alone: the parents' web bundle never carries them (its catalogue is
 * packages/shared's), so they live beside the one function that sends them.
 */

/** What a message is about: one kind, or several in one message ("mixed"). */
export type NoticeSubject =
  'enrolled' | 'enrollment-ended' | 'moved' | 'cancelled' | 'substitute' | 'teacher-note' | 'mixed';

/** A wall-clock reading in the parent's zone (lib/time localParts). */
export interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  weekday: number;
}

export interface NoticeTexts {
  subject: Record<NoticeSubject, string>;
  greeting: (name: string | null) => string;
  intro: (zone: string) => string;
  /** The SMS's short opening ("Lesson cancelled (times in Asia/Shanghai): …"). */
  smsIntro: (subject: string, zone: string) => string;
  more: (count: number) => string;
  link: (url: string) => string;
  dateTime: (local: LocalTime) => string;
  /** Between a lesson's time and what happened to it (": " or "："). */
  colon: string;
  enrolled: (teacher: string | null) => string;
  moved: (from: string, to: string) => string;
  cancelled: (reason: string | null, credits: number) => string;
  substitute: (teacher: string, original: string | null) => string;
  teacherNote: (teacher: string | null, note: string) => string;
  reasons: Record<LessonCancelReason, string>;
}

const pad = (value: number) => String(value).padStart(2, '0');
const clock = (local: LocalTime) => `${pad(local.hour)}:${pad(local.minute)}`;

const EN_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const EN_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];
const ZH_WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];

const en: NoticeTexts = {
  subject: {
    enrolled: 'New lessons booked',
    'enrollment-ended': 'Course enrolment ended',
    moved: 'Lesson time changed',
    cancelled: 'Lesson cancelled',
    substitute: 'Substitute teacher',
    'teacher-note': 'A note from the teacher',
    mixed: "Changes to your children's lessons",
  },
  greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
  intro: (zone) => `Here is what changed. Times are shown in your time zone (${zone}).`,
  smsIntro: (subject, zone) => `${subject} (times in ${zone}):`,
  more: (count) => `…and ${count} more`,
  link: (url) => `See your lessons: ${url}`,
  dateTime: (local) =>
    `${EN_WEEKDAYS[local.weekday]}, ${EN_MONTHS[local.month - 1]} ${local.day}, ${local.year}, ${clock(local)}`,
  colon: ': ',
  enrolled: (teacher) => (teacher ? `new lesson with ${teacher}` : 'new lesson'),
  moved: (from, to) => `moved from ${from} to ${to}`,
  cancelled: (reason, credits) => {
    const why = reason ? `cancelled (${reason})` : 'cancelled';
    if (credits <= 0) return why;
    return `${why}; ${credits} ${credits === 1 ? 'credit' : 'credits'} returned to your balance`;
  },
  substitute: (teacher, original) =>
    original ? `${teacher} teaches this lesson instead of ${original}` : `taught by ${teacher}`,
  teacherNote: (teacher, note) =>
    `${teacher ? `note from ${teacher}` : "teacher's note"}: "${note}"`,
  reasons: {
    'teacher-ill': 'the teacher is ill',
    'public-holiday': 'public holiday',
    'school-decision': "the school's decision",
    'family-request': 'at your request',
    closure: 'the school is closed',
    'teacher-absent': 'the teacher could not attend',
    'enrollment-ended': 'the enrolment has ended',
    'child-deleted': "the child's profile was removed",
  },
};

const zhCN: NoticeTexts = {
  subject: {
    enrolled: '新课程已安排',
    'enrollment-ended': '课程报名已结束',
    moved: '课程时间变更',
    cancelled: '课程取消',
    substitute: '代课老师通知',
    'teacher-note': '老师的课后留言',
    mixed: '孩子课程变动通知',
  },
  greeting: (name) => (name ? `${name}，您好：` : '您好：'),
  intro: (zone) => `孩子的课程有以下变动，时间均为您所在时区（${zone}）的时间。`,
  smsIntro: (subject, zone) => `${subject}（${zone} 时间）：`,
  more: (count) => `……另有 ${count} 节`,
  link: (url) => `查看课程：${url}`,
  dateTime: (local) =>
    `${local.year}年${local.month}月${local.day}日（${ZH_WEEKDAYS[local.weekday]}）${clock(local)}`,
  colon: '：',
  enrolled: (teacher) => (teacher ? `新课程，授课老师：${teacher}` : '新课程'),
  moved: (from, to) => `由 ${from} 改至 ${to}`,
  cancelled: (reason, credits) => {
    const why = reason ? `已取消（${reason}）` : '已取消';
    return credits > 0 ? `${why}，${credits} 课时已退回账户` : why;
  },
  substitute: (teacher, original) =>
    original ? `由 ${teacher} 代替 ${original} 授课` : `授课老师：${teacher}`,
  teacherNote: (teacher, note) => `${teacher ? `${teacher}的留言` : '老师留言'}：“${note}”`,
  reasons: {
    'teacher-ill': '老师生病',
    'public-holiday': '公共假期',
    'school-decision': '学校安排',
    'family-request': '应您的要求',
    closure: '学校停课',
    'teacher-absent': '老师未能到课',
    'enrollment-ended': '课程报名已结束',
    'child-deleted': '孩子的资料已删除',
  },
};

export const NOTICE_TEXTS: Record<Language, NoticeTexts> = { en, zh_CN: zhCN };

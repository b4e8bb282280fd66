import type { Language } from '@portal/shared/i18n';

/** The files of the export, in the order the README lists them. */
export const EXPORT_FILES = [
  'profile.json',
  'children.json',
  'enrolments.json',
  'lessons.json',
  'feedback.json',
  'credit-ledger.json',
  'orders-and-charges.json',
  'memberships.json',
  'sessions.json',
  'messages.json',
] as const;
export type ExportFile = (typeof EXPORT_FILES)[number];

const DESCRIPTIONS: Record<Language, Record<ExportFile | 'statements', string>> = {
  en: {
    'profile.json':
      'Your account: phone number, name, e-mail, WeChat, language, time zone, city and country, how you were referred, and when the account was created.',
    'children.json':
      "Your children's profiles: nickname, birth date, avatar, when each was added and, if so, removed.",
    'enrolments.json': 'Each course a child is or was enrolled in, with its start and end.',
    'lessons.json':
      "Every lesson: child, course, topic, time, credits it held, leave, cancellation and its reason, attendance, the teacher's display name and note.",
    'feedback.json': 'The ratings (1–5, stored as halves: 2–10) and comments you gave on lessons.',
    'credit-ledger.json':
      'Every change of your credits: paid, reward and reserved amounts, what caused it and when.',
    'orders-and-charges.json':
      'Your orders (amounts in minor units: cents), the refunds we made and the renewals of your monthly plan.',
    'memberships.json':
      'Your monthly plans: which, for how many children, price, period, cancellation and pauses.',
    'sessions.json':
      'Your sign-ins: when each session started, was last used, expires or ended, and the browsers remembered as yours.',
    'messages.json':
      'The text messages and e-mails we sent you: when, what kind, to which (masked) address, and whether it was sent. Their texts are not kept.',
    statements: 'statements/YYYY-MM.pdf: your monthly statement for each month with activity.',
  },
  zh_CN: {
    'profile.json':
      '您的账户：手机号、姓名、电子邮箱、微信、语言、时区、城市和国家、推荐信息以及注册时间。',
    'children.json': '孩子的资料：昵称、出生日期、头像、添加时间以及（如有）删除时间。',
    'enrolments.json': '孩子报名过的每门课程及其开始和结束时间。',
    'lessons.json':
      '每节课：孩子、课程、主题、时间、占用的课时、请假、取消及原因、出勤、老师的显示名称和留言。',
    'feedback.json': '您对课程的评分（1–5 分，以半分存储：2–10）和评价。',
    'credit-ledger.json': '课时的每一次变动：付费、奖励和预留数量，原因及时间。',
    'orders-and-charges.json':
      '您的订单（金额以最小货币单位：分计）、我们办理的退款以及月卡的续费。',
    'memberships.json': '您的月卡：名称、覆盖的孩子数、价格、有效期、取消和暂停。',
    'sessions.json': '您的登录：每次登录的开始、最后使用、到期或结束时间，以及记住的浏览器。',
    'messages.json':
      '我们发给您的短信和电子邮件：时间、类型、收件地址（已隐藏部分）及是否发出。不保存其内容。',
    statements: 'statements/YYYY-MM.pdf：有活动的每个月的月度账单。',
  },
};

const HEADINGS: Record<Language, { title: string; intro: string; times: string }> = {
  en: {
    title: 'Your data',
    intro:
      'This archive holds the data we keep about you and your children, as of {at} (UTC). Each file is JSON:',
    times: 'Times are in UTC (ISO 8601); statements use your time zone ({zone}).',
  },
  zh_CN: {
    title: '您的数据',
    intro: '此压缩包包含截至 {at}（UTC）我们保存的关于您和孩子的数据。每个文件均为 JSON 格式：',
    times: '时间均为 UTC（ISO 8601）；月度账单使用您的时区（{zone}）。',
  },
};

/** README.txt of the export, in the parent's language. */
export function exportReadme(
  language: Language,
  facts: { at: Date; zone: string; withStatements: boolean },
): string {
  const heading = HEADINGS[language];
  const descriptions = DESCRIPTIONS[language];
  const lines = [
    heading.title,
    '',
    heading.intro.replace('{at}', facts.at.toISOString()),
    '',
    ...EXPORT_FILES.map((file) => `- ${file}: ${descriptions[file]}`),
    ...(facts.withStatements ? [`- ${descriptions.statements}`] : []),
    '',
    heading.times.replace('{zone}', facts.zone),
    '',
  ];
  return lines.join('\n');
}

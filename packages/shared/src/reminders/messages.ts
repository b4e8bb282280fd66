/**
 * Messages of lesson reminders (issue #24), merged into the catalogue in i18n/messages.ts: the
 * settings' answers and the reminders' own texts (the job sends them in the parent's language).
 * `{when}` is the start in the parent's zone with the zone's name ("Tue 25 Nov, 19:00
 * Asia/Shanghai"), written by the server's reminders module.
 */
export const REMINDERS_MESSAGES = {
  en: {
    reminderSettingsSaved: 'Reminder settings saved.',
    reminderGreeting: 'Hello,',
    reminderDayBeforeSubject: 'Tomorrow: {child}’s {course} lesson {number}, {when}',
    reminderSoonSubject: 'Starting in 10 minutes: {child}’s {course} lesson {number}',
    reminderLessonIntro: '{child} has lesson {number} of {course} on {when}.',
    reminderWeekHeading: 'Your family’s other lessons in the next 7 days:',
    reminderWeekLine: '{when} · {child} · {course} · lesson {number}',
    reminderWeekNone: 'No other lessons in the next 7 days.',
    reminderEnterLink: 'Enter the lesson here: {url}',
    reminderSettingsLink: 'Change or turn off these reminders in your profile: {url}',
    reminderDayBeforeSms: 'Reminder: {child}’s {course} lesson {number} is tomorrow, {when}.',
    reminderSoonSms: '{child}’s {course} lesson {number} starts at {when}. Enter: {url}',
  },
  zh_CN: {
    reminderSettingsSaved: '提醒设置已保存。',
    reminderGreeting: '您好：',
    reminderDayBeforeSubject: '明天上课：{child}的{course}第{number}课，{when}',
    reminderSoonSubject: '10 分钟后上课：{child}的{course}第{number}课',
    reminderLessonIntro: '{child}的{course}第{number}课将于{when}开始。',
    reminderWeekHeading: '未来 7 天家中其他课程：',
    reminderWeekLine: '{when} · {child} · {course} · 第{number}课',
    reminderWeekNone: '未来 7 天没有其他课程。',
    reminderEnterLink: '从这里进入课堂：{url}',
    reminderSettingsLink: '可在个人资料中修改或关闭这些提醒：{url}',
    reminderDayBeforeSms: '上课提醒：{child}的{course}第{number}课在明天 {when}。',
    reminderSoonSms: '{child}的{course}第{number}课将于{when}开始。进入课堂：{url}',
  },
} as const;

/** The school's timetable (issue #22): server messages, merged in i18n/messages.ts. */
export const TIMETABLE_MESSAGES = {
  en: {
    // scheduling engine (modules/scheduling)
    // timetable routes (http/ops/timetable.routes.ts)
    timetableDateInvalid: 'Choose a date between 1970 and 2100.',
    timetableDateRangeInvalid: 'The end date cannot be before the start date.',
    timetableRangeTooLong: 'Choose at most 62 days at a time.',
    timetableLessonNotFound: 'This lesson was not found.',
    timetableEnrollmentNotFound: 'This enrolment was not found.',
    timetableCourseNotFound: 'This course was not found.',
    timetableTeacherNotFound: 'This teacher was not found.',
    timetableFamilyNotFound: 'This family was not found.',
    timetableChildNotFound: 'This child was not found in the family.',
    timetableStartWeekInvalid: 'Choose the first week (a date between 1970 and 2100).',
    timetableCancelReasonInvalid: 'Choose a reason for the cancellation.',
    timetableStartsAtInvalid: 'Choose the new date and time.',
    timetableWeekdayInvalid: 'Choose a day of the week.',
    timetableTimeInvalid: 'Enter the time as HH:mm (24-hour clock).',
    timetableLessonsInvalid: 'Choose from 1 to 500 lessons.',
    timetableClosureReasonRequired: 'Write the reason in both languages.',
    timetableClosureReasonTooLong: 'The reason can be at most 200 characters.',
    timetableSubstituteSame: 'Choose a teacher other than the one on leave.',
    timetableLessonNotInTimeOff: 'This lesson is not in the teacher’s time off.',
  },
  zh_CN: {
    // scheduling engine (modules/scheduling)
    // timetable routes (http/ops/timetable.routes.ts)
    timetableDateInvalid: '请选择 1970 年至 2100 年之间的日期。',
    timetableDateRangeInvalid: '结束日期不能早于开始日期。',
    timetableRangeTooLong: '一次最多选择 62 天。',
    timetableLessonNotFound: '未找到该课程。',
    timetableEnrollmentNotFound: '未找到该报名。',
    timetableCourseNotFound: '未找到该课程班。',
    timetableTeacherNotFound: '未找到该老师。',
    timetableFamilyNotFound: '未找到该家庭。',
    timetableChildNotFound: '该家庭中没有这个孩子。',
    timetableStartWeekInvalid: '请选择开始周（1970 年至 2100 年之间的日期）。',
    timetableCancelReasonInvalid: '请选择取消原因。',
    timetableStartsAtInvalid: '请选择新的日期和时间。',
    timetableWeekdayInvalid: '请选择星期几。',
    timetableTimeInvalid: '请按 HH:mm（24 小时制）输入时间。',
    timetableLessonsInvalid: '请选择 1 到 500 节课。',
    timetableClosureReasonRequired: '请用两种语言填写原因。',
    timetableClosureReasonTooLong: '原因最多 200 个字符。',
    timetableSubstituteSame: '请选择请假老师以外的老师。',
    timetableLessonNotInTimeOff: '这节课不在该老师的请假期间内。',
  },
} as const;

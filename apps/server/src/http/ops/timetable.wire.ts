import type { Language } from '@portal/shared/i18n';
import type {
  BilingualText,
  ClassRow,
  Closure,
  CoverClass as CoverClassWire,
  EnrollmentPreview,
  FeedbackSummary as FeedbackSummaryWire,
  LeaveRequest,
  TeacherRef,
  TodayClass as TodayClassWire,
} from '@portal/shared/staff';
import type {
  ClosureItem,
  FeedbackSummary,
  LeaveRequestItem,
  TeacherName,
  TimetableClass,
  TodayClass,
} from '../../modules/timetable/timetable.service';
import type {
  CoverClass,
  EnrollmentPreviewView,
} from '../../modules/timetable/timetable-changes.service';

/**
 * The timetable's wire shapes (packages/shared/src/staff/timetable.ts): ISO times, and course
 * titles and teachers' names in the request's language.
 */
const iso = (date: Date) => date.toISOString();

export const textIn = (lang: Language, text: BilingualText) =>
  lang === 'zh_CN' ? text.zh : text.en;

const teacherWire = (lang: Language, teacher: TeacherName | null): TeacherRef | null =>
  teacher ? { teacherSn: teacher.teacherSn, name: textIn(lang, teacher.name) } : null;

export function classWire(lang: Language, lesson: TimetableClass): ClassRow {
  return {
    lessonSn: lesson.lessonSn,
    courseId: lesson.courseId,
    courseTitle: textIn(lang, lesson.courseTitle),
    startsAt: iso(lesson.startsAt),
    endsAt: iso(lesson.endsAt),
    teacher: teacherWire(lang, lesson.teacher),
    substituteFor: teacherWire(lang, lesson.substituteFor),
    children: lesson.children.map(({ lessonId: _id, ...child }) => child),
    cancelled: lesson.cancelled,
    cancelReason: lesson.cancelReason,
  };
}

export const todayClassWire = (lang: Language, lesson: TodayClass): TodayClassWire => ({
  ...classWire(lang, lesson),
  teacherEnteredAt: lesson.teacherEnteredAt ? iso(lesson.teacherEnteredAt) : null,
  late: lesson.late,
});

export const leaveRequestWire = (lang: Language, item: LeaveRequestItem): LeaveRequest => ({
  ...item,
  startsAt: iso(item.startsAt),
  courseTitle: textIn(lang, item.courseTitle),
  requestedAt: iso(item.requestedAt),
});

export const feedbackWire = (lang: Language, summary: FeedbackSummary): FeedbackSummaryWire => ({
  ...summary,
  items: summary.items.map((item) => ({
    ...item,
    startsAt: iso(item.startsAt),
    courseTitle: textIn(lang, item.courseTitle),
    teacherName: item.teacherName ? textIn(lang, item.teacherName) : null,
    createdAt: iso(item.createdAt),
  })),
});

export const closureWire = (lang: Language, closure: ClosureItem): Closure => ({
  ...closure,
  courseTitle: closure.courseTitle ? textIn(lang, closure.courseTitle) : null,
});

export const coverClassWire = (lang: Language, lesson: CoverClass): CoverClassWire => ({
  ...classWire(lang, lesson),
  candidates: lesson.candidates.map((teacher) => teacherWire(lang, teacher)!),
});

export const enrollmentPreviewWire = (
  lang: Language,
  preview: EnrollmentPreviewView,
): EnrollmentPreview => ({
  ...preview,
  lessons: preview.lessons.map((lesson) => ({
    ...lesson,
    startsAt: iso(lesson.startsAt),
    endsAt: iso(lesson.endsAt),
    teacherName: lesson.teacherName ? textIn(lang, lesson.teacherName) : null,
  })),
  conflicts: preview.conflicts.map((item) => ({ ...item, startsAt: iso(item.startsAt) })),
});

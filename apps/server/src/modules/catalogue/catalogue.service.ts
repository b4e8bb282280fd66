import { FREQUENCIES, WEEKDAY_IDS, type ClassType } from '@portal/shared/catalogue';
import type { AppContext } from '../../app-context';
import { notFound } from '../../lib/app-error';
import { atOffset, nextWeeklyOccurrence } from '../../lib/time';
import {
  findLevelGroups,
  findLevels,
  findPublicCourses,
  findSlots,
  findSubject,
  findSubjects,
  findTopics,
  type CourseSlotRow,
} from './catalogue.repository';

/** A catalogue text as stored in both languages (the edge picks one). */
export interface CatalogueText {
  en: string;
  zh: string;
}

const titleOf = (row: { title_en: string; title_zh: string }): CatalogueText => ({
  en: row.title_en,
  zh: row.title_zh,
});
const descriptionOf = (row: { description_en: string; description_zh: string }) => ({
  en: row.description_en,
  zh: row.description_zh,
});

export interface Subject {
  id: number;
  title: CatalogueText;
  img: string;
  description: CatalogueText;
}

export interface Level {
  id: number;
  title: CatalogueText;
  /** Ages the level is for, inclusive. */
  ageFrom: number;
  ageTo: number;
  description: CatalogueText;
  levelGroupId: number;
}

export interface Topic {
  id: number;
  /** The lesson's place in the level's sequence. */
  position: number;
  title: CatalogueText;
}

export async function listSubjects(ctx: Pick<AppContext, 'db'>): Promise<Subject[]> {
  const rows = await findSubjects(ctx.db);
  return rows.map((row) => ({
    id: row.id,
    title: titleOf(row),
    img: row.img,
    description: descriptionOf(row),
  }));
}

export async function listLevels(ctx: Pick<AppContext, 'db'>, subjectId: number): Promise<Level[]> {
  if (!(await findSubject(ctx.db, subjectId))) throw notFound('subjectNotFound');
  const rows = await findLevels(ctx.db, subjectId);
  return rows.map((row) => ({
    id: row.id,
    title: titleOf(row),
    ageFrom: row.age_range_start,
    ageTo: row.age_range_end,
    description: descriptionOf(row),
    levelGroupId: row.level_group_id,
  }));
}

export async function listLevelGroups(
  ctx: Pick<AppContext, 'db'>,
  subjectId: number,
): Promise<{ id: number; title: CatalogueText }[]> {
  if (!(await findSubject(ctx.db, subjectId))) throw notFound('subjectNotFound');
  return (await findLevelGroups(ctx.db, subjectId)).map((row) => ({
    id: row.id,
    title: titleOf(row),
  }));
}

/** A level's lesson topics in order (spec §7 getLessonTopicForSubject). */
export async function listTopics(
  ctx: Pick<AppContext, 'db'>,
  subjectId: number,
  levelId: number,
): Promise<Topic[]> {
  const rows = await findTopics(ctx.db, subjectId, levelId);
  return rows.map((row) => ({ id: row.id, position: row.position, title: titleOf(row) }));
}

/** A course's weekly slots as the visitor sees them: next occurrence from `now`, at `timeDiff`. */
export function slotsAtOffset(slots: CourseSlotRow[], zone: string, now: Date, timeDiff: number) {
  return slots
    .map((slot) =>
      atOffset(nextWeeklyOccurrence(now, slot.weekday, slot.start_time, zone), timeDiff),
    )
    .sort((a, b) => ((a.weekday + 6) % 7) - ((b.weekday + 6) % 7) || a.time.localeCompare(b.time));
}

/** The public timetable's filters (spec §7 getCoursesSchedule), all optional but the page. */
export interface ScheduleFilters {
  subjectId?: number | undefined;
  levelGroupId?: number | undefined;
  /** Lessons a week. */
  frequency?: number | undefined;
  /** The visitor's weekdays (Sun 0); a course matches when one of its slots falls on one. */
  weekdays?: number[] | undefined;
  /** The visitor's offset from UTC, minutes east. */
  timeDiff: number;
  page: number;
  pageSize: number;
}

/** A public course as the visitor sees it: its weekly slots at the visitor's offset. */
export interface ScheduledCourse {
  courseId: number;
  classType: ClassType;
  subject: { title: CatalogueText; img: string };
  levelTitle: CatalogueText;
  levelGroupTitle: CatalogueText;
  /** Sorted Monday first, then by time. */
  slots: { weekday: number; time: string }[];
  durationMinutes: number;
  totalLessons: number;
}

export interface CoursesSchedule {
  courses: ScheduledCourse[];
  total: number;
  /** What the filters may choose from. */
  options: {
    subjects: { id: number; title: CatalogueText }[];
    levelGroups: { id: number; subjectId: number; title: CatalogueText }[];
    weekdays: number[];
    frequencies: number[];
  };
}

/**
 * The public Courses Schedule (spec §7 getCoursesSchedule). Filters combine with AND; weekdays
 * are the visitor's own (a course matches when one of its slots falls on a chosen day there), so
 * they are applied after converting each slot. The public timetable is a few hundred rows at
 * most, which makes filtering in memory simpler than SQL on zone-converted times.
 */
export async function getCoursesSchedule(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  filters: ScheduleFilters,
): Promise<CoursesSchedule> {
  const now = ctx.clock.now();
  const rows = await findPublicCourses(ctx.db);
  const slots = await findSlots(
    ctx.db,
    rows.map((row) => row.course.id),
  );
  const byCourse = new Map<number, CourseSlotRow[]>();
  for (const slot of slots)
    byCourse.set(slot.course_id, [...(byCourse.get(slot.course_id) ?? []), slot]);

  const weekdays =
    filters.weekdays && filters.weekdays.length > 0 ? new Set(filters.weekdays) : undefined;
  const courses: ScheduledCourse[] = [];
  for (const { course, subject, level, group } of rows) {
    const courseSlots = byCourse.get(course.id) ?? [];
    if (courseSlots.length === 0) continue;
    if (filters.subjectId && subject.id !== filters.subjectId) continue;
    if (filters.levelGroupId && group.id !== filters.levelGroupId) continue;
    if (filters.frequency && courseSlots.length !== filters.frequency) continue;
    const local = slotsAtOffset(courseSlots, course.time_zone, now, filters.timeDiff);
    if (weekdays && !local.some((slot) => weekdays.has(slot.weekday))) continue;
    courses.push({
      courseId: course.id,
      classType: course.class_type,
      subject: { title: titleOf(subject), img: subject.img },
      levelTitle: titleOf(level),
      levelGroupTitle: titleOf(group),
      slots: local.map(({ weekday, time }) => ({ weekday, time })),
      durationMinutes: course.duration_minutes,
      totalLessons: course.total_lessons,
    });
  }

  const start = (filters.page - 1) * filters.pageSize;
  const subjectsList = await findSubjects(ctx.db);
  const groups = await findLevelGroups(ctx.db);
  return {
    courses: courses.slice(start, start + filters.pageSize),
    total: courses.length,
    options: {
      subjects: subjectsList.map((row) => ({ id: row.id, title: titleOf(row) })),
      levelGroups: groups.map((row) => ({
        id: row.id,
        subjectId: row.subject_id,
        title: titleOf(row),
      })),
      weekdays: [...WEEKDAY_IDS],
      frequencies: [...FREQUENCIES],
    },
  };
}

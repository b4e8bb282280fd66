import {
  CLASS_TYPE_LABELS,
  FREQUENCIES,
  WEEKDAY_IDS,
  type CourseScheduleItem,
  type CoursesScheduleBody,
  type CoursesScheduleData,
  type Level,
  type Subject,
} from '@portal/shared/catalogue';
import type { Language } from '@portal/shared/i18n';
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

const pick = (row: { title_en: string; title_zh: string }, language: Language) =>
  language === 'zh_CN' ? row.title_zh : row.title_en;

export async function listSubjects(
  ctx: Pick<AppContext, 'db'>,
  language: Language,
): Promise<Subject[]> {
  const rows = await findSubjects(ctx.db);
  return rows.map((row) => ({
    id: row.id,
    title: pick(row, language),
    img: row.img,
    description: language === 'zh_CN' ? row.description_zh : row.description_en,
  }));
}

export async function listLevels(
  ctx: Pick<AppContext, 'db'>,
  subjectId: number,
  language: Language,
): Promise<Level[]> {
  if (!(await findSubject(ctx.db, subjectId))) throw notFound('subjectNotFound');
  const rows = await findLevels(ctx.db, subjectId);
  return rows.map((row) => ({
    id: row.id,
    title: pick(row, language),
    age_range_start: row.age_range_start,
    age_range_end: row.age_range_end,
    description: language === 'zh_CN' ? row.description_zh : row.description_en,
    level_group_id: row.level_group_id,
  }));
}

export async function listLevelGroups(
  ctx: Pick<AppContext, 'db'>,
  subjectId: number,
  language: Language,
) {
  if (!(await findSubject(ctx.db, subjectId))) throw notFound('subjectNotFound');
  return (await findLevelGroups(ctx.db, subjectId)).map((row) => ({
    id: row.id,
    title: pick(row, language),
  }));
}

export async function listTopics(
  ctx: Pick<AppContext, 'db'>,
  subjectId: number,
  levelId: number,
  language: Language,
) {
  const rows = await findTopics(ctx.db, subjectId, levelId);
  return {
    data: rows.map((row) => ({
      id: row.id,
      position: row.position,
      lesson_topic: pick(row, language),
    })),
    total: rows.length,
  };
}

/** A course's weekly slots as the visitor sees them: next occurrence from `now`, at `timeDiff`. */
export function slotsAtOffset(slots: CourseSlotRow[], zone: string, now: Date, timeDiff: number) {
  return slots
    .map((slot) =>
      atOffset(nextWeeklyOccurrence(now, slot.weekday, slot.start_time, zone), timeDiff),
    )
    .sort((a, b) => ((a.weekday + 6) % 7) - ((b.weekday + 6) % 7) || a.time.localeCompare(b.time));
}

/**
 * The public Courses Schedule (spec §7 getCoursesSchedule). Filters combine with AND; weekdays
 * are the visitor's own (a course matches when one of its slots falls on a chosen day there), so
 * they are applied after converting each slot. The public timetable is a few hundred rows at
 * most, which makes filtering in memory simpler than SQL on zone-converted times.
 */
export async function getCoursesSchedule(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  filters: CoursesScheduleBody,
  language: Language,
): Promise<CoursesScheduleData> {
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
    filters.weekday && filters.weekday.length > 0 ? new Set(filters.weekday) : undefined;
  const items: CourseScheduleItem[] = [];
  for (const { course, subject, level, group } of rows) {
    const courseSlots = byCourse.get(course.id) ?? [];
    if (courseSlots.length === 0) continue;
    if (filters.subject_id && subject.id !== filters.subject_id) continue;
    if (filters.level_group_id && group.id !== filters.level_group_id) continue;
    if (filters.frequency && courseSlots.length !== filters.frequency) continue;
    const local = slotsAtOffset(courseSlots, course.time_zone, now, filters.time_diff);
    if (weekdays && !local.some((slot) => weekdays.has(slot.weekday))) continue;
    items.push({
      course_id: course.id,
      class_type: CLASS_TYPE_LABELS[course.class_type][language],
      subject_title: pick(subject, language),
      subject_img: subject.img,
      level_title: pick(level, language),
      level_group_title: pick(group, language),
      date_time: local.map((slot) => `${slot.weekday}-${slot.time}`),
      weekday: local.map((slot) => slot.weekday),
      duration: course.duration_minutes,
      total_lessons: course.total_lessons,
    });
  }

  const start = (filters.page - 1) * filters.pagesize;
  const subjectsList = await findSubjects(ctx.db);
  const groups = await findLevelGroups(ctx.db);
  return {
    datas: items.slice(start, start + filters.pagesize),
    total: items.length,
    seach: {
      subjects: subjectsList.map((row) => ({ id: row.id, title: pick(row, language) })),
      level_groups: groups.map((row) => ({
        id: row.id,
        subject_id: row.subject_id,
        title: pick(row, language),
      })),
      weekdays: [...WEEKDAY_IDS],
      frequencies: [...FREQUENCIES],
    },
  };
}

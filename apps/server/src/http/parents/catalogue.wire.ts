import {
  CLASS_TYPE_LABELS,
  type CoursesScheduleBody,
  type CoursesScheduleData,
  type Level,
  type Subject,
} from '@portal/shared/catalogue';
import type { Language } from '@portal/shared/i18n';
import type {
  CoursesSchedule,
  Level as CatalogueLevel,
  ScheduleFilters,
  Subject as CatalogueSubject,
  Topic,
} from '../../modules/catalogue/catalogue.service';
import { pickAsStored } from '../localize';

/** Spec §3 Subject. */
export const subjectWire = (subject: CatalogueSubject, language: Language): Subject => ({
  id: subject.id,
  title: pickAsStored(language, subject.title),
  img: subject.img,
  description: pickAsStored(language, subject.description),
});

/** Spec §3 Level. */
export const levelWire = (level: CatalogueLevel, language: Language): Level => ({
  id: level.id,
  title: pickAsStored(language, level.title),
  age_range_start: level.ageFrom,
  age_range_end: level.ageTo,
  description: pickAsStored(language, level.description),
  level_group_id: level.levelGroupId,
});

/** Spec §3 Topic list: `{ data, total }` inside the envelope's `data`. */
export const topicListWire = (topics: Topic[], language: Language) => ({
  data: topics.map((topic) => ({
    id: topic.id,
    position: topic.position,
    lesson_topic: pickAsStored(language, topic.title),
  })),
  total: topics.length,
});

/** Spec §7 getCoursesSchedule's body as the service takes it. */
export const scheduleFilters = (body: CoursesScheduleBody): ScheduleFilters => ({
  subjectId: body.subject_id,
  levelGroupId: body.level_group_id,
  frequency: body.frequency,
  weekdays: body.weekday,
  timeDiff: body.time_diff,
  page: body.page,
  pageSize: body.pagesize,
});

/** Spec §3 Course schedule: `datas`, and the filter options under `seach` (spec spelling). */
export function coursesScheduleWire(
  schedule: CoursesSchedule,
  language: Language,
): CoursesScheduleData {
  return {
    datas: schedule.courses.map((course) => ({
      course_id: course.courseId,
      class_type: CLASS_TYPE_LABELS[course.classType][language],
      subject_title: pickAsStored(language, course.subject.title),
      subject_img: course.subject.img,
      level_title: pickAsStored(language, course.levelTitle),
      level_group_title: pickAsStored(language, course.levelGroupTitle),
      date_time: course.slots.map((slot) => `${slot.weekday}-${slot.time}`),
      weekday: course.slots.map((slot) => slot.weekday),
      duration: course.durationMinutes,
      total_lessons: course.totalLessons,
    })),
    total: schedule.total,
    seach: {
      subjects: schedule.options.subjects.map((subject) => ({
        id: subject.id,
        title: pickAsStored(language, subject.title),
      })),
      level_groups: schedule.options.levelGroups.map((group) => ({
        id: group.id,
        subject_id: group.subjectId,
        title: pickAsStored(language, group.title),
      })),
      weekdays: schedule.options.weekdays,
      frequencies: schedule.options.frequencies,
    },
  };
}

import { z } from 'zod';
import { canonicalTimeZone, DB_ID_MAX } from '../api';
import { CLASS_TYPES } from '../catalogue';

/**
 * The catalogue as the school edits it (issue #22): subjects, level groups, levels, topics,
 * courses with their weekly slots, and the agreement documents, under `/api/ops/catalogue/*`
 * (`schedule.manage`). Used by the server's routes, the console's forms and the tests. Texts come
 * in both languages as flat fields (`titleEn`, `titleZh`) so a form shows them side by side.
 * Messages are keys of `catalogue-admin-messages.ts`. Names start with `Catalogue` because every
 * staff file is re-exported from one index.
 */

// ---------------------------------------------------------------------------------------------
// Field rules

export const CATALOGUE_TITLE_MAX_LENGTH = 100;
export const CATALOGUE_DESCRIPTION_MAX_LENGTH = 2000;
/** Display order of subjects, groups and levels (smaller first). */
export const CATALOGUE_SORT_MAX = 999;
export const CATALOGUE_AGE_MAX = 99;
/** The subject pictures the parents' web app ships (apps/web/public/img/subjects). */
export const CATALOGUE_SUBJECT_IMAGES = [
  '/img/subjects/reading.svg',
  '/img/subjects/math.svg',
  '/img/subjects/chinese.svg',
  '/img/subjects/science.svg',
] as const;
export const CATALOGUE_TOPICS_MAX = 500;
/** A group course's size: one-on-one takes exactly one child. */
export const COURSE_CAPACITY_MIN_GROUP = 2;
export const COURSE_CAPACITY_MAX = 100;
export const COURSE_CREDITS_MAX = 100;
export const COURSE_DURATION_MIN = 5;
export const COURSE_DURATION_MAX = 240;
export const COURSE_TOTAL_LESSONS_MAX = 500;
/** One slot a day at most is the usual; seven covers a daily course. */
export const COURSE_SLOTS_MAX = 7;
/** Per language; the route takes a larger body than the 64 KB default for these documents. */
export const AGREEMENT_HTML_MAX_LENGTH = 100_000;
export const AGREEMENT_TITLE_MAX_LENGTH = 200;

/** "HH:mm", 00:00–23:59 (a course's local start time). */
export const CLOCK_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const MINUTES_PER_WEEK = 7 * 24 * 60;

const idOf = (
  key: 'catalogueSubjectUnknown' | 'catalogueLevelGroupUnknown' | 'courseLevelUnknown',
) => z.number({ error: key }).int(key).positive(key).max(DB_ID_MAX, key);

const titleField = (
  required: 'catalogueTitleEnRequired' | 'catalogueTitleZhRequired',
  max = CATALOGUE_TITLE_MAX_LENGTH,
  tooLong: 'catalogueTitleTooLong' | 'agreementTitleTooLong' = 'catalogueTitleTooLong',
) => z.string({ error: required }).trim().min(1, required).max(max, tooLong);

const descriptionField = z
  .string({ error: 'catalogueDescriptionTooLong' })
  .trim()
  .max(CATALOGUE_DESCRIPTION_MAX_LENGTH, 'catalogueDescriptionTooLong');

const sortField = z
  .number({ error: 'catalogueSortInvalid' })
  .int('catalogueSortInvalid')
  .min(0, 'catalogueSortInvalid')
  .max(CATALOGUE_SORT_MAX, 'catalogueSortInvalid');

const ageField = z
  .number({ error: 'catalogueAgeInvalid' })
  .int('catalogueAgeInvalid')
  .min(0, 'catalogueAgeInvalid')
  .max(CATALOGUE_AGE_MAX, 'catalogueAgeInvalid');

/** An id in a URL: anything else is "not found". */
const idParam = z.coerce
  .number({ error: 'notFound' })
  .int('notFound')
  .positive('notFound')
  .max(DB_ID_MAX, 'notFound');

export const CatalogueSubjectParamsSchema = z.object({ subjectId: idParam });
export const CatalogueLevelGroupParamsSchema = z.object({ levelGroupId: idParam });
export const CatalogueLevelParamsSchema = z.object({ levelId: idParam });
export const CatalogueTopicParamsSchema = z.object({ topicId: idParam });
export const CatalogueCourseParamsSchema = z.object({ courseId: idParam });

// ---------------------------------------------------------------------------------------------
// Subjects, level groups, levels

/** POST /catalogue/subjects (create) and /catalogue/subjects/:subjectId (replace). */
export const CatalogueSubjectBodySchema = z
  .object({
    titleEn: titleField('catalogueTitleEnRequired'),
    titleZh: titleField('catalogueTitleZhRequired'),
    descriptionEn: descriptionField,
    descriptionZh: descriptionField,
    img: z.enum(CATALOGUE_SUBJECT_IMAGES, { error: 'catalogueImageInvalid' }),
    sort: sortField,
  })
  .strict();
export type CatalogueSubjectBody = z.infer<typeof CatalogueSubjectBodySchema>;
export type CatalogueSubjectBodyInput = z.input<typeof CatalogueSubjectBodySchema>;

const levelGroupFields = {
  titleEn: titleField('catalogueTitleEnRequired'),
  titleZh: titleField('catalogueTitleZhRequired'),
  sort: sortField,
};

/** POST /catalogue/level-groups: a group belongs to one subject for good. */
export const CatalogueLevelGroupCreateBodySchema = z
  .object({ subjectId: idOf('catalogueSubjectUnknown'), ...levelGroupFields })
  .strict();
export type CatalogueLevelGroupCreateBody = z.infer<typeof CatalogueLevelGroupCreateBodySchema>;

/** POST /catalogue/level-groups/:levelGroupId (replace). */
export const CatalogueLevelGroupBodySchema = z.object(levelGroupFields).strict();
export type CatalogueLevelGroupBody = z.infer<typeof CatalogueLevelGroupBodySchema>;

const levelFields = {
  levelGroupId: idOf('catalogueLevelGroupUnknown'),
  titleEn: titleField('catalogueTitleEnRequired'),
  titleZh: titleField('catalogueTitleZhRequired'),
  /** Ages the level is for, both included. */
  ageFrom: ageField,
  ageTo: ageField,
  descriptionEn: descriptionField,
  descriptionZh: descriptionField,
  sort: sortField,
};

const ageRangeRule = <T extends { ageFrom: number; ageTo: number }>(level: T) =>
  level.ageTo >= level.ageFrom;
const AGE_RANGE_ISSUE = { message: 'catalogueAgeRangeInvalid', path: ['ageTo'] };

/** POST /catalogue/levels: a level belongs to one subject for good; its group is of that subject. */
export const CatalogueLevelCreateBodySchema = z
  .object({ subjectId: idOf('catalogueSubjectUnknown'), ...levelFields })
  .strict()
  .refine(ageRangeRule, AGE_RANGE_ISSUE);
export type CatalogueLevelCreateBody = z.infer<typeof CatalogueLevelCreateBodySchema>;
export type CatalogueLevelCreateBodyInput = z.input<typeof CatalogueLevelCreateBodySchema>;

/** POST /catalogue/levels/:levelId (replace). */
export const CatalogueLevelBodySchema = z
  .object(levelFields)
  .strict()
  .refine(ageRangeRule, AGE_RANGE_ISSUE);
export type CatalogueLevelBody = z.infer<typeof CatalogueLevelBodySchema>;

// ---------------------------------------------------------------------------------------------
// Topics

/** POST /catalogue/levels/:levelId/topics (added last) and /catalogue/topics/:topicId. */
export const CatalogueTopicBodySchema = z
  .object({
    titleEn: titleField('catalogueTitleEnRequired'),
    titleZh: titleField('catalogueTitleZhRequired'),
  })
  .strict();
export type CatalogueTopicBody = z.infer<typeof CatalogueTopicBodySchema>;

/** POST /catalogue/levels/:levelId/topics/order: every topic of the level, once, in the new order. */
export const CatalogueTopicOrderBodySchema = z
  .object({
    topicIds: z
      .array(
        z
          .number({ error: 'catalogueTopicOrderInvalid' })
          .int('catalogueTopicOrderInvalid')
          .positive('catalogueTopicOrderInvalid')
          .max(DB_ID_MAX, 'catalogueTopicOrderInvalid'),
        { error: 'catalogueTopicOrderInvalid' },
      )
      .min(1, 'catalogueTopicOrderInvalid')
      .max(CATALOGUE_TOPICS_MAX, 'catalogueTopicOrderInvalid')
      .refine((ids) => new Set(ids).size === ids.length, {
        message: 'catalogueTopicOrderInvalid',
      }),
  })
  .strict();
export type CatalogueTopicOrderBody = z.infer<typeof CatalogueTopicOrderBodySchema>;

// ---------------------------------------------------------------------------------------------
// Courses

/** A weekly slot: local weekday (Sun 0) and start "HH:mm" in the course's zone. */
export const CatalogueCourseSlotSchema = z.object({
  weekday: z
    .number({ error: 'courseSlotWeekdayInvalid' })
    .int('courseSlotWeekdayInvalid')
    .min(0, 'courseSlotWeekdayInvalid')
    .max(6, 'courseSlotWeekdayInvalid'),
  time: z
    .string({ error: 'courseSlotTimeInvalid' })
    .trim()
    .regex(CLOCK_TIME_PATTERN, 'courseSlotTimeInvalid'),
});
export type CatalogueCourseSlot = z.infer<typeof CatalogueCourseSlotSchema>;

/** Minutes from Sunday 00:00 of a slot's start. */
function minuteOfWeek(slot: CatalogueCourseSlot): number {
  const [hour = 0, minute = 0] = slot.time.split(':').map(Number);
  return slot.weekday * 24 * 60 + hour * 60 + minute;
}

/**
 * True when two of the slots' lessons (each `duration` minutes) would overlap, the week wrapping
 * round (Saturday 23:30 for an hour runs into Sunday 00:00). A repeated slot overlaps itself.
 */
export function slotsOverlap(slots: readonly CatalogueCourseSlot[], duration: number): boolean {
  const starts = slots.map(minuteOfWeek).sort((a, b) => a - b);
  return starts.some((start, index) => {
    const next = index + 1 < starts.length ? starts[index + 1]! : starts[0]! + MINUTES_PER_WEEK;
    return starts.length > 1 && start + duration > next;
  });
}

const wholeNumber = (key: string, min: number, max: number) =>
  z.number({ error: key }).int(key).min(min, key).max(max, key);

/** An IANA zone, kept in its canonical spelling. */
export const CatalogueTimeZoneSchema = z
  .string({ error: 'courseTimeZoneInvalid' })
  .trim()
  .refine((zone) => canonicalTimeZone(zone) !== undefined, { message: 'courseTimeZoneInvalid' })
  .transform((zone) => canonicalTimeZone(zone)!);

/**
 * POST /catalogue/courses (create) and /catalogue/courses/:courseId (replace). The subject is the
 * level's. A one-on-one course takes one child; a group course 2–100. While children are
 * enrolled the service refuses a new level, zone, duration or weekly times (their lessons are
 * already planned) and a capacity below the enrolled count.
 */
export const CatalogueCourseBodySchema = z
  .object({
    levelId: idOf('courseLevelUnknown'),
    classType: z.enum(CLASS_TYPES, { error: 'courseClassTypeInvalid' }),
    capacity: wholeNumber('courseCapacityInvalid', 1, COURSE_CAPACITY_MAX),
    creditsPerLesson: wholeNumber('courseCreditsInvalid', 1, COURSE_CREDITS_MAX),
    durationMinutes: wholeNumber('courseDurationInvalid', COURSE_DURATION_MIN, COURSE_DURATION_MAX),
    totalLessons: wholeNumber('courseTotalLessonsInvalid', 1, COURSE_TOTAL_LESSONS_MAX),
    isPublic: z.boolean({ error: 'invalidRequest' }),
    timeZone: CatalogueTimeZoneSchema,
    teacherId: z
      .number({ error: 'courseTeacherUnknown' })
      .int('courseTeacherUnknown')
      .positive('courseTeacherUnknown')
      .max(DB_ID_MAX, 'courseTeacherUnknown')
      .nullable(),
    slots: z
      .array(CatalogueCourseSlotSchema, { error: 'courseSlotsRequired' })
      .min(1, 'courseSlotsRequired')
      .max(COURSE_SLOTS_MAX, 'courseSlotsTooMany'),
  })
  .strict()
  .superRefine((course, issues) => {
    if (course.classType === 'one_on_one' && course.capacity !== 1)
      issues.addIssue({ code: 'custom', message: 'courseCapacityOneOnOne', path: ['capacity'] });
    if (course.classType !== 'one_on_one' && course.capacity < COURSE_CAPACITY_MIN_GROUP)
      issues.addIssue({ code: 'custom', message: 'courseCapacityInvalid', path: ['capacity'] });
    if (slotsOverlap(course.slots, course.durationMinutes))
      issues.addIssue({ code: 'custom', message: 'courseSlotsOverlap', path: ['slots'] });
  });
export type CatalogueCourseBody = z.infer<typeof CatalogueCourseBodySchema>;
export type CatalogueCourseBodyInput = z.input<typeof CatalogueCourseBodySchema>;

export const COURSE_STATUSES = ['active', 'retired', 'all'] as const;
export type CourseStatusFilter = (typeof COURSE_STATUSES)[number];

/** An optional id filter in a query string: '' is none. */
const optionalIdQuery = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.coerce
    .number({ error: 'invalidRequest' })
    .int('invalidRequest')
    .positive('invalidRequest')
    .max(DB_ID_MAX, 'invalidRequest')
    .optional(),
);

/** GET /catalogue/courses: filters combine with AND; active (not retired) courses by default. */
export const CatalogueCourseListQuerySchema = z.object({
  subjectId: optionalIdQuery,
  levelId: optionalIdQuery,
  teacherId: optionalIdQuery,
  classType: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(CLASS_TYPES, { error: 'invalidRequest' }).optional(),
  ),
  status: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(COURSE_STATUSES, { error: 'invalidRequest' }).default('active'),
  ),
});
export type CatalogueCourseListQuery = z.infer<typeof CatalogueCourseListQuerySchema>;
export type CatalogueCourseListQueryInput = z.input<typeof CatalogueCourseListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Agreements

/** The agreement documents by name (spec §9 types: privacy 2, service 3, contract 4). */
export const CATALOGUE_AGREEMENT_KINDS = ['service', 'privacy', 'contract'] as const;
export type CatalogueAgreementKind = (typeof CATALOGUE_AGREEMENT_KINDS)[number];

export const CatalogueAgreementParamsSchema = z.object({
  kind: z.enum(CATALOGUE_AGREEMENT_KINDS, { error: 'notFound' }),
});

const agreementHtml = (required: 'agreementHtmlEnRequired' | 'agreementHtmlZhRequired') =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(AGREEMENT_HTML_MAX_LENGTH, 'agreementHtmlTooLong');

/**
 * POST /catalogue/agreements/:kind: both languages at once, as the form shows them. The HTML is
 * sanitised by the server exactly as the parents' page reads it (scripts, styles and event
 * handlers removed); a text with nothing left after that is refused.
 */
export const CatalogueAgreementBodySchema = z
  .object({
    titleEn: titleField(
      'catalogueTitleEnRequired',
      AGREEMENT_TITLE_MAX_LENGTH,
      'agreementTitleTooLong',
    ),
    htmlEn: agreementHtml('agreementHtmlEnRequired'),
    titleZh: titleField(
      'catalogueTitleZhRequired',
      AGREEMENT_TITLE_MAX_LENGTH,
      'agreementTitleTooLong',
    ),
    htmlZh: agreementHtml('agreementHtmlZhRequired'),
  })
  .strict();
export type CatalogueAgreementBody = z.infer<typeof CatalogueAgreementBodySchema>;

// ---------------------------------------------------------------------------------------------
// Answers

export const CatalogueSubjectSchema = z.object({
  id: z.number().int(),
  titleEn: z.string(),
  titleZh: z.string(),
  descriptionEn: z.string(),
  descriptionZh: z.string(),
  img: z.string(),
  sort: z.number().int(),
});
export type CatalogueSubject = z.infer<typeof CatalogueSubjectSchema>;

export const CatalogueLevelGroupSchema = z.object({
  id: z.number().int(),
  subjectId: z.number().int(),
  titleEn: z.string(),
  titleZh: z.string(),
  sort: z.number().int(),
});
export type CatalogueLevelGroup = z.infer<typeof CatalogueLevelGroupSchema>;

export const CatalogueLevelSchema = z.object({
  id: z.number().int(),
  subjectId: z.number().int(),
  levelGroupId: z.number().int(),
  titleEn: z.string(),
  titleZh: z.string(),
  ageFrom: z.number().int(),
  ageTo: z.number().int(),
  descriptionEn: z.string(),
  descriptionZh: z.string(),
  sort: z.number().int(),
  /** How many topics the level has. */
  topics: z.number().int(),
});
export type CatalogueLevel = z.infer<typeof CatalogueLevelSchema>;

/** GET /catalogue: subjects, level groups and levels in display order, and the pictures. */
export const CatalogueTreeSchema = z.object({
  subjects: z.array(CatalogueSubjectSchema),
  levelGroups: z.array(CatalogueLevelGroupSchema),
  levels: z.array(CatalogueLevelSchema),
  subjectImages: z.array(z.string()),
});
export type CatalogueTree = z.infer<typeof CatalogueTreeSchema>;

export const CatalogueTopicSchema = z.object({
  id: z.number().int(),
  levelId: z.number().int(),
  /** 1, 2, 3… in the level's order. */
  position: z.number().int(),
  titleEn: z.string(),
  titleZh: z.string(),
});
export type CatalogueTopic = z.infer<typeof CatalogueTopicSchema>;

/** GET /catalogue/levels/:levelId/topics, in order. */
export const CatalogueTopicListSchema = z.object({ items: z.array(CatalogueTopicSchema) });
export type CatalogueTopicList = z.infer<typeof CatalogueTopicListSchema>;

export const CatalogueTeacherOptionSchema = z.object({
  id: z.number().int(),
  teacherSn: z.string(),
  nameEn: z.string(),
  nameZh: z.string(),
});
export type CatalogueTeacherOption = z.infer<typeof CatalogueTeacherOptionSchema>;

/** GET /catalogue/teachers: the course form's teacher picker. */
export const CatalogueTeacherListSchema = z.object({
  items: z.array(CatalogueTeacherOptionSchema),
});
export type CatalogueTeacherList = z.infer<typeof CatalogueTeacherListSchema>;

export const CatalogueCourseSchema = z.object({
  id: z.number().int(),
  subjectId: z.number().int(),
  levelId: z.number().int(),
  /** "Subject · Level" in each language. */
  titleEn: z.string(),
  titleZh: z.string(),
  classType: z.enum(CLASS_TYPES),
  capacity: z.number().int(),
  /** Running enrolments. */
  enrolled: z.number().int(),
  creditsPerLesson: z.number().int(),
  durationMinutes: z.number().int(),
  totalLessons: z.number().int(),
  isPublic: z.boolean(),
  timeZone: z.string(),
  teacher: CatalogueTeacherOptionSchema.nullable(),
  /** Sorted Monday first, then by time. */
  slots: z.array(CatalogueCourseSlotSchema),
  retiredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CatalogueCourse = z.infer<typeof CatalogueCourseSchema>;

/** GET /catalogue/courses: every course the filters match (a school has a few hundred at most). */
export const CatalogueCourseListSchema = z.object({ items: z.array(CatalogueCourseSchema) });
export type CatalogueCourseList = z.infer<typeof CatalogueCourseListSchema>;

export const CatalogueAgreementSchema = z.object({
  kind: z.enum(CATALOGUE_AGREEMENT_KINDS),
  titleEn: z.string(),
  /** Sanitised HTML. */
  htmlEn: z.string(),
  titleZh: z.string(),
  htmlZh: z.string(),
  /** The later of the two languages' changes; null when neither exists yet. */
  updatedAt: z.string().nullable(),
});
export type CatalogueAgreement = z.infer<typeof CatalogueAgreementSchema>;

/** GET /catalogue/agreements: the three documents, service first. */
export const CatalogueAgreementListSchema = z.object({
  items: z.array(CatalogueAgreementSchema),
});
export type CatalogueAgreementList = z.infer<typeof CatalogueAgreementListSchema>;

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  CatalogueCourseBodySchema,
  slotsOverlap,
  type CatalogueCourseBody,
  type CatalogueCourseSlot,
} from '@portal/shared/staff';
import { rowsOf } from '../../db/client';
import { enrollments } from '../../db/schema';
import { newPublicId } from '../../lib/ids';
import { createParent } from '../../../test/factories/parents';
import { createChild } from '../../../test/factories/lessons';
import { createTeacher } from '../../../test/factories/teachers';
import { buildOpsTestApp, STAFF_IDS } from '../../../test/helpers/ops';
import { TestClock, type TestApp } from '../../../test/helpers/app';
import {
  createLevel,
  createLevelGroup,
  createSubject,
  createTopic,
  getCatalogueTree,
  listLevelTopics,
  reorderTopics,
  updateTopicById,
} from './catalogue-admin.service';
import { getCoursesSchedule, listTopics } from './catalogue.service';
import { createCourse, getCourse, retireCourse, updateCourseById } from './course-admin.service';

const actor = { staffId: STAFF_IDS.admin, ip: '10.0.0.1' };

let t: TestApp;
let levelId: number;
let teacherId: number;

beforeAll(async () => {
  t = await buildOpsTestApp({ clock: new TestClock(new Date('2026-11-22T02:00:00Z')) });
  const subject = await createSubject(
    t.ctx,
    {
      titleEn: 'Drama',
      titleZh: '戏剧',
      descriptionEn: 'Stories on stage',
      descriptionZh: '舞台故事',
      img: '/img/subjects/reading.svg',
      sort: 5,
    },
    actor,
  );
  const group = await createLevelGroup(
    t.ctx,
    { subjectId: subject.id, titleEn: 'Starter', titleZh: '入门', sort: 0 },
    actor,
  );
  levelId = (
    await createLevel(
      t.ctx,
      {
        subjectId: subject.id,
        levelGroupId: group.id,
        titleEn: 'Stage 1',
        titleZh: '一级',
        ageFrom: 5,
        ageTo: 7,
        descriptionEn: '',
        descriptionZh: '',
        sort: 0,
      },
      actor,
    )
  ).id;
  teacherId = (await createTeacher(t.ctx, { name: 'Tess Teacher' })).id;
});
afterAll(() => t.close());

const courseBody = (overrides: Partial<CatalogueCourseBody> = {}): CatalogueCourseBody => ({
  levelId,
  classType: 'small_group',
  capacity: 6,
  creditsPerLesson: 2,
  durationMinutes: 45,
  totalLessons: 24,
  isPublic: true,
  timeZone: 'America/New_York',
  teacherId,
  slots: [
    { weekday: 3, time: '18:00' },
    { weekday: 1, time: '18:00' },
  ],
  ...overrides,
});

async function auditRows(action: string, targetType: string, targetId: number | string) {
  return rowsOf<{ before: unknown; after: unknown; staff_id: number; ip: string }>(
    await t.ctx.db.execute(
      sql`select * from audit_log where action = ${action} and target_type = ${targetType}
          and target_id = ${String(targetId)} order by id`,
    ),
  );
}

async function enrol(courseId: number) {
  const parent = await createParent(t.ctx);
  const child = await createChild(t.ctx, parent.id);
  await t.ctx.db.insert(enrollments).values({
    enrollment_sn: newPublicId('E'),
    parent_id: parent.id,
    student_id: child.id,
    course_id: courseId,
    starts_at: t.clock.now(),
  });
}

const scheduled = async () =>
  (await getCoursesSchedule(t.ctx, { timeDiff: 480, page: 1, pageSize: 50 })).courses.map(
    (course) => course.courseId,
  );

describe('courses', () => {
  it('creates a course with its slots Monday first, the subject from the level, and audits it', async () => {
    const course = await createCourse(t.ctx, courseBody(), actor);
    expect(course).toMatchObject({
      titleEn: 'Drama · Stage 1',
      titleZh: '戏剧 · 一级',
      classType: 'small_group',
      capacity: 6,
      enrolled: 0,
      creditsPerLesson: 2,
      teacher: { id: teacherId, nameEn: 'Tess Teacher' },
      slots: [
        { weekday: 1, time: '18:00' },
        { weekday: 3, time: '18:00' },
      ],
      retiredAt: null,
    });
    const [entry] = await auditRows('catalogue.created', 'course', course.id);
    expect(entry).toMatchObject({ staff_id: STAFF_IDS.admin, ip: '10.0.0.1' });
    expect(entry!.after).toMatchObject({ timeZone: 'America/New_York', capacity: 6 });
    expect(await scheduled()).toContain(course.id);
  });

  it('leaves the public schedule at once when retired, and stays readable by staff', async () => {
    const course = await createCourse(t.ctx, courseBody(), actor);
    expect(await scheduled()).toContain(course.id);
    const retired = await retireCourse(t.ctx, course.id, actor);
    expect(retired.retiredAt?.toISOString()).toBe(t.clock.now().toISOString());
    expect(await scheduled()).not.toContain(course.id);
    expect((await getCourse(t.ctx, course.id)).retiredAt).not.toBeNull();
    expect(await auditRows('catalogue.retired', 'course', course.id)).toHaveLength(1);
    await expect(retireCourse(t.ctx, course.id, actor)).rejects.toMatchObject({
      messageKey: 'courseRetired',
    });
    await expect(updateCourseById(t.ctx, course.id, courseBody(), actor)).rejects.toMatchObject({
      messageKey: 'courseRetired',
    });
  });

  it('keeps a private course off the public schedule and shows it once made public', async () => {
    const course = await createCourse(t.ctx, courseBody({ isPublic: false }), actor);
    expect(await scheduled()).not.toContain(course.id);
    await updateCourseById(t.ctx, course.id, courseBody({ isPublic: true }), actor);
    expect(await scheduled()).toContain(course.id);
  });

  it('audits only the changed fields of an edit, and nothing for an unchanged one', async () => {
    const course = await createCourse(t.ctx, courseBody(), actor);
    await updateCourseById(t.ctx, course.id, courseBody({ creditsPerLesson: 3 }), actor);
    await updateCourseById(t.ctx, course.id, courseBody({ creditsPerLesson: 3 }), actor);
    const entries = await auditRows('catalogue.updated', 'course', course.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      before: { creditsPerLesson: 2 },
      after: { creditsPerLesson: 3 },
    });
  });

  it('keeps the planned schedule while children are enrolled, and the capacity above them', async () => {
    const course = await createCourse(t.ctx, courseBody({ capacity: 3 }), actor);
    await enrol(course.id);
    await enrol(course.id);
    for (const change of [
      { timeZone: 'Asia/Shanghai' },
      { durationMinutes: 30 },
      { slots: [{ weekday: 2, time: '18:00' }] },
    ]) {
      await expect(
        updateCourseById(t.ctx, course.id, courseBody({ capacity: 3, ...change }), actor),
      ).rejects.toMatchObject({ messageKey: 'courseScheduleLocked', httpStatus: 409 });
    }
    await expect(
      updateCourseById(t.ctx, course.id, courseBody({ capacity: 2 }), actor),
    ).resolves.toMatchObject({ capacity: 2, enrolled: 2 });
    await expect(
      updateCourseById(
        t.ctx,
        course.id,
        { ...courseBody(), capacity: 1, classType: 'one_on_one' },
        actor,
      ),
    ).rejects.toMatchObject({ messageKey: 'courseCapacityBelowEnrolled', params: { enrolled: 2 } });
    // Slot order alone is no change.
    await expect(
      updateCourseById(
        t.ctx,
        course.id,
        courseBody({
          capacity: 2,
          creditsPerLesson: 4,
          slots: [
            { weekday: 1, time: '18:00' },
            { weekday: 3, time: '18:00' },
          ],
        }),
        actor,
      ),
    ).resolves.toMatchObject({ creditsPerLesson: 4 });
    const after = await getCourse(t.ctx, course.id);
    expect(after).toMatchObject({ timeZone: 'America/New_York', durationMinutes: 45 });
  });

  it('refuses an unknown level or teacher and changes nothing', async () => {
    const course = await createCourse(t.ctx, courseBody(), actor);
    await expect(
      updateCourseById(t.ctx, course.id, courseBody({ teacherId: 999_999 }), actor),
    ).rejects.toMatchObject({ messageKey: 'courseTeacherUnknown' });
    await expect(
      createCourse(t.ctx, courseBody({ levelId: 999_999 }), actor),
    ).rejects.toMatchObject({ messageKey: 'courseLevelUnknown' });
    expect((await getCourse(t.ctx, course.id)).teacher?.id).toBe(teacherId);
  });
});

describe('course slots (the shared schema)', () => {
  const slot = (weekday: number, time: string): CatalogueCourseSlot => ({ weekday, time });

  it.each([
    [[slot(1, '18:00'), slot(3, '18:00')], 60, false],
    [[slot(1, '18:00'), slot(1, '18:45')], 45, false],
    [[slot(1, '18:00'), slot(1, '18:44')], 45, true],
    [[slot(1, '18:00'), slot(1, '18:00')], 25, true],
    // Saturday 23:30 for an hour runs into Sunday 00:00 (the week wraps).
    [[slot(6, '23:30'), slot(0, '00:00')], 60, true],
    [[slot(6, '23:00'), slot(0, '00:00')], 60, false],
    [[slot(2, '09:00')], 240, false],
  ])('%j for %i minutes overlap: %s', (slots, duration, expected) => {
    expect(slotsOverlap(slots, duration)).toBe(expected);
  });

  const parse = (overrides: Record<string, unknown>) => {
    const result = CatalogueCourseBodySchema.safeParse({ ...courseBody(), ...overrides });
    return result.success ? 'ok' : result.error.issues[0]!.message;
  };

  it.each([
    [{}, 'ok'],
    [{ slots: [] }, 'courseSlotsRequired'],
    [{ slots: Array.from({ length: 8 }, (_, i) => slot(i % 7, `0${i}:00`)) }, 'courseSlotsTooMany'],
    [{ slots: [slot(7, '18:00')] }, 'courseSlotWeekdayInvalid'],
    [{ slots: [slot(1, '24:00')] }, 'courseSlotTimeInvalid'],
    [{ slots: [slot(1, '9:00')] }, 'courseSlotTimeInvalid'],
    [{ slots: [slot(1, '18:00'), slot(1, '18:30')] }, 'courseSlotsOverlap'],
    [{ classType: 'one_on_one', capacity: 2 }, 'courseCapacityOneOnOne'],
    [{ classType: 'one_on_one', capacity: 1 }, 'ok'],
    [{ classType: 'group', capacity: 1 }, 'courseCapacityInvalid'],
    [{ capacity: 101 }, 'courseCapacityInvalid'],
    [{ creditsPerLesson: 0 }, 'courseCreditsInvalid'],
    [{ durationMinutes: 4 }, 'courseDurationInvalid'],
    [{ totalLessons: 1.5 }, 'courseTotalLessonsInvalid'],
    [{ timeZone: 'Mars/Olympus' }, 'courseTimeZoneInvalid'],
    [{ timeZone: '+08:00' }, 'courseTimeZoneInvalid'],
    [{ teacherId: 0 }, 'courseTeacherUnknown'],
    [{ teacherId: null }, 'ok'],
    [{ classType: 'huge' }, 'courseClassTypeInvalid'],
  ])('%j → %s', (overrides, expected) => {
    expect(parse(overrides)).toBe(expected);
  });

  it('keeps a zone in its canonical spelling', () => {
    const parsed = CatalogueCourseBodySchema.parse({ ...courseBody(), timeZone: 'asia/shanghai' });
    expect(parsed.timeZone).toBe('Asia/Shanghai');
  });
});

describe('topics', () => {
  it('adds topics last, reorders them to 1…n and audits the new order on the level', async () => {
    const [a, b, c] = [
      await createTopic(t.ctx, levelId, { titleEn: 'Masks', titleZh: '面具' }, actor),
      await createTopic(t.ctx, levelId, { titleEn: 'Voices', titleZh: '声音' }, actor),
      await createTopic(t.ctx, levelId, { titleEn: 'Scenes', titleZh: '场景' }, actor),
    ];
    expect([a!.position, b!.position, c!.position]).toEqual([1, 2, 3]);
    const reordered = await reorderTopics(t.ctx, levelId, [c!.id, a!.id, b!.id], actor);
    expect(reordered.map((topic) => [topic.titleEn, topic.position])).toEqual([
      ['Scenes', 1],
      ['Masks', 2],
      ['Voices', 3],
    ]);
    const [entry] = await auditRows('catalogue.updated', 'level', levelId);
    expect(entry).toMatchObject({
      before: { topicOrder: [a!.id, b!.id, c!.id] },
      after: { topicOrder: [c!.id, a!.id, b!.id] },
    });
    // The public curriculum reads the new order at once.
    const level = (await getCatalogueTree(t.ctx)).levels.find((row) => row.id === levelId)!;
    expect(level.topics).toBe(3);
    const shown = await listTopics(t.ctx, level.subjectId, levelId);
    expect(shown.map((topic) => topic.title.en)).toEqual(['Scenes', 'Masks', 'Voices']);
  });

  it('refuses an order that misses or adds a topic, and changes nothing', async () => {
    const before = await listLevelTopics(t.ctx, levelId);
    const ids = before.map((topic) => topic.id);
    for (const order of [ids.slice(1), [...ids, 999_999], [...ids.slice(1), 999_999]]) {
      await expect(reorderTopics(t.ctx, levelId, order, actor)).rejects.toMatchObject({
        messageKey: 'catalogueTopicOrderInvalid',
      });
    }
    expect(await listLevelTopics(t.ctx, levelId)).toEqual(before);
  });

  it('gives topics added at the same time different places', async () => {
    const start = (await listLevelTopics(t.ctx, levelId)).length;
    await Promise.all(
      [1, 2, 3, 4].map((n) =>
        createTopic(t.ctx, levelId, { titleEn: `Parallel ${n}`, titleZh: `并行 ${n}` }, actor),
      ),
    );
    const positions = (await listLevelTopics(t.ctx, levelId)).map((topic) => topic.position);
    expect(positions).toEqual(Array.from({ length: start + 4 }, (_, i) => i + 1));
  });

  it('renames a topic in place', async () => {
    const [first] = await listLevelTopics(t.ctx, levelId);
    const renamed = await updateTopicById(
      t.ctx,
      first!.id,
      { titleEn: 'Big scenes', titleZh: '大场景' },
      actor,
    );
    expect(renamed).toMatchObject({ position: first!.position, titleEn: 'Big scenes' });
  });
});

import { and, asc, eq, gt, isNotNull, lte } from 'drizzle-orm';
import {
  enrollChild,
  generateLessons,
  settleEndedLessons,
  cancelLesson,
} from '../../modules/scheduling/scheduling.service';
import { lessonLedgerKey } from '../../modules/credits/ledger.service';
import { atOffset, nextWeeklyOccurrence } from '../../lib/time';
import { newPublicId } from '../../lib/ids';
import type { Transaction } from '../client';
import {
  courseSlots,
  courses,
  creditLedger,
  lessonComments,
  lessons,
  levels,
  memberships,
  parents,
  students,
  subjects,
} from '../schema';
import { DEMO_CAPACITY } from './catalogue';
import { DEMO_MEMBER_SN, DEMO_PARENT_SN } from './parents';
import { findDemoTeachers, type DemoTeacher } from './teachers';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

const WEEK = 7 * DAY;

/** `instant` rounded up to `roundMinutes`. */
function roundUp(instant: Date, roundMinutes: number) {
  const step = roundMinutes * 60_000;
  return new Date(Math.ceil(instant.getTime() / step) * step);
}

/** A weekly slot (UTC) at the wall-clock time of `instant`. */
function slotAt(instant: Date) {
  const local = atOffset(instant, 0);
  return { weekday: local.weekday, start_time: local.time };
}

/**
 * `instant`, or the end of the teacher's public class it would meet, so a weekly private lesson
 * of `minutes` never overlaps one of the teacher's classes on the public schedule in the weeks
 * the demo's lessons cover (three past, four to come; zones change their clocks in between). A
 * lesson "within minutes" may so start after the class the teacher holds then.
 */
async function clearOfPublicClasses(
  tx: Transaction,
  teacherId: number,
  instant: Date,
  minutes: number,
): Promise<Date> {
  const classes = await tx
    .select({
      weekday: courseSlots.weekday,
      time: courseSlots.start_time,
      zone: courses.time_zone,
      minutes: courses.duration_minutes,
    })
    .from(courseSlots)
    .innerJoin(courses, eq(courses.id, courseSlots.course_id))
    .where(and(eq(courses.teacher_id, teacherId), eq(courses.is_public, true)));
  let at = instant.getTime();
  for (let moved = true; moved;) {
    moved = false;
    for (let week = -3; week <= 4 && !moved; week += 1) {
      const start = at + week * WEEK;
      for (const taught of classes) {
        const length = taught.minutes * 60_000;
        // The first of its classes still running at `start` or beginning after it.
        const held = nextWeeklyOccurrence(
          new Date(start - length + 1),
          taught.weekday,
          taught.time,
          taught.zone,
        ).getTime();
        if (held < start + minutes * 60_000) {
          at += held + length - start;
          moved = true;
          break;
        }
      }
    }
    // A teacher with no free slot this long in a whole week: a catalogue to mend, not to loop on.
    if (at - instant.getTime() > WEEK)
      throw new Error(`demo teacher ${teacherId} has no free ${minutes} minutes in a week`);
  }
  return new Date(at);
}

/**
 * A private demo course whose weekly slots sit at the given instants, so the demo shows a
 * lesson starting within minutes, one within 48 hours and one more than 3 hours away whenever
 * the demo data is created (docs/product.md → Demo data). With a teacher, each slot keeps clear
 * of the teacher's public classes (clearOfPublicClasses).
 */
async function demoCourse(
  tx: Transaction,
  subjectIndex: number,
  type: 'one_on_one' | 'small_group',
  credit: number,
  at: Date[],
  now: Date,
  roundMinutes = 5,
  teacherId: number | null = null,
) {
  const subjectRows = await tx
    .select()
    .from(subjects)
    .orderBy(asc(subjects.sort), asc(subjects.id));
  const subject = subjectRows[subjectIndex % subjectRows.length]!;
  const [level] = await tx
    .select()
    .from(levels)
    .where(eq(levels.subject_id, subject.id))
    .orderBy(asc(levels.sort))
    .limit(1);
  const [course] = await tx
    .insert(courses)
    .values({
      subject_id: subject.id,
      level_id: level!.id,
      class_type: type,
      capacity: DEMO_CAPACITY[type],
      required_credit: credit,
      duration_minutes: type === 'one_on_one' ? 25 : 45,
      total_lessons: 24,
      time_zone: 'UTC',
      is_public: false,
      // Set before any lesson is generated: the generator gives each lesson its course's teacher.
      teacher_id: teacherId,
      created_at: now,
      updated_at: now,
    })
    .returning();
  const starts: Date[] = [];
  for (const instant of at) {
    const rounded = roundUp(instant, roundMinutes);
    starts.push(
      teacherId === null
        ? rounded
        : await clearOfPublicClasses(tx, teacherId, rounded, course!.duration_minutes),
    );
  }
  await tx
    .insert(courseSlots)
    .values(starts.map((start) => ({ course_id: course!.id, ...slotAt(start) })));
  return course!;
}

async function childrenOf(tx: Transaction, userSn: string) {
  const [parent] = await tx.select().from(parents).where(eq(parents.user_sn, userSn)).limit(1);
  if (!parent) return undefined;
  const kids = await tx
    .select()
    .from(students)
    .where(eq(students.parent_id, parent.id))
    .orderBy(asc(students.id));
  return { parent, kids };
}

/**
 * The demo parent's lessons: Mia in a 1-on-1 course (a lesson within minutes and one within
 * 48 h each week), Leo in a small group (a lesson 5 h away each week), both started three
 * weeks ago, so there are completed lessons (attended, one no-show, one with feedback, one with
 * the teacher's note), reservations and consumption in the ledger, and one lesson the school
 * cancelled for a public holiday. Mia's teacher is Emma (the demo teacher who signs in), Leo's
 * is Chen, whose week off lies ahead. The member parent's child (Lin's class) is covered by the
 * 2-kids plan and consumes no credits.
 */
export async function seedLessons(tx: Transaction, now: Date): Promise<void> {
  const config = { db: tx };
  const weeks = 4;
  const teachers = await findDemoTeachers(tx);
  const demo = await childrenOf(tx, DEMO_PARENT_SN);
  if (demo && demo.kids.length >= 2)
    await seedFamilyLessons(tx, demo.parent.id, [demo.kids[0]!, demo.kids[1]!], now, {
      firstInMinutes: 4,
      roundMinutes: 5,
      teachers: [teachers.emma, teachers.chen],
      cancelReason: 'public-holiday',
    });

  const member = await childrenOf(tx, DEMO_MEMBER_SN);
  if (member && member.kids.length >= 1) {
    await tx.insert(memberships).values({
      parent_id: member.parent.id,
      title_en: 'Monthly pass · 2 kids',
      title_zh: '月卡 · 2 个孩子',
      kids: 2,
      member_type: 1,
      price_minor: 34_900,
      currency: 'USD',
      starts_at: new Date(now.getTime() - 10 * DAY),
      ends_at: new Date(now.getTime() + 20 * DAY),
      pay_method_type: 1,
      pay_method_name: 'Visa •••• 4242',
    });
    const course = await demoCourse(
      tx,
      2,
      'small_group',
      2,
      [new Date(now.getTime() + 30 * HOUR)],
      now,
      5,
      teachers.lin?.id ?? null,
    );
    await enrollChild(
      config,
      {
        parentId: member.parent.id,
        studentId: member.kids[0]!.id,
        courseId: course.id,
        startsAt: new Date(now.getTime() - 7 * DAY),
      },
      now,
      weeks,
    );
    // Last week's class was held (the child did not come): the teacher entered on time.
    await markTaught(tx, member.parent.id, now);
    await settleEndedLessons(config, now);
  }
  await generateLessons(config, now, weeks);
}

/**
 * The teacher entered every ended class of the family that has a teacher, a minute after the
 * start (`late` ones six minutes after: a late start the console counts). Without it the
 * settlement would cancel them as "teacher absent" (decision 047).
 */
async function markTaught(tx: Transaction, parentId: number, now: Date, late: number[] = []) {
  const ended = await tx
    .select()
    .from(lessons)
    .where(
      and(
        eq(lessons.parent_id, parentId),
        lte(lessons.ends_at, now),
        isNotNull(lessons.teacher_id),
      ),
    );
  for (const lesson of ended) {
    const minutes = late.includes(lesson.id) ? 6 : 1;
    await tx
      .update(lessons)
      .set({ teacher_entered_at: new Date(lesson.starts_at.getTime() + minutes * 60_000) })
      .where(eq(lessons.id, lesson.id));
  }
}

type Kid = { id: number };

/**
 * The family's lesson rows of the credit ledger, written as the demo is made, dated when the
 * school's jobs would have written them: a reservation when the generator's `weeks` ahead first
 * reached its lesson (not before the enrolment), a lesson's credits spent two minutes after it
 * ended. The credit history then reads week by week instead of all at one minute, and its
 * running balance follows the dates (credit-log.repository.ts orders by them).
 */
async function dateAsWritten(
  tx: Transaction,
  parentId: number,
  started: Date,
  now: Date,
  weeks: number,
) {
  const notAfterNow = (ms: number) => new Date(Math.min(ms, now.getTime()));
  const held = await tx.select().from(lessons).where(eq(lessons.parent_id, parentId));
  for (const lesson of held) {
    const dated: [string, Date][] = [
      [
        lessonLedgerKey(lesson.id, 'reserve'),
        notAfterNow(Math.max(started.getTime(), lesson.starts_at.getTime() - weeks * WEEK)),
      ],
      [lessonLedgerKey(lesson.id, 'consume'), notAfterNow(lesson.ends_at.getTime() + 2 * 60_000)],
    ];
    for (const [key, at] of dated)
      await tx
        .update(creditLedger)
        .set({ created_at: at })
        .where(and(eq(creditLedger.parent_id, parentId), eq(creditLedger.idempotency_key, key)));
  }
}

/**
 * A family's lessons as the demo shows them (see seedLessons): the first child's 1-on-1 course
 * with a lesson `firstInMinutes` from now and one 26 h away each week, the second child's small
 * group 5 h away each week, both begun three weeks ago, settled, one feedback, one cancelled
 * lesson. With `teachers` (the courses' teachers: the demo), the past classes were taught (one
 * started late), and the first child's latest one carries the teacher's mark and note. The e2e
 * fixtures use it with a first lesson inside the entry window and no teachers.
 */
export async function seedFamilyLessons(
  tx: Transaction,
  parentId: number,
  [first, second]: [Kid, Kid],
  now: Date,
  options: {
    firstInMinutes: number;
    roundMinutes: number;
    teachers?: [first: DemoTeacher | undefined, second: DemoTeacher | undefined];
    /** Why the school cancelled the coming lesson (none: a cancellation without a reason). */
    cancelReason?: 'public-holiday';
  },
): Promise<void> {
  const config = { db: tx };
  const weeks = 4;
  const started = new Date(now.getTime() - 3 * 7 * DAY);
  const firstCourse = await demoCourse(
    tx,
    0,
    'one_on_one',
    1,
    [
      new Date(now.getTime() + options.firstInMinutes * 60_000),
      new Date(now.getTime() + 26 * HOUR),
    ],
    now,
    options.roundMinutes,
    options.teachers?.[0]?.id ?? null,
  );
  const secondCourse = await demoCourse(
    tx,
    1,
    'small_group',
    1,
    [new Date(now.getTime() + 5 * HOUR)],
    now,
    options.roundMinutes,
    options.teachers?.[1]?.id ?? null,
  );
  for (const [kid, course] of [
    [first, firstCourse],
    [second, secondCourse],
  ] as const) {
    await enrollChild(
      config,
      { parentId, studentId: kid.id, courseId: course.id, startsAt: started },
      now,
      weeks,
    );
  }
  // What happened in the past weeks: every ended lesson attended except the second child's first.
  const ended = await tx
    .select()
    .from(lessons)
    .where(and(eq(lessons.parent_id, parentId), lte(lessons.ends_at, now)))
    .orderBy(asc(lessons.starts_at));
  for (const lesson of ended) {
    const noShow = lesson.student_id === second.id && lesson.lesson_number === 1;
    if (!noShow)
      await tx
        .update(lessons)
        .set({ entered_at: new Date(lesson.starts_at.getTime() + 60_000) })
        .where(eq(lessons.id, lesson.id));
  }
  const secondsLessons = ended.filter((lesson) => lesson.student_id === second.id);
  await markTaught(
    tx,
    parentId,
    now,
    secondsLessons.slice(1, 2).map((lesson) => lesson.id),
  );
  // The teacher's mark and note on the first child's latest lesson, as the teacher leaves them.
  const firstTeacher = options.teachers?.[0];
  const noted = ended.filter((lesson) => lesson.student_id === first.id).at(-1);
  if (firstTeacher && noted)
    await tx
      .update(lessons)
      .set({
        attendance: 'attended',
        attendance_by: firstTeacher.staffId,
        teacher_note:
          'Mia read the whole story aloud today and used three new words. Please read the next page with her at bedtime.',
      })
      .where(eq(lessons.id, noted.id));
  await settleEndedLessons(config, now);
  await dateAsWritten(tx, parentId, started, now, weeks);
  const [reviewed] = ended.filter((lesson) => lesson.student_id === first.id);
  if (reviewed)
    await tx.insert(lessonComments).values({
      comment_sn: newPublicId('C'),
      lesson_id: reviewed.id,
      parent_id: parentId,
      rating_halves: 9,
      comment: 'Loved the story and read the new words aloud at dinner.',
    });
  // The school cancelled the second child's lesson in two weeks (a public holiday).
  const [toCancel] = await tx
    .select()
    .from(lessons)
    .where(and(eq(lessons.student_id, second.id), gt(lessons.starts_at, now)))
    .orderBy(asc(lessons.starts_at))
    .offset(2)
    .limit(1);
  if (toCancel)
    await cancelLesson(config, toCancel.id, now, 'school', {
      ...(options.cancelReason ? { reason: options.cancelReason } : {}),
    });
}

import type { ClassType } from '@portal/shared/catalogue';
import { lessonStatus } from '@portal/shared/lessons';
import type { AppContext } from '../../app-context';
import { unauthenticated } from '../../lib/app-error';
import { requireOwnChildId } from '../children/children.service';
import { creditsConsumedByLessons } from '../credits/ledger.service';
import { findParentById } from '../parents/parents.service';
import { countStatementLessons, findStatementLessons } from './statement.repository';

const STATUS = ['scheduled', 'onAir', 'completed', 'cancelled'] as const;

/** How a lesson of the statement went: its status, or leave taken, or ended without the child. */
export type StatementStatus = (typeof STATUS)[number] | 'leave' | 'noShow';

/** One lesson of the monthly statement, with the credits it required and actually consumed. */
export interface StatementEntry {
  startsAt: Date;
  childNickname: string;
  subject: { en: string; zh: string };
  classType: ClassType;
  creditsConsumed: number;
  creditsRequired: number;
  status: StatementStatus;
}

/**
 * `getStudentLessonLog` (MonthyuStatement): the parent's lessons starting in [from, to), oldest
 * first, of one child (by `studentSn`, which must be the parent's) or all.
 */
export async function getLessonStatement(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  parentId: number,
  query: { from: Date; to: Date; studentSn?: string | undefined },
  page: { page: number; pageSize: number },
): Promise<{ entries: StatementEntry[]; total: number }> {
  if (!(await findParentById(ctx.db, parentId))) throw unauthenticated();
  const studentId = query.studentSn
    ? await requireOwnChildId(ctx, parentId, query.studentSn)
    : undefined;
  const range = {
    from: query.from,
    to: query.to,
    ...(studentId === undefined ? {} : { studentId }),
  };
  const [rows, total] = await Promise.all([
    findStatementLessons(ctx.db, parentId, range, {
      limit: page.pageSize,
      offset: (page.page - 1) * page.pageSize,
    }),
    countStatementLessons(ctx.db, parentId, range),
  ]);
  const consumed = await creditsConsumedByLessons(
    ctx.db,
    parentId,
    rows.map((row) => row.lesson.id),
  );
  const now = ctx.clock.now().getTime();
  return {
    entries: rows.map(({ lesson, ...row }) => {
      const status = lessonStatus(
        {
          startMs: lesson.starts_at.getTime(),
          endMs: lesson.ends_at.getTime(),
          cancelled: lesson.cancelled_at !== null,
          onLeave: lesson.leave_at !== null,
        },
        now,
      );
      return {
        startsAt: lesson.starts_at,
        childNickname: row.nickname,
        subject: { en: row.subject_en, zh: row.subject_zh },
        classType: row.class_type,
        creditsConsumed: consumed.get(lesson.id) ?? 0,
        creditsRequired: lesson.required_credit,
        status: lesson.leave_at
          ? 'leave'
          : status === 2 && !lesson.entered_at
            ? 'noShow'
            : STATUS[status],
      };
    }),
    total,
  };
}

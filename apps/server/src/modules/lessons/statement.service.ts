import type { Readable } from 'node:stream';
import { isIsoMonthInRange, twoDigits } from '@portal/shared/api';
import type { ClassType } from '@portal/shared/catalogue';
import type { Language } from '@portal/shared/i18n';
import { lessonStatus } from '@portal/shared/lessons';
import type { AppContext } from '../../app-context';
import { AppError, badRequest, unauthenticated } from '../../lib/app-error';
import { cjkFont, type PdfFont } from '../../lib/pdf-fonts';
import { localMonthBounds, seenFrom, viewpointOf } from '../../lib/time';
import { requireOwnChildId } from '../children/children.service';
import { creditsConsumedByLessons } from '../credits/ledger.service';
import { findParentById } from '../parents/parents.service';
import { statementPdfBuffer, statementPdfDocument } from './statement-pdf';
import {
  countStatementLessons,
  creditBalanceBefore,
  creditMovesByEvent,
  findStatementLessons,
  findStatementRefunds,
  findStatementTopUps,
  statementActivitySpan,
} from './statement.repository';

const STATUS = ['scheduled', 'onAir', 'completed', 'cancelled'] as const;

/** How a lesson of the statement went: its status, or leave taken, or ended without the child. */
export type StatementStatus = (typeof STATUS)[number] | 'leave' | 'noShow';

/** One lesson of the monthly statement, with the credits it required and actually consumed. */
export interface StatementEntry {
  startsAt: Date;
  /** The child's internal id (groups the statement document per child; never on the wire). */
  studentId: number;
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
        studentId: lesson.student_id,
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

/** One lesson of the statement document: its day and time as the parent sees them. */
export interface StatementLesson extends Omit<StatementEntry, 'childNickname' | 'studentId'> {
  /** "YYYY-MM-DD" and "HH:mm" in the parent's zone. */
  date: string;
  time: string;
}

/** A paid credit purchase of the month (refunded later or not). */
export interface StatementTopUp {
  orderNo: string;
  paidAt: Date;
  date: string;
  title: { en: string; zh: string };
  /** Every credit it gave, the free extra included. */
  credits: number;
  amountMinor: number;
  currency: string;
}

/** A refund the provider confirmed in the month. */
export interface StatementRefund {
  refundNo: string;
  orderNo: string;
  confirmedAt: Date;
  date: string;
  title: { en: string; zh: string };
  amountMinor: number;
  currency: string;
  creditsTakenBack: number;
}

/**
 * Credits (paid + reward) the month's ledger added or took, by kind: their sum is closing less
 * opening, exactly.
 */
export interface StatementMoves {
  purchased: number;
  rewards: number;
  lessons: number;
  refunds: number;
  other: number;
}

/** The monthly statement as a document (issue #25): what the PDF prints. */
export interface MonthlyStatement {
  /** "YYYY-MM" in the parent's zone. */
  month: string;
  /** The zone times are written in: its IANA name, or "UTC+08:00" for a sent offset. */
  timeZone: string;
  parentName: string | null;
  /** Children with lessons in the month, by nickname, each with its lessons oldest first. */
  children: { nickname: string; lessons: StatementLesson[] }[];
  topUps: StatementTopUp[];
  refunds: StatementRefund[];
  /** Paid + reward credit at the month's start and at its end (reservations not subtracted). */
  openingCredits: number;
  closingCredits: number;
  moves: StatementMoves;
  /** "YYYY-MM-DD HH:mm" in the parent's zone. */
  generatedAt: string;
}

/** A statement never prints more lessons than this (a month of a large family is far below). */
const STATEMENT_LESSONS_MAX = 5_000;

const offsetLabel = (minutes: number) => {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${twoDigits(Math.floor(abs / 60))}:${twoDigits(abs % 60)}`;
};

function zoneLabel(zone: string | null): string {
  if (!zone) return 'UTC';
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

const MOVE_OF: Record<string, keyof StatementMoves> = {
  purchase: 'purchased',
  reward: 'rewards',
  consume: 'lessons',
  refund: 'refunds',
  refund_reversed: 'refunds',
};

/**
 * The parent's monthly statement for `month` ("YYYY-MM"; absent: the current month), as seen
 * at `timeDiff` (minutes east) when sent, else in the parent's stored zone (decision 035): the
 * month's lessons per child, top-ups, refunds and the credit balance at both ends. A month
 * outside 1970–2100 or not "YYYY-MM": 400 `monthInvalid`.
 */
export async function getMonthlyStatement(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  parentId: number,
  month: string | undefined,
  timeDiff?: number,
): Promise<MonthlyStatement> {
  if (month !== undefined && !isIsoMonthInRange(month)) throw badRequest('monthInvalid');
  const parent = await findParentById(ctx.db, parentId);
  if (!parent) throw unauthenticated();
  const view = viewpointOf(timeDiff, parent.time_zone);
  const now = ctx.clock.now();
  const range = localMonthBounds(month, now, view);
  const seen = (instant: Date) => seenFrom(instant, view);
  const [lessons, topUps, refunds, opening, closing, moves] = await Promise.all([
    getLessonStatement(ctx, parentId, range, { page: 1, pageSize: STATEMENT_LESSONS_MAX }),
    findStatementTopUps(ctx.db, parentId, range),
    findStatementRefunds(ctx.db, parentId, range),
    creditBalanceBefore(ctx.db, parentId, range.from),
    creditBalanceBefore(ctx.db, parentId, range.to),
    creditMovesByEvent(ctx.db, parentId, range),
  ]);
  // Per child by id (two children may share a nickname), in the order of their first lesson.
  const children = new Map<number, { nickname: string; lessons: StatementLesson[] }>();
  for (const { childNickname, studentId, ...entry } of lessons.entries) {
    const at = seen(entry.startsAt);
    const child = children.get(studentId) ?? { nickname: childNickname, lessons: [] };
    child.lessons.push({ ...entry, date: at.date, time: at.time });
    children.set(studentId, child);
  }
  const totals: StatementMoves = { purchased: 0, rewards: 0, lessons: 0, refunds: 0, other: 0 };
  for (const move of moves) totals[MOVE_OF[move.event] ?? 'other'] += move.credits;
  return {
    month: seen(range.from).date.slice(0, 7),
    timeZone: timeDiff === undefined ? zoneLabel(parent.time_zone) : offsetLabel(timeDiff),
    parentName: parent.name,
    children: [...children.values()],
    topUps: topUps.map((row) => ({
      orderNo: row.order_no,
      paidAt: row.paid_at!,
      date: seen(row.paid_at!).date,
      title: { en: row.title_en, zh: row.title_zh },
      credits: row.quantity + row.extra_quantity,
      amountMinor: row.amount_minor,
      currency: row.currency,
    })),
    refunds: refunds.map((row) => ({
      refundNo: row.refund_no,
      orderNo: row.order_no,
      confirmedAt: row.confirmed_at!,
      date: seen(row.confirmed_at!).date,
      title: { en: row.title_en, zh: row.title_zh },
      amountMinor: row.amount_minor,
      currency: row.currency,
      creditsTakenBack: row.credits_taken_back,
    })),
    openingCredits: opening,
    closingCredits: closing,
    moves: totals,
    generatedAt: `${seen(now).date} ${seen(now).time}`,
  };
}

/** At most this many months of statements (ten years) for one family. */
const STATEMENT_MONTHS_MAX = 120;

/**
 * The months ("YYYY-MM", oldest first) the parent has statements for, in the parent's stored
 * zone: from the month of the first lesson, credit, payment or refund to the month of the last
 * one, at most the latest 120 (the data export's ZIP holds one PDF each). Empty without any.
 */
export async function getStatementMonths(
  ctx: Pick<AppContext, 'db'>,
  parentId: number,
): Promise<string[]> {
  const parent = await findParentById(ctx.db, parentId);
  if (!parent) throw unauthenticated();
  const span = await statementActivitySpan(ctx.db, parentId);
  if (!span) return [];
  const view = viewpointOf(undefined, parent.time_zone);
  const [firstYear, firstMonth] = seenFrom(span.first, view).date.split('-').map(Number);
  const [lastYear, lastMonth] = seenFrom(span.last, view).date.split('-').map(Number);
  const months: string[] = [];
  for (
    let index = lastYear! * 12 + lastMonth! - 1;
    index >= firstYear! * 12 + firstMonth! - 1;
    index -= 1
  ) {
    months.unshift(`${Math.floor(index / 12)}-${twoDigits((index % 12) + 1)}`);
    if (months.length === STATEMENT_MONTHS_MAX) break;
  }
  return months;
}

/** `statement-2026-11.pdf` (ASCII: the month only). */
export const statementFileName = (month: string) => `statement-${month}.pdf`;

const fontOrFail = (fontOf: () => PdfFont | undefined): PdfFont => {
  const font = fontOf();
  if (!font) throw new AppError('UNAVAILABLE', 'statementPdfFontMissing');
  return font;
};

/**
 * The statement PDF as a stream for the parents' download (the route pipes it to the reply):
 * every figure is read first, so a refusal (bad month, missing font: 503
 * `statementPdfFontMissing`) is an ordinary error answer before any byte is sent.
 */
export async function openStatementPdf(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  parentId: number,
  query: { month?: string | undefined; timeDiff?: number | undefined },
  language: Language,
  fontOf: () => PdfFont | undefined = cjkFont,
): Promise<{ fileName: string; stream: Readable }> {
  const font = fontOrFail(fontOf);
  const statement = await getMonthlyStatement(ctx, parentId, query.month, query.timeDiff);
  return {
    fileName: statementFileName(statement.month),
    stream: statementPdfDocument(statement, language, font),
  };
}

/**
 * The statement PDF of `month` ("YYYY-MM") in the parent's stored zone, whole (for the data
 * export's ZIP, issue #25): the same document the download streams.
 */
export async function renderStatementPdf(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  parentId: number,
  month: string,
  language: Language,
  fontOf: () => PdfFont | undefined = cjkFont,
): Promise<Buffer> {
  const font = fontOrFail(fontOf);
  return statementPdfBuffer(await getMonthlyStatement(ctx, parentId, month), language, font);
}

import { canonicalTimeZone } from '@portal/shared/api';
import type { Language } from '@portal/shared/i18n';
import { LESSON_CANCEL_REASONS, type LessonCancelReason } from '@portal/shared/staff';
import type { AppContext } from '../../app-context';
import { localParts } from '../../lib/time';
import { sendEmailToParent, sendSmsToParent } from '../messages/messages.service';
import { findNoticeLessons, type NoticeLessonRow } from './notices.repository';
import { NOTICE_TEXTS, type NoticeSubject, type NoticeTexts } from './notices.texts';

/**
 * Lesson-change messages to families (issue #22): whatever the scheduling engine changed that a
 * parent can feel — a new enrolment, a moved, cancelled or covered lesson, the teacher's note —
 * reaches the family as ONE message per call, in the parent's language and time zone, by e-mail
 * when they have an address, else by SMS. Called after the change committed: a failure is
 * logged (and recorded as failed in the message log), never thrown back to undo it.
 */

export type LessonNoticeKind =
  'enrolled' | 'enrollment-ended' | 'moved' | 'cancelled' | 'substitute' | 'teacher-note';

export interface LessonNotice {
  kind: LessonNoticeKind;
  /** The lesson row (one per child); its current state is read when the message is written. */
  lessonId: number;
  /** 'moved': where the lesson was before. */
  previousStartsAt?: Date;
  /** 'cancelled' (closure and teacher-absent included); the lesson's `cancel_reason` otherwise. */
  reason?: LessonCancelReason;
}

/** Where failures go: pino's (and Fastify's) `warn(details, message)`. */
export interface NoticeLogger {
  warn(details: Record<string, unknown>, message: string): void;
}

export type NoticeContext = Pick<AppContext, 'db' | 'clock' | 'providers' | 'config'> & {
  log?: NoticeLogger;
};

/** The message log's kind for every lesson-change message (the console lists it). */
export const LESSON_CHANGES_KIND = 'lesson-changes';

/** An SMS lists this many lessons, then "…and N more" (a closure may cancel many). */
const SMS_MAX_LINES = 4;

/** Without a logger the warning still reaches stderr (jobs and scripts call without one). */
const stderrLogger: NoticeLogger = {
  warn: (details, message) => console.warn(message, JSON.stringify(details)),
};

/**
 * Sends each family one message listing every lesson of theirs in `notices` (any order, any
 * kinds). Never rejects: a family whose message fails does not stop the others.
 */
export async function notifyFamilies(ctx: NoticeContext, notices: LessonNotice[]): Promise<void> {
  const log = ctx.log ?? stderrLogger;
  if (notices.length === 0) return;
  let rows: NoticeLessonRow[];
  try {
    rows = await findNoticeLessons(ctx.db, [...new Set(notices.map((n) => n.lessonId))]);
  } catch (error) {
    log.warn({ err: errorDetails(error), lessons: notices.length }, 'lesson notices not read');
    return;
  }
  const byId = new Map(rows.map((row) => [row.id, row]));
  const families = new Map<number, { parent: NoticeLessonRow['parent']; items: NoticeItem[] }>();
  for (const notice of notices) {
    const row = byId.get(notice.lessonId);
    // A lesson gone since (its child deleted) has nobody left to tell.
    if (!row) continue;
    const family = families.get(row.parent.id) ?? { parent: row.parent, items: [] };
    family.items.push({ notice, row });
    families.set(row.parent.id, family);
  }
  await Promise.all(
    [...families.values()].map(async ({ parent, items }) => {
      try {
        await sendFamilyMessage(ctx, parent, items);
      } catch (error) {
        // Only the parent's id: never the phone or address (docs/product.md → Sign-in).
        log.warn(
          { err: errorDetails(error), parentId: parent.id, lessons: items.length },
          'lesson notice not sent',
        );
      }
    }),
  );
}

interface NoticeItem {
  notice: LessonNotice;
  row: NoticeLessonRow;
}

/** A message ready for either channel. */
export interface FamilyMessage {
  subject: string;
  /** The e-mail's body: greeting, intro, one line per lesson, link. */
  text: string;
  /** The SMS: the subject, zone and at most SMS_MAX_LINES lessons. */
  sms: string;
}

async function sendFamilyMessage(
  ctx: NoticeContext,
  parent: NoticeLessonRow['parent'],
  items: NoticeItem[],
): Promise<void> {
  const language: Language = parent.language ?? 'en';
  const zone =
    (parent.timeZone ? canonicalTimeZone(parent.timeZone) : undefined) ?? ctx.config.schoolTimeZone;
  const message = composeFamilyMessage(items, {
    language,
    zone,
    name: parent.name,
    url: `${ctx.config.publicUrl}${portalPath(items)}`,
  });
  if (parent.email) {
    await sendEmailToParent(ctx, {
      parentId: parent.id,
      kind: LESSON_CHANGES_KIND,
      email: { to: parent.email, subject: message.subject, text: message.text },
    });
  } else {
    await sendSmsToParent(ctx, {
      parentId: parent.id,
      kind: LESSON_CHANGES_KIND,
      phone: { country_code: parent.countryCode, mobile: parent.mobile },
      text: message.sms,
    });
  }
}

/** The parents' page the message points to (the web app's paths): notes are on completed lessons. */
function portalPath(items: NoticeItem[]): string {
  return items.every((item) => item.notice.kind === 'teacher-note')
    ? '/home/children/ViewCompletedLessons'
    : '/home/children/ScheduleaClass';
}

/** One family's message: lessons in time order, each line saying what happened to it. */
export function composeFamilyMessage(
  items: NoticeItem[],
  options: { language: Language; zone: string; name: string | null; url: string },
): FamilyMessage {
  const texts = NOTICE_TEXTS[options.language];
  const kinds = new Set(items.map((item) => item.notice.kind));
  const subjectKey: NoticeSubject = kinds.size === 1 ? [...kinds][0]! : 'mixed';
  const subject = texts.subject[subjectKey];
  const lines = [...items]
    .sort((a, b) => a.row.startsAt.getTime() - b.row.startsAt.getTime() || a.row.id - b.row.id)
    .map((item) => lessonLine(item, texts, options.language, options.zone));
  const text = [
    texts.greeting(options.name),
    '',
    texts.intro(options.zone),
    '',
    ...lines.map((line) => `• ${line}`),
    '',
    texts.link(options.url),
  ].join('\n');
  const shown = lines.slice(0, SMS_MAX_LINES);
  const sms = [
    texts.smsIntro(subject, options.zone),
    ...shown,
    ...(lines.length > shown.length ? [texts.more(lines.length - shown.length)] : []),
    options.url,
  ].join('\n');
  return { subject, text, sms };
}

function lessonLine(item: NoticeItem, texts: NoticeTexts, language: Language, zone: string) {
  const { notice, row } = item;
  const zh = language === 'zh_CN';
  const when = (instant: Date) => texts.dateTime(localParts(instant, zone));
  const course = `${zh ? row.subjectZh || row.subjectEn : row.subjectEn} ${
    zh ? row.levelZh || row.levelEn : row.levelEn
  }`;
  const teacher = zh ? row.teacherZh || row.teacherEn : row.teacherEn;
  const head = `${row.nickname} · ${course}`;
  switch (notice.kind) {
    case 'enrolled':
      return `${head} · ${when(row.startsAt)}${texts.colon}${texts.enrolled(teacher)}`;
    case 'moved':
      return notice.previousStartsAt
        ? `${head} · ${texts.moved(when(notice.previousStartsAt), when(row.startsAt))}`
        : `${head} · ${when(row.startsAt)}`;
    case 'cancelled':
    case 'enrollment-ended': {
      const reason =
        notice.kind === 'enrollment-ended'
          ? 'enrollment-ended'
          : (notice.reason ?? knownReason(row.cancelReason));
      return `${head} · ${when(row.startsAt)}${texts.colon}${texts.cancelled(
        reasonText(row, reason, texts, zh),
        row.requiredCredit,
      )}`;
    }
    case 'substitute': {
      const original = zh ? row.coveredZh || row.coveredEn : row.coveredEn;
      return `${head} · ${when(row.startsAt)}${texts.colon}${texts.substitute(teacher ?? '', original)}`;
    }
    case 'teacher-note':
      return `${head} · ${when(row.startsAt)}${texts.colon}${texts.teacherNote(teacher, row.teacherNote ?? '')}`;
  }
}

/** A closure names its own reason ("Spring Festival"); other reasons are the fixed texts. */
function reasonText(
  row: NoticeLessonRow,
  reason: LessonCancelReason | undefined,
  texts: NoticeTexts,
  zh: boolean,
): string | null {
  if (!reason) return null;
  if (reason === 'closure') {
    const own = zh ? row.closureZh || row.closureEn : row.closureEn;
    if (own) return own;
  }
  return texts.reasons[reason];
}

function knownReason(value: string | null): LessonCancelReason | undefined {
  return LESSON_CANCEL_REASONS.find((reason) => reason === value);
}

/** An error's name and message for the log, any long number in it (a phone) blanked. */
function errorDetails(error: unknown) {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.replace(/\+?\d[\d\s-]{5,}\d/g, '[number]');
}

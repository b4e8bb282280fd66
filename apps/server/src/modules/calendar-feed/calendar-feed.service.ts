import { CALENDAR_FEED_WEEKS_AHEAD, CALENDAR_FEED_WEEKS_BACK } from '@portal/shared/calendar';
import type { AppContext } from '../../app-context';
import { newOpaqueToken, sha256 } from '../../lib/tokens';
import { buildFeed, type FeedLesson } from './calendar-feed.ical';
import {
  deleteFeed,
  findFeedByParent,
  findFeedLessons,
  findFeedOwner,
  replaceFeed,
  type FeedLessonRow,
} from './calendar-feed.repository';

/**
 * The family's private calendar feed (issue #24). The URL's token (256 random bits) is the only
 * key, since calendar apps fetch without our session; we keep its SHA-256 only, so the URL is
 * shown once, when made, and a lost one is replaced by a reset, which stops the old at once.
 */

type Ctx = Pick<AppContext, 'db' | 'config' | 'clock'>;

const WEEK_MS = 7 * 86_400_000;
/** newOpaqueToken's shape: 32 bytes in base64url. Anything else cannot be a feed. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface CalendarFeedStatusView {
  isActive: boolean;
  createdAt: Date | null;
}

export interface CalendarFeedLinkView {
  url: string;
  webcalUrl: string;
  createdAt: Date;
  /** An earlier link existed and has stopped working. */
  replaced: boolean;
}

export async function getCalendarFeedStatus(
  ctx: Pick<AppContext, 'db'>,
  parentId: number,
): Promise<CalendarFeedStatusView> {
  const row = await findFeedByParent(ctx.db, parentId);
  return { isActive: Boolean(row), createdAt: row?.created_at ?? null };
}

/** Makes the parent's feed link, or a new one in place of the old (the old stops at once). */
export async function createCalendarFeed(
  ctx: Ctx,
  parentId: number,
): Promise<CalendarFeedLinkView> {
  const token = newOpaqueToken();
  const createdAt = ctx.clock.now();
  const { replaced } = await replaceFeed(ctx.db, {
    parent_id: parentId,
    token_hash: sha256(token),
    created_at: createdAt,
  });
  const url = `${ctx.config.publicUrl}/api/calendar/${token}.ics`;
  return { url, webcalUrl: url.replace(/^https?:\/\//, 'webcal://'), createdAt, replaced };
}

/** The rate limiter's key for a feed URL: the token's hash, so no token is stored there. */
/** The family's feed link stops working and is forgotten (an erased account, issue #25). */
export function removeCalendarFeed(ctx: Pick<AppContext, 'db'>, parentId: number): Promise<void> {
  return deleteFeed(ctx.db, parentId);
}

export function feedRateKey(token: string): string {
  return sha256(token).slice(0, 32);
}

/** The token inside a feed file name `<token>.ics`, or null when it cannot be one. */
export function tokenOfFeedFile(file: string): string | null {
  if (!file.endsWith('.ics')) return null;
  const token = file.slice(0, -'.ics'.length);
  return TOKEN_PATTERN.test(token) ? token : null;
}

function feedLesson(row: FeedLessonRow, language: 'en' | 'zh_CN'): FeedLesson {
  const zh = language === 'zh_CN';
  return {
    lessonSn: row.lesson_sn,
    number: row.lesson_number,
    totalLessons: row.total_lessons,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    courseZone: row.course_zone,
    nickname: row.nickname,
    course: zh ? `${row.subject_zh} ${row.level_zh}` : `${row.subject_en} ${row.level_en}`,
    topic: (zh ? row.topic_zh : row.topic_en) ?? null,
    isCancelled: row.cancelled_at !== null,
    isOnLeave: row.leave_at !== null,
    updatedAt: row.updated_at,
  };
}

/**
 * The feed a token opens: every child's lessons from 4 weeks back to 8 weeks ahead, in the
 * parent's language and zone; undefined for a token that opens nothing (never made, or reset).
 */
export async function renderCalendarFeed(ctx: Ctx, token: string): Promise<string | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const owner = await findFeedOwner(ctx.db, sha256(token));
  if (!owner) return undefined;
  const now = ctx.clock.now();
  const rows = await findFeedLessons(
    ctx.db,
    owner.parent_id,
    new Date(now.getTime() - CALENDAR_FEED_WEEKS_BACK * WEEK_MS),
    new Date(now.getTime() + CALENDAR_FEED_WEEKS_AHEAD * WEEK_MS),
  );
  const language = owner.language ?? 'en';
  return buildFeed(
    rows.map((row) => feedLesson(row, language)),
    {
      language,
      parentZone: validZone(owner.time_zone),
      publicUrl: ctx.config.publicUrl,
      now,
    },
  );
}

/** A zone the runtime knows, or null (then each lesson keeps its course's zone). */
function validZone(zone: string | null): string | null {
  if (!zone) return null;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}

import { Buffer } from 'node:buffer';
import yazl from 'yazl';
import { DATA_EXPORT_LINK_DAYS, type DataExportStatus } from '@portal/shared/profile';
import type { Language } from '@portal/shared/i18n';
import type { AppContext } from '../../app-context';
import { translate } from '../../lib/catalogue';
import { badRequest } from '../../lib/app-error';
import { newOpaqueToken, sha256 } from '../../lib/tokens';
import { findParentById } from '../parents/parents.service';
import { sendEmailToParent } from '../messages/messages.service';
import { renderStatementPdf } from '../lessons/statement.service';
import { EXPORT_FILES, exportReadme, type ExportFile } from './export-readme';
import {
  claimNextExport,
  expireExports,
  findLatestExport,
  insertQueuedExport,
  markExportFailed,
  markExportReady,
  readActiveMonths,
  readChildren,
  readEnrollments,
  readFeedback,
  readKnownDevices,
  readLedger,
  readLessons,
  readMemberships,
  readMessages,
  readOrders,
  readParentProfile,
  readRefunds,
  readRenewals,
  readSessions,
  takeExportFile,
} from './export.repository';

/**
 * "Download my data" (issue #25; GDPR art. 15 and 20): a parent asks, a job builds one ZIP of
 * everything we keep about the family, stores it in `data_exports` (so every instance serves it)
 * and e-mails a link that works once for 7 days.
 */

type Ctx = Pick<AppContext, 'db' | 'config' | 'providers' | 'clock'>;

const DAY_MS = 86_400_000;
/** A builder silent this long is taken for dead (its instance stopped) and the row re-claimed. */
export const EXPORT_STALE_MS = 15 * 60_000;
/** Attempts before an export is `failed` for good (the parent may ask again). */
export const EXPORT_MAX_ATTEMPTS = 3;
/** Exports one job run builds at most (the rest wait for the next run, a minute later). */
const EXPORTS_PER_RUN = 5;

export interface DataExportView {
  status: DataExportStatus;
  requestedAt: Date;
  readyAt: Date | null;
  expiresAt: Date | null;
  downloadedAt: Date | null;
  sizeBytes: number | null;
}

/**
 * Renders one month's statement as a PDF: the lessons module's `renderStatementPdf`, one per
 * month with activity; tests may pass their own.
 */
export type StatementRenderer = (
  ctx: Ctx,
  parentId: number,
  month: string,
  language: Language,
) => Promise<Buffer>;

/** The parent's latest export, or null when none was asked for. */
export async function getLatestDataExport(
  ctx: Pick<AppContext, 'db'>,
  parentId: number,
): Promise<DataExportView | null> {
  const row = await findLatestExport(ctx.db, parentId);
  if (!row) return null;
  return {
    status: row.status,
    requestedAt: row.requested_at,
    readyAt: row.ready_at,
    expiresAt: row.expires_at,
    downloadedAt: row.downloaded_at,
    sizeBytes: row.size_bytes,
  };
}

/** The queue's job that builds exports (jobs/index.ts). */
export const DATA_EXPORT_JOB = 'data-export';

/**
 * Queues an export. While one is queued or being built, a second request answers that one
 * (the database's partial unique index keeps parallel requests to one row). The link goes by
 * e-mail, so an account without one is refused.
 */
export async function requestDataExport(
  ctx: Pick<AppContext, 'db' | 'clock' | 'queue'>,
  parentId: number,
  fallbackLanguage: Language,
): Promise<DataExportView> {
  const parent = await findParentById(ctx.db, parentId);
  if (!parent?.email) throw badRequest('dataExportEmailMissing');
  await insertQueuedExport(ctx.db, {
    parent_id: parentId,
    language: parent.language ?? fallbackLanguage,
    requested_at: ctx.clock.now(),
  });
  // The parent is waiting: build it now rather than at the job's next minute (which still builds
  // it if this nudge is lost).
  await ctx.queue?.send(DATA_EXPORT_JOB).catch(() => undefined);
  return (await getLatestDataExport(ctx, parentId))!;
}

/**
 * Uses a download link: the ZIP once, while it is within its 7 days; undefined afterwards, for
 * an unknown token, or for one already used.
 */
export async function downloadDataExport(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  token: string,
): Promise<{ file: Buffer; fileName: string } | undefined> {
  const taken = await takeExportFile(ctx.db, sha256(token), ctx.clock.now());
  return taken && { file: taken.file, fileName: taken.file_name };
}

/** Everything the export holds about one family, one array per file. */
export async function collectFamilyData(
  ctx: Pick<AppContext, 'db'>,
  parentId: number,
): Promise<Record<ExportFile, unknown>> {
  // One transaction: the files describe the same moment.
  return ctx.db.transaction(async (tx) => {
    const [profile] = await readParentProfile(tx, parentId);
    return {
      'profile.json': profile ?? null,
      'children.json': await readChildren(tx, parentId),
      'enrolments.json': await readEnrollments(tx, parentId),
      'lessons.json': await readLessons(tx, parentId),
      'feedback.json': (await readFeedback(tx, parentId)).map(({ rating_halves, ...rest }) => ({
        ...rest,
        rating: rating_halves / 2,
      })),
      'credit-ledger.json': await readLedger(tx, parentId),
      'orders-and-charges.json': {
        orders: await readOrders(tx, parentId),
        refunds: await readRefunds(tx, parentId),
        plan_renewals: await readRenewals(tx, parentId),
      },
      'memberships.json': await readMemberships(tx, parentId),
      'sessions.json': {
        sessions: await readSessions(tx, parentId),
        remembered_browsers: await readKnownDevices(tx, parentId),
      },
      'messages.json': await readMessages(tx, parentId),
    };
  });
}

/** Builds the ZIP: README.txt, one JSON file per kind, and the monthly statements. */
export async function buildExportArchive(
  ctx: Ctx,
  parentId: number,
  language: Language,
  now: Date,
  statements: StatementRenderer | null = renderStatementPdf,
): Promise<Buffer> {
  const data = await collectFamilyData(ctx, parentId);
  const profile = data['profile.json'] as { time_zone: string | null } | null;
  const zone = profile?.time_zone ?? 'UTC';
  const zip = new yazl.ZipFile();
  const mtime = now;
  zip.addBuffer(
    Buffer.from(exportReadme(language, { at: now, zone, withStatements: Boolean(statements) })),
    'README.txt',
    { mtime },
  );
  for (const file of EXPORT_FILES)
    zip.addBuffer(Buffer.from(`${JSON.stringify(data[file], null, 2)}\n`), file, { mtime });
  if (statements)
    for (const month of await readActiveMonths(ctx.db, parentId, zone))
      zip.addBuffer(await statements(ctx, parentId, month, language), `statements/${month}.pdf`, {
        mtime,
        compress: false,
      });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `my-data-2026-11-20.zip` */
function fileNameAt(now: Date): string {
  return `my-data-${now.toISOString().slice(0, 10)}.zip`;
}

/**
 * The job's run: expires old links, then builds queued exports one by one. Each is claimed in
 * one statement (SKIP LOCKED), so two instances never build the same export; a claim whose
 * builder died is taken over after EXPORT_STALE_MS. Returns how many it finished.
 */
export async function runDataExports(
  ctx: Ctx,
  now: Date,
  options: { statements?: StatementRenderer | null; limit?: number } = {},
): Promise<number> {
  await expireExports(ctx.db, now);
  let built = 0;
  for (let i = 0; i < (options.limit ?? EXPORTS_PER_RUN); i += 1) {
    const claim = await claimNextExport(ctx.db, now, new Date(now.getTime() - EXPORT_STALE_MS));
    if (!claim) break;
    try {
      const file = await buildExportArchive(
        ctx,
        claim.parent_id,
        claim.language,
        now,
        options.statements,
      );
      const token = newOpaqueToken();
      const expiresAt = new Date(now.getTime() + DATA_EXPORT_LINK_DAYS * DAY_MS);
      const stored = await markExportReady(ctx.db, claim, {
        tokenHash: sha256(token),
        fileName: fileNameAt(now),
        file,
        readyAt: now,
        expiresAt,
      });
      if (!stored) continue; // Taken over by another instance meanwhile; it sends its own link.
      await sendReadyMail(ctx, claim.parent_id, claim.language, token);
      built += 1;
    } catch (error) {
      // The message names the failure, never the token (it is not in any error here).
      const message = error instanceof Error ? error.message : String(error);
      await markExportFailed(ctx.db, claim, message, claim.attempts >= EXPORT_MAX_ATTEMPTS);
      break; // The next attempt waits for the next run.
    }
  }
  return built;
}

async function sendReadyMail(ctx: Ctx, parentId: number, language: Language, token: string) {
  const parent = await findParentById(ctx.db, parentId);
  if (!parent?.email) throw new Error('the parent has no e-mail address');
  const link = `${ctx.config.publicUrl}/api/dataExport/download?token=${encodeURIComponent(token)}`;
  await sendEmailToParent(ctx, {
    parentId,
    kind: 'data-export-ready',
    email: {
      to: parent.email,
      subject: translate(language, 'dataExportMailSubject'),
      text: translate(language, 'dataExportMailText', { link, days: DATA_EXPORT_LINK_DAYS }),
    },
  });
}

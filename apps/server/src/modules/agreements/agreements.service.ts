import sanitizeHtml from 'sanitize-html';
import { AGREEMENT_TYPES, type AgreementType } from '@portal/shared/agreements';
import type { Language } from '@portal/shared/i18n';
import {
  CATALOGUE_AGREEMENT_KINDS,
  type CatalogueAgreementBody,
  type CatalogueAgreementKind,
} from '@portal/shared/staff';
import type { AppContext } from '../../app-context';
import type { DbOrTx } from '../../db/client';
import { badRequest, notFound } from '../../lib/app-error';
import { changedFields, recordAudit } from '../audit/audit.service';
import { findAgreement, findAgreementLanguages, upsertAgreement } from './agreements.repository';

/** Text formatting only: no scripts, styles, forms or event handlers; links open safely. */
const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'b',
    'i',
    'u',
    'a',
    'blockquote',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'hr',
    'span',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
  },
};

export function sanitizeAgreementHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}

/** A published agreement: each language is its own document. */
export interface Agreement {
  type: AgreementType;
  title: string;
  /** Sanitised HTML. */
  html: string;
  updatedAt: Date;
}

/**
 * The agreement of `type` written in `language` (a document is stored per language), or the
 * English one when that translation is missing. Sanitised on the way out as well as in, since
 * operators may edit rows directly.
 */
export async function getAgreement(
  ctx: Pick<AppContext, 'db'>,
  type: AgreementType,
  language: Language,
): Promise<Agreement> {
  const row =
    (await findAgreement(ctx.db, type, language)) ?? (await findAgreement(ctx.db, type, 'en'));
  if (!row) throw notFound();
  return {
    type,
    title: row.title,
    html: sanitizeAgreementHtml(row.content_html),
    updatedAt: row.updated_at,
  };
}

export interface AgreementText {
  type: AgreementType;
  language: Language;
  title: string;
  html: string;
}

export function saveAgreement(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  agreement: AgreementText,
): Promise<void> {
  return saveAgreementAt(ctx.db, agreement, ctx.clock.now());
}

/** Saves an agreement dated `at` (the demo data dates its texts the day they took effect). */
export async function saveAgreementAt(
  db: DbOrTx,
  agreement: AgreementText,
  at: Date,
): Promise<void> {
  await upsertAgreement(
    db,
    {
      type: agreement.type,
      language: agreement.language,
      title: agreement.title,
      content_html: sanitizeAgreementHtml(agreement.html),
    },
    at,
  );
}

// ---------------------------------------------------------------------------------------------
// Editing (issue #22: the console's agreements editor, `schedule.manage`)

/** An agreement as the school edits it: both languages of one document. */
export interface AgreementDocument {
  kind: CatalogueAgreementKind;
  titleEn: string;
  /** Sanitised HTML. */
  htmlEn: string;
  titleZh: string;
  htmlZh: string;
  /** The later language's change; null when neither language exists yet. */
  updatedAt: Date | null;
}

type AgreementRow = Awaited<ReturnType<typeof findAgreementLanguages>>[number];

function documentOf(kind: CatalogueAgreementKind, rows: AgreementRow[]): AgreementDocument {
  const en = rows.find((row) => row.language === 'en');
  const zh = rows.find((row) => row.language === 'zh_CN');
  const times = rows.map((row) => row.updated_at.getTime());
  return {
    kind,
    titleEn: en?.title ?? '',
    htmlEn: en ? sanitizeAgreementHtml(en.content_html) : '',
    titleZh: zh?.title ?? '',
    htmlZh: zh ? sanitizeAgreementHtml(zh.content_html) : '',
    updatedAt: times.length ? new Date(Math.max(...times)) : null,
  };
}

/** The three documents, service first, each with both languages as stored (no fallback). */
export async function listAgreementDocuments(
  ctx: Pick<AppContext, 'db'>,
): Promise<AgreementDocument[]> {
  return Promise.all(
    CATALOGUE_AGREEMENT_KINDS.map(async (kind) =>
      documentOf(kind, await findAgreementLanguages(ctx.db, AGREEMENT_TYPES[kind])),
    ),
  );
}

/** True when sanitised HTML holds no text at all (only removed tags, or empty ones). */
const isEmptyText = (html: string) =>
  sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim() === '';

/**
 * Saves both languages of a document, sanitised exactly as the parents' page reads them (the
 * same `sanitizeAgreementHtml`), and audits the changed fields as `agreement.updated` in the same
 * transaction. A language whose text is empty once cleaned is refused and nothing is saved.
 * Rows are locked so the audit's "before" is what the save replaced.
 */
export async function updateAgreementDocument(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  kind: CatalogueAgreementKind,
  body: CatalogueAgreementBody,
  actor: { staffId: number; ip: string | null },
): Promise<AgreementDocument> {
  const next = {
    titleEn: body.titleEn,
    htmlEn: sanitizeAgreementHtml(body.htmlEn),
    titleZh: body.titleZh,
    htmlZh: sanitizeAgreementHtml(body.htmlZh),
  };
  if (isEmptyText(next.htmlEn)) throw badRequest('agreementHtmlEnEmptyAfterCleaning');
  if (isEmptyText(next.htmlZh)) throw badRequest('agreementHtmlZhEmptyAfterCleaning');
  const type = AGREEMENT_TYPES[kind];
  await ctx.db.transaction(async (tx) => {
    const {
      updatedAt: _at,
      kind: _kind,
      ...was
    } = documentOf(kind, await findAgreementLanguages(tx, type, true));
    const diff = changedFields(was, next);
    if (Object.keys(diff.after).length === 0) return;
    const now = ctx.clock.now();
    if ('titleEn' in diff.after || 'htmlEn' in diff.after)
      await saveAgreementAt(
        tx,
        { type, language: 'en', title: next.titleEn, html: next.htmlEn },
        now,
      );
    if ('titleZh' in diff.after || 'htmlZh' in diff.after)
      await saveAgreementAt(
        tx,
        { type, language: 'zh_CN', title: next.titleZh, html: next.htmlZh },
        now,
      );
    await recordAudit(tx, {
      staffId: actor.staffId,
      action: 'agreement.updated',
      target: { type: 'agreement', id: kind },
      ip: actor.ip,
      ...diff,
    });
  });
  return documentOf(kind, await findAgreementLanguages(ctx.db, type));
}

import sanitizeHtml from 'sanitize-html';
import type { AgreementType } from '@portal/shared/agreements';
import type { Language } from '@portal/shared/i18n';
import type { AppContext } from '../../app-context';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { findAgreement, upsertAgreement } from './agreements.repository';

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

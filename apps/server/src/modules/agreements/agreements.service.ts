import sanitizeHtml from 'sanitize-html';
import type { Agreement, AgreementType } from '@portal/shared/agreements';
import type { Language } from '@portal/shared/i18n';
import type { AppContext } from '../../app-context';
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

/**
 * The agreement of `type` in the parent's language, falling back to English when a translation
 * is missing. Sanitised on the way out as well as in, since operators may edit rows directly.
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
    type: row.type,
    title: row.title,
    content: sanitizeAgreementHtml(row.content_html),
    updated_at: row.updated_at.toISOString(),
  };
}

export async function saveAgreement(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  agreement: { type: AgreementType; language: Language; title: string; html: string },
): Promise<void> {
  await upsertAgreement(
    ctx.db,
    {
      type: agreement.type,
      language: agreement.language,
      title: agreement.title,
      content_html: sanitizeAgreementHtml(agreement.html),
    },
    ctx.clock.now(),
  );
}

import { AGREEMENT_TYPES } from '@portal/shared/agreements';
import { upsertAgreement } from '../../modules/agreements/agreements.repository';
import { sanitizeAgreementHtml } from '../../modules/agreements/agreements.service';
import type { Transaction } from '../client';
import { AGREEMENT_TEXTS } from './agreement-texts';

/** Demo agreements in both languages (decisions.md → Demo data). */
export async function seedAgreements(tx: Transaction, now: Date): Promise<void> {
  for (const [name, type] of Object.entries(AGREEMENT_TYPES) as [
    keyof typeof AGREEMENT_TYPES,
    number,
  ][]) {
    for (const language of ['en', 'zh_CN'] as const) {
      const text = AGREEMENT_TEXTS[name][language];
      await upsertAgreement(
        tx,
        { type, language, title: text.title, content_html: sanitizeAgreementHtml(text.html) },
        now,
      );
    }
  }
}

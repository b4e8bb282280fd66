import { AGREEMENT_TYPES, type AgreementType } from '@portal/shared/agreements';
import { saveAgreementAt } from '../../modules/agreements/agreements.service';
import type { Transaction } from '../client';
import { AGREEMENT_TEXTS } from './agreement-texts';
import { DEMO_AGREEMENTS_EFFECTIVE } from './school';

/**
 * Demo agreements in both languages (docs/product.md → Demo data), dated the day they took effect
 * (or the demo's creation, if that is earlier).
 */
export async function seedAgreements(tx: Transaction, now: Date): Promise<void> {
  const effective = now < DEMO_AGREEMENTS_EFFECTIVE ? now : DEMO_AGREEMENTS_EFFECTIVE;
  for (const [name, type] of Object.entries(AGREEMENT_TYPES) as [
    keyof typeof AGREEMENT_TYPES,
    AgreementType,
  ][]) {
    for (const language of ['en', 'zh_CN'] as const) {
      const text = AGREEMENT_TEXTS[name][language];
      await saveAgreementAt(tx, { type, language, title: text.title, html: text.html }, effective);
    }
  }
}

import type { Language } from '@portal/shared/i18n';
import type { AppContext } from '../../app-context';
import { translate } from '../../lib/catalogue';
import { sendEmailToParent } from '../messages/messages.service';
import { findParentById } from '../parents/parents.service';
import { findOrderById } from './orders.repository';
import type { RefundRow } from './refunds.repository';

/** The message log's kind of the receipt (the console lists it). */
export const REFUND_RECEIPT_KIND = 'refund-receipt';

/** `amountMinor` of `currency` as the parent reads money, e.g. "$12.50" / "US$12.50". */
export function formatMoney(amountMinor: number, currency: string, language: Language): string {
  const format = new Intl.NumberFormat(language === 'zh_CN' ? 'zh-CN' : 'en-US', {
    style: 'currency',
    currency,
  });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amountMinor / 10 ** digits);
}

/**
 * The parent's receipt of a confirmed refund, by e-mail in their language (when they have an
 * address). Sent after the confirming transaction committed, by the one notification that
 * confirmed it; a failure is logged in the message log, never thrown back.
 */
export async function sendRefundReceipt(
  ctx: Pick<AppContext, 'db' | 'clock' | 'providers'>,
  refund: RefundRow,
): Promise<void> {
  try {
    const parent = await findParentById(ctx.db, refund.parent_id);
    if (!parent?.email) return;
    const order = await findOrderById(ctx.db, refund.order_id);
    const language: Language = parent.language === 'zh_CN' ? 'zh_CN' : 'en';
    const amount = formatMoney(refund.amount_minor, refund.currency, language);
    const credits =
      refund.credits_taken_back > 0
        ? translate(language, 'refundReceiptCredits', { credits: refund.credits_taken_back })
        : '';
    await sendEmailToParent(ctx, {
      parentId: parent.id,
      kind: REFUND_RECEIPT_KIND,
      email: {
        to: parent.email,
        subject: translate(language, 'refundReceiptSubject', { amount }),
        text: translate(language, 'refundReceiptBody', {
          name: parent.name ?? '',
          amount,
          orderNo: order?.order_no ?? '',
          title: (language === 'zh_CN' ? order?.title_zh : order?.title_en) ?? '',
          refundNo: refund.refund_no,
          credits,
        }),
      },
    });
  } catch (error) {
    // Only ids: never the address.
    console.warn(
      'refund receipt not sent',
      JSON.stringify({
        refundNo: refund.refund_no,
        parentId: refund.parent_id,
        error: String(error),
      }),
    );
  }
}

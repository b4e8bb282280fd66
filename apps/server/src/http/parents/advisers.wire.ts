import type { z } from 'zod';
import type { SalespersonSchema } from '@portal/shared/auth';
import type { Language } from '@portal/shared/i18n';
import type { Adviser } from '../../modules/advisers/advisers.service';
import { pickAsStored } from '../localize';

/**
 * Spec §3 salesperson_info: the adviser's card, its description in the request's language as
 * stored (an empty Chinese description stays empty, as it always has).
 */
export function adviserCardWire(
  adviser: Adviser,
  language: Language,
): z.infer<typeof SalespersonSchema> {
  return {
    name: adviser.name,
    describe: pickAsStored(language, adviser.description),
    email: adviser.email,
    mobile: adviser.mobile,
    wechat: adviser.wechat,
    qr_code: adviser.qrCode,
  };
}

import type { OrderSummary } from '@portal/shared/billing';
import { paths } from '../../../config/paths';

/**
 * Where an order was started, to go back to after a cancel or to try again: credit packages
 * from the top-up page, plans (and the offer's credits) from the plan list.
 */
export function originOf(kind: OrderSummary['kind'] | undefined): string {
  return kind === 'package' ? paths.recharge : paths.home.purchaseLessonPlan;
}

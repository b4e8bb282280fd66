import { addMessages } from '../i18n/messages';
import { DASHBOARD_MESSAGES } from './dashboard-messages';
import { FAMILIES_MESSAGES } from './families-messages';
import { STAFF_AUTH_MESSAGES } from './staff-auth-messages';
import { CATALOGUE_ADMIN_MESSAGES } from './catalogue-admin-messages';
import { TEACHERS_MESSAGES } from './teachers-messages';
import { TIMETABLE_MESSAGES } from './timetable-messages';
import { MONEY_MESSAGES } from './money-messages';
import { ORDERS_MESSAGES } from './orders-messages';
import { PRICES_MESSAGES } from './prices-messages';
import { BOOKS_MESSAGES } from './books-messages';

/** Every staff feature's server messages (each key is defined once in the whole catalogue). */
export const STAFF_MESSAGE_GROUPS = {
  STAFF_AUTH_MESSAGES,
  FAMILIES_MESSAGES,
  DASHBOARD_MESSAGES,
  CATALOGUE_ADMIN_MESSAGES,
  TEACHERS_MESSAGES,
  TIMETABLE_MESSAGES,
  MONEY_MESSAGES,
  ORDERS_MESSAGES,
  PRICES_MESSAGES,
  BOOKS_MESSAGES,
} as const;

/**
 * Puts the staff messages into the shared catalogue (i18n/messages.ts), so `translate` and the
 * forms' message matching know them. Called once by the server's app and by the console; the
 * parents' app does not, and its bundle holds none of these texts. Safe to call again.
 */
export function addStaffMessages(): void {
  for (const messages of Object.values(STAFF_MESSAGE_GROUPS)) addMessages(messages);
}

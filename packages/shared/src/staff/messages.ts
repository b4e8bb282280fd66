import { addMessages } from '../i18n/messages';
import { DASHBOARD_MESSAGES } from './dashboard-messages';
import { FAMILIES_MESSAGES } from './families-messages';
import { STAFF_AUTH_MESSAGES } from './staff-auth-messages';
import { CATALOGUE_ADMIN_MESSAGES } from './catalogue-admin-messages';
import { TEACHERS_MESSAGES } from './teachers-messages';
import { TIMETABLE_MESSAGES } from './timetable-messages';

/**
 * Puts the staff messages into the shared catalogue (i18n/messages.ts), so `translate` and the
 * forms' message matching know them. Called once by the server's app and by the console; the
 * parents' app does not, and its bundle holds none of these texts. Safe to call again.
 */
export function addStaffMessages(): void {
  addMessages(STAFF_AUTH_MESSAGES);
  addMessages(FAMILIES_MESSAGES);
  addMessages(DASHBOARD_MESSAGES);
  addMessages(CATALOGUE_ADMIN_MESSAGES);
  addMessages(TEACHERS_MESSAGES);
  addMessages(TIMETABLE_MESSAGES);
}

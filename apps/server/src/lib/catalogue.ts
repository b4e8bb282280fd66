import { addStaffMessages } from '@portal/shared/staff';

/**
 * The server's message catalogue: the shared one with the staff console's messages added (the
 * parents' app loads the shared catalogue without them, so its pages do not grow with the
 * console). Server code translates through this module, never `@portal/shared/i18n` directly
 * (lint checks it), so a staff message is known wherever it is used — app, jobs or command line.
 */
addStaffMessages();

export { isMessageKey, MESSAGES, translate } from '@portal/shared/i18n';

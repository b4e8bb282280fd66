import { queryOptions } from '@tanstack/react-query';
import {
  ReminderDeliveriesSchema,
  ReminderSettingsSchema,
  type ReminderSettingsBody,
} from '@portal/shared/reminders';
import { api } from '../../../lib/api-client';

/** `GET /api/reminderSettings` (issue #24): the parent's choices, the e-mail's presence, the zone. */
export const reminderSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['reminder-settings'],
    queryFn: ({ signal }) =>
      api.get('/api/reminderSettings', { schema: ReminderSettingsSchema, signal }),
  });

/** `GET /api/reminderDeliveries`: the last 30 days' reminders, newest first. */
export const reminderDeliveriesQueryOptions = () =>
  queryOptions({
    queryKey: ['reminder-deliveries'],
    queryFn: ({ signal }) =>
      api.get('/api/reminderDeliveries', { schema: ReminderDeliveriesSchema, signal }),
  });

export const remindersApi = {
  save: (body: ReminderSettingsBody) =>
    api.post('/api/reminderSettings', body, { schema: ReminderSettingsSchema }),
};

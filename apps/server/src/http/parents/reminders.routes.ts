import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@portal/shared/api';
import {
  ReminderDeliveriesSchema,
  ReminderSettingsBodySchema,
  ReminderSettingsSchema,
  type ReminderSettings,
} from '@portal/shared/reminders';
import type { AppContext } from '../../app-context';
import { parentIdOf } from '../../plugins/auth';
import {
  getReminderSettings,
  listReminderDeliveries,
  saveReminderSettings,
  type ReminderSettingsView,
} from '../../modules/reminders/reminders.service';
import { reminderDeliveryWire } from '../../modules/reminders/reminders.wire';
import { ok, okSaying } from '../envelope';

function settingsWire(view: ReminderSettingsView): ReminderSettings {
  return {
    day_before: view.day_before,
    soon: view.soon,
    quiet_hours: view.quiet_hours,
    has_email: view.hasEmail,
    time_zone: view.timeZone,
  };
}

/** Lesson reminders (issue #24): the parent's choices and what became of the latest reminders. */
export const remindersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.requireParent);

  app.get(
    '/reminderSettings',
    {
      schema: {
        tags: ['profile'],
        summary: 'The parent’s lesson-reminder choices (defaults when never saved)',
        response: { 200: envelope(ReminderSettingsSchema) },
      },
    },
    async (request) => ok(settingsWire(await getReminderSettings(ctx, parentIdOf(request)))),
  );

  app.post(
    '/reminderSettings',
    {
      schema: {
        tags: ['profile'],
        summary: 'Save the lesson-reminder choices',
        body: ReminderSettingsBodySchema,
        response: { 200: envelope(ReminderSettingsSchema) },
      },
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request) =>
      okSaying(
        request,
        'reminderSettingsSaved',
        settingsWire(await saveReminderSettings(ctx, parentIdOf(request), request.body)),
      ),
  );

  app.get(
    '/reminderDeliveries',
    {
      schema: {
        tags: ['profile'],
        summary: 'The last 30 days’ lesson reminders and their delivery state, newest first',
        response: { 200: envelope(ReminderDeliveriesSchema) },
      },
    },
    async (request) => {
      const views = await listReminderDeliveries(ctx, parentIdOf(request));
      return ok({ items: views.map((view) => reminderDeliveryWire(view, request.lang)) });
    },
  );
};

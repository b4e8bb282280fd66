import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context';
import { followSession } from '../../plugins/auth';
import { accountDeletionRoutes } from './account-deletion.routes';
import { advisersRoutes } from './advisers.routes';
import { agreementsRoutes } from './agreements.routes';
import { authRoutes } from './auth.routes';
import { billingRoutes } from './billing.routes';
import { calendarFeedRoutes } from './calendar-feed.routes';
import { catalogueRoutes } from './catalogue.routes';
import { childrenRoutes } from './children.routes';
import { creditsRoutes } from './credits.routes';
import { deviceCheckRoutes } from './device-check.routes';
import { dictRoutes } from './dict.routes';
import { familyDataRoutes } from './family-data.routes';
import { lessonsRoutes } from './lessons.routes';
import { onboardingRoutes } from './onboarding.routes';
import { planRoutes } from './plan.routes';
import { profileRoutes } from './profile.routes';
import { registrationRoutes } from './registration.routes';
import { remindersRoutes } from './reminders.routes';
import { statementRoutes } from './statement.routes';

/**
 * The parents' HTTP edge, registered under `/api`: the spec's URLs and wire names (§7), its
 * envelope and its translated messages. Signed-in routes run `requireParent`, which knows only
 * parents' sessions: a staff token opens nothing here. One line per feature.
 */
export const parentsEdge: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The session's cookie follows the bearer session of every private call (decision 056).
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode === 200) followSession(request, reply);
    return payload;
  });
  await app.register(dictRoutes, { ctx });
  await app.register(agreementsRoutes, { ctx });
  await app.register(authRoutes, { ctx });
  await app.register(profileRoutes, { ctx });
  await app.register(catalogueRoutes, { ctx });
  await app.register(creditsRoutes, { ctx });
  await app.register(childrenRoutes, { ctx });
  await app.register(advisersRoutes, { ctx });
  await app.register(lessonsRoutes, { ctx });
  await app.register(billingRoutes, { ctx });
  await app.register(onboardingRoutes, { ctx });
  await app.register(registrationRoutes, { ctx });
  await app.register(accountDeletionRoutes, { ctx });
  await app.register(familyDataRoutes, { ctx });
  await app.register(statementRoutes, { ctx });
  await app.register(planRoutes, { ctx });
  await app.register(remindersRoutes, { ctx });
  await app.register(calendarFeedRoutes, { ctx });
  await app.register(deviceCheckRoutes, { ctx });
};

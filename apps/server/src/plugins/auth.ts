import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../app-context';
import { unauthenticated } from '../lib/app-error';
import { resolveSession, type AuthenticatedSession } from '../modules/auth/session.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `requireParent` preHandler on private routes. */
    session: AuthenticatedSession | null;
  }
  interface FastifyInstance {
    /** preHandler for private routes: a live bearer session or 401 / 10001 (spec §8). */
    requireParent: (request: FastifyRequest) => Promise<void>;
  }
}

/** The request's bearer token (either audience's), or the legacy `token` header's. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  // RFC 9110 §11.1: the scheme is case-insensitive ("bearer", "BEARER" are the same scheme).
  const bearer = typeof header === 'string' ? /^bearer +(\S+) *$/i.exec(header) : null;
  if (bearer) return bearer[1];
  // Spec §6: "some calls send the token in a header" — the legacy `token` header.
  const legacy = request.headers.token;
  return typeof legacy === 'string' && legacy.length > 0 ? legacy : undefined;
}

/** Reads the session of a route that also works signed out (answers null when there is none). */
export async function optionalSession(ctx: AppContext, request: FastifyRequest) {
  const token = bearerToken(request);
  return token ? ((await resolveSession(ctx, token)) ?? null) : null;
}

/** The signed-in parent of a private route; only call after `requireParent` ran. */
export function parentIdOf(request: FastifyRequest): number {
  if (!request.session) throw unauthenticated();
  return request.session.parentId;
}

export const authPlugin = fp(async (app: FastifyInstance, options: { ctx: AppContext }) => {
  app.decorateRequest('session', null);
  app.decorate('requireParent', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const session = token ? await resolveSession(options.ctx, token) : undefined;
    if (!session) throw unauthenticated();
    request.session = session;
  });
});

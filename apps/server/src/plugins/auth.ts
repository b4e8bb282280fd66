import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/**
 * The parent's session token as a cookie, for one thing only: the server draws the signed-in
 * screens a parent opens with their data (plugins/screen-drawing.ts, decision 056). The API
 * never reads it (`bearerToken` above), so a page on another site cannot act with it; HttpOnly,
 * so the page's scripts cannot read it.
 */
export const SESSION_COOKIE = 'portal_session';
/** The cookie outlives no session: sessions end sooner, and each visit renews it. */
const SESSION_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

/** The session token of the parents' document request, if it carries one. */
export function sessionCookie(request: FastifyRequest): string | undefined {
  const token = request.cookies[SESSION_COOKIE];
  return token && token.length > 0 ? token : undefined;
}

/**
 * After a private call answered with a bearer session: the cookie follows that session (set
 * when missing or another), so the next visit's document can be drawn for it.
 */
export function followSession(request: FastifyRequest, reply: FastifyReply): void {
  const token = bearerToken(request);
  if (!request.session || !token || request.cookies[SESSION_COOKIE] === token) return;
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: SESSION_COOKIE_MAX_AGE_S,
  });
}

/** Signing out: the browser forgets the cookie too. */
export function forgetSession(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
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

import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { Forbidden, Unauthenticated } from '../../../domain/errors.js';
import { can, type Permission, permissionsOf } from '../../../domain/dashboard/roles.js';
import type { DashboardUser } from '../../../domain/dashboard/ports.js';
import {
  type Authenticated,
  authenticateSession,
  csrfMatches,
  csrfTokenOf,
} from '../../../domain/dashboard/session.service.js';
import { Secret } from '../../../lib/secret.js';
import type { DashboardUserWire, SessionAnswer } from '../../../schemas/dashboard/common.schema.js';
import { CsrfRefused } from './errors.js';
import { readSessionCookie } from './cookie.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** the signed-in control-panel user and session, set by the dashboard API's `onRequest` hook */
    dashboard: (Authenticated & { token: Secret<string> }) | null;
  }
}

export const API_BASE = '/dashboard/api/v1';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Is `origin` this server's own (scheme, host and port as the request reached it)? */
function sameOrigin(request: FastifyRequest, origin: string): boolean {
  return origin === `${request.protocol}://${request.host}`;
}

/**
 * The dashboard API's authentication (docs/dashboard.md): a foreign `Origin` on a change is refused
 * (sign-in too); every route but sign-in needs a live session from the `gh_dash` cookie; every change
 * needs the session's CSRF token in `x-csrf-token`.
 */
export function dashboardAuth(app: FastifyInstance): onRequestAsyncHookHandler {
  return async (request) => {
    const changes = !SAFE_METHODS.has(request.method);
    const origin = request.headers.origin;
    if (changes && typeof origin === 'string' && !sameOrigin(request, origin)) throw new CsrfRefused();
    const path = request.url.split('?')[0];
    if (request.method === 'POST' && path === `${API_BASE}/session`) return;
    const cookie = readSessionCookie(request.headers.cookie);
    if (cookie === undefined) throw new Unauthenticated('no session cookie');
    const token = new Secret(cookie);
    const auth = await authenticateSession(app.services.deps, token);
    if (changes) {
      const given = request.headers['x-csrf-token'];
      if (!csrfMatches(auth.session, typeof given === 'string' ? given : undefined)) throw new CsrfRefused();
    }
    request.dashboard = { ...auth, token };
  };
}

/** The signed-in user of a route behind `dashboardAuth`. */
export function userOf(request: FastifyRequest): DashboardUser {
  if (!request.dashboard) throw new Unauthenticated('route without authentication hook');
  return request.dashboard.user;
}

/** A route's permission (the role matrix, domain/dashboard/roles.ts), checked before its body is read. */
export function permit(permission: Permission): onRequestAsyncHookHandler {
  return async (request) => {
    const user = userOf(request);
    if (!can(user.role, permission)) throw new Forbidden(`role ${user.role} lacks ${permission}`);
  };
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export async function userToWire(app: FastifyInstance, user: DashboardUser): Promise<DashboardUserWire> {
  const merchant = await app.services.deps.storage.read.merchants.findMerchant(user.merchantId);
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    merchantId: user.merchantId,
    merchantName: merchant?.name ?? '',
    expiresAt: iso(user.expiresAt),
  };
}

/** What sign-in and `/me` answer. */
export async function sessionAnswer(
  app: FastifyInstance,
  user: DashboardUser,
  token: Secret<string>,
): Promise<SessionAnswer> {
  return { user: await userToWire(app, user), csrfToken: csrfTokenOf(token), permissions: permissionsOf(user.role) };
}

/** Does the server run TLS? Then the cookie is `Secure`. */
export function secureCookies(app: FastifyInstance): boolean {
  return app.services.config.GATEHOUSE_TLS_CERT !== undefined;
}

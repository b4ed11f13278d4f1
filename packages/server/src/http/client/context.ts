import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { BadRequest, Invalid, Missing } from '../../domain/errors.js';
import type { Session } from '../../domain/sessions/session.types.js';
import { findLiveSession } from '../../domain/sessions/session.service.js';
import { obj } from '../fields.js';
import { checkBodyValues } from '../validation.js';
import { bindToRequestLog } from '../logging.js';

/**
 * What the client interface's routes share: its path prefix and the session-token authentication.
 * Apart from client.plugin.ts, which registers the routes, so that no route imports the plugin.
 */
export const CLIENT_API = '/client/v1';

declare module 'fastify' {
  interface FastifyRequest {
    /** the live session of a client API call, set by `sessionTokenAuth` */
    clientSession: Session | null;
  }
}

/** `preValidation` hook: the body's `sessionToken` must name a live session (else 1069 Session expired). */
export function sessionTokenAuth(app: FastifyInstance): preValidationAsyncHookHandler {
  return async (request) => {
    const body = obj(request.body);
    if (!body) throw new BadRequest('Request body must be a JSON object');
    const token = body.sessionToken;
    if (token === undefined) throw new Missing('sessionToken');
    if (typeof token !== 'string' || token.length > 64) throw new Invalid('sessionToken', 'must be a session token');
    checkBodyValues(body);
    request.clientSession = await findLiveSession(app.services.deps, token);
    bindToRequestLog(request, { siteId: request.clientSession.siteId });
  };
}

/** The session of a route guarded by `sessionTokenAuth`. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.clientSession) throw new Error('route without session token authentication');
  return request.clientSession;
}

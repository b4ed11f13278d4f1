import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { Invalid, Missing, NotFound } from '../../domain/errors.js';
import { findLiveSession } from '../../domain/sessions/session.service.js';
import type { Session } from '../../domain/sessions/session.types.js';
import type { TSchema } from 'typebox';
import { checkBodyValues } from '../validation.js';
import { SESSION_API, success } from './envelope.js';
import { bodyObject, checksumAuth, idText, logClientRequestId } from './auth.js';
import type { SessionMethod } from '../../security/checksum.js';
import { obj } from '../fields.js';

/**
 * Calls authenticated by their `sessionToken` (getPaymentStatus, and the server facts' "no checksum"
 * calls of 2.9/2.10): a live session (unknown or expired 1069); merchantId / merchantSiteId, when
 * sent, must be the session's (1013 / 1022).
 */
export async function sessionOfBody(app: FastifyInstance, request: FastifyRequest): Promise<Session> {
  const body = bodyObject(request);
  if (body.sessionToken === undefined) throw new Missing('sessionToken');
  if (typeof body.sessionToken !== 'string') throw new Invalid('sessionToken', 'must be a string');
  checkBodyValues(body);
  const session = await findLiveSession(app.services.deps, body.sessionToken);
  if (body.merchantId !== undefined && idText(body.merchantId) !== session.merchantId) {
    throw new NotFound('merchant', 'Invalid merchant ID');
  }
  if (body.merchantSiteId !== undefined && idText(body.merchantSiteId) !== session.siteId) {
    throw new NotFound('site', 'Invalid merchant site id');
  }
  return session;
}

/**
 * The preValidation of a call without a checksum (server facts 4: clients succeed without one, so a
 * checksum sent is not verified, docs/decisions/0133). The caller is the session's site.
 */
export function sessionTokenCallAuth(app: FastifyInstance): preValidationAsyncHookHandler {
  return async (request) => {
    const session = await sessionOfBody(app, request);
    request.sessionContext = { merchantId: session.merchantId, siteId: session.siteId };
    const body = bodyObject(request);
    logClientRequestId(request, body);
  };
}

/**
 * Calls the server facts show sent both ways (docs/decisions/0135, amended): without a checksum,
 * authorised by the live sessionToken (dead or unknown 1069), where merchantId, merchantSiteId and
 * timeStamp may be sent too (the PHP SDK adds them) and the ids must then be the session's; or, with a
 * checksum, the signed form verified as every signed call ([A]: unknown merchant 1013, site 1022,
 * timeStamp 1021, wrong checksum 1001).
 */
export function signedOrSessionTokenAuth(app: FastifyInstance, method: SessionMethod): preValidationAsyncHookHandler {
  const signed = checksumAuth(app, method);
  const unsigned = sessionTokenCallAuth(app);
  return async function (this: FastifyInstance, request, reply) {
    const body = bodyObject(request);
    return body.checksum !== undefined ? signed.call(this, request, reply) : unsigned.call(this, request, reply);
  };
}

/** A session method without a checksum at `POST /ppp/api/v1/<name>.do`, authenticated by its sessionToken. */
export interface TokenMethod {
  name: string;
  summary: string;
  description: string;
  body: TSchema;
  response: TSchema;
  handle(session: Session, body: Record<string, unknown>, request: FastifyRequest): Promise<Record<string, unknown>>;
}

export function registerTokenMethod(app: FastifyInstance, m: TokenMethod): void {
  app.post(
    `${SESSION_API}/${m.name}.do`,
    {
      preValidation: sessionTokenCallAuth(app),
      schema: {
        summary: m.summary,
        description: `${m.description} No checksum: the sessionToken names the merchant; merchantId and merchantSiteId, when sent, must be the session's; a checksum sent is not verified.`,
        tags: ['session'],
        body: m.body,
        response: { 200: m.response },
      },
    },
    async (request) => {
      const body = obj(request.body) ?? {}; // validated by the route's schema
      const session = await findLiveSession(app.services.deps, String(body.sessionToken));
      return success(request, { sessionToken: session.token, ...(await m.handle(session, body, request)) });
    },
  );
}

import type { FastifyRequest } from 'fastify';

/** The session envelope (docs/session-api.md): every session answer, success or error, is HTTP 200 with this shape. */
export const SESSION_API_VERSION = '1.0';

/** Where the session server calls live: `POST /ppp/api/v1/<method>.do`. */
export const SESSION_API = '/ppp/api/v1';

const ECHOED = [
  'merchantId',
  'merchantSiteId',
  'clientRequestId',
  'clientUniqueId',
  'userTokenId',
  'sessionToken',
] as const;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The identifiers and merchantDetails of the request, echoed back (strings only, as sent). */
export function echoOf(body: unknown): Record<string, unknown> {
  if (!isObject(body)) return {};
  const out: Record<string, unknown> = {};
  for (const f of ECHOED) {
    const v = body[f];
    if (typeof v === 'string' && v.length <= 255) out[f] = v;
  }
  if (isObject(body.merchantDetails)) {
    const details: Record<string, string> = {};
    for (let i = 1; i <= 15; i++) {
      const v = body.merchantDetails[`customField${i}`];
      if (typeof v === 'string' && v.length <= 255) details[`customField${i}`] = v;
    }
    out.merchantDetails = details;
  }
  return out;
}

export function envelope(
  request: FastifyRequest,
  outcome: { errCode: number; reason: string },
  fields: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    internalRequestId: request.internalRequestId,
    status: outcome.errCode === 0 ? 'SUCCESS' : 'ERROR',
    errCode: outcome.errCode,
    reason: outcome.reason,
    version: SESSION_API_VERSION,
    ...echoOf(request.body),
    ...fields,
  };
}

/** A SUCCESS envelope: the request's identifiers echoed, then the method's own members. */
export function success(request: FastifyRequest, fields: Record<string, unknown>): Record<string, unknown> {
  return envelope(request, { errCode: 0, reason: '' }, fields);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the session envelope's `internalRequestId`, also bound to the request's log lines */
    internalRequestId: number;
  }
}

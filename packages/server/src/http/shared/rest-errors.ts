import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, type DomainErrorCode } from '../../domain/errors.js';
import type { ErrorResponse } from '../../schemas/rest/result.schema.js';
import { type SchemaError, schemaErrorToDomain } from '../validation.js';

/**
 * REST 2.0 wire form of every domain error (docs/rest-orders.md), shared by the REST, admin and platform
 * APIs, which answer errors in the same shape (docs/decisions/0618). The session-only refusals (checksum,
 * timestamp, session token, one order per session, withdrawals) are never raised on REST routes; they
 * still have a form here so that the catalogue stays closed.
 */
export const REST_WIRE = {
  missing: { status: 400, code: '5000.1000' },
  invalid: { status: 400, code: '5000.1001' },
  invalid_currency: { status: 400, code: '5000.1004' },
  unsupported_currency: { status: 400, code: '5000.1001' },
  method_not_enabled: { status: 400, code: '5000.1001' },
  amount_mismatch: { status: 400, code: '5000.1001' },
  unauthenticated: { status: 401, code: '7300.3000', reason: 'Authorization error' },
  invalid_checksum: { status: 401, code: '7300.3000', reason: 'Authorization error' },
  invalid_timestamp: { status: 400, code: '5000.1001' },
  forbidden: { status: 403, code: '7300.3000', reason: 'Authorization error' },
  not_found: { status: 404, code: '5000.1040' },
  unknown_related_transaction: { status: 400, code: '5000.1001' },
  idempotency_mismatch: { status: 409, code: '5000.1090' },
  duplicate_request: { status: 409, code: '5000.1090' },
  in_flight: { status: 409, code: '5300.1003', reason: 'Still Processing' },
  bad_request: { status: 400, code: '5000.1002' },
  session_expired: { status: 401, code: '7300.3000' },
  order_exists: { status: 409, code: '5000.1090' },
  invalid_state: { status: 400, code: '5000.1001' },
  transaction_refused: { status: 400, code: '5000.1001' },
  withdrawal_refused: { status: 400, code: '5000.1001' },
  withdrawal_limit_reached: { status: 400, code: '5000.1001' },
} satisfies RestWireTable;

/** How one interface answers each domain error in the REST shape: status, code, and a fixed reason if any. */
export type RestWireTable = Record<DomainErrorCode, { status: number; code: string; reason?: string }>;

export function errorBody(code: string, reason: string): ErrorResponse {
  return { result: { status: 'error', errors: { code, reason } } };
}

export function domainToWire(
  err: DomainError,
  table: RestWireTable = REST_WIRE,
): { status: number; body: ErrorResponse } {
  const w = table[err.code];
  return { status: w.status, body: errorBody(w.code, w.reason ?? err.message) };
}

/** Fastify's own errors (parsing, limits, routing) in the REST error shape. */
function frameworkToWire(err: FastifyError): { status: number; body: ErrorResponse } | undefined {
  if (err.validation && err.validation.length > 0) {
    return domainToWire(schemaErrorToDomain(err.validation[0] as unknown as SchemaError));
  }
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: errorBody('5000.1013', 'Request body too large (limit 1 MiB)') };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, body: errorBody('5000.1002', 'Content-Type must be application/json') };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: errorBody('5000.1002', 'Request body must not be empty') };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, body: errorBody('5000.1002', 'Malformed JSON') };
    default:
      break;
  }
  if (err.statusCode === 400) {
    return { status: 400, body: errorBody('5000.1002', 'Malformed JSON') };
  }
  if (err.statusCode === 429) return { status: 429, body: errorBody('7300.4290', 'Too many requests') };
  if (err.statusCode === 408) return { status: 408, body: errorBody('5000.1008', 'Request not received in time') };
  if (err.statusCode === 415)
    return { status: 400, body: errorBody('5000.1002', 'Content-Type must be application/json') };
  if (err.statusCode === 413)
    return { status: 413, body: errorBody('5000.1013', 'Request body too large (limit 1 MiB)') };
  return undefined;
}

/** An error handler in the REST shape for one interface's table: documented shapes only; anything unknown is a logged 500. */
export function restShapedErrorHandler(table: RestWireTable) {
  return (err: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const wire = err instanceof DomainError ? domainToWire(err, table) : frameworkToWire(err);
    if (wire) {
      void reply.code(wire.status).send(wire.body);
      return;
    }
    request.log.error({ err }, 'unexpected error');
    void reply.code(500).send(errorBody('7000.1000', 'Internal system error'));
  };
}

/** The REST plugin's error handler (the admin API's too, docs/rest-orders.md). */
export const restErrorHandler = restShapedErrorHandler(REST_WIRE);

import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, type DomainErrorCode } from '../../domain/errors.js';
import type { AdminErrorResponse } from '../../schemas/admin/deliveries.schema.js';
import { type SchemaError, schemaErrorToDomain } from '../validation.js';

/** The admin API's wire form of every domain error: the REST 2.0 shape and codes (DECISIONS.md 3). */
const WIRE: { [C in DomainErrorCode]: { status: number; code: string; reason?: string } } = {
  missing: { status: 400, code: '5000.1000' },
  invalid: { status: 400, code: '5000.1001' },
  invalid_currency: { status: 400, code: '5000.1004' },
  unauthenticated: { status: 401, code: '7300.3000', reason: 'Authorization error' },
  forbidden: { status: 403, code: '7300.3000', reason: 'Authorization error' },
  not_found: { status: 404, code: '5000.1040' },
  idempotency_mismatch: { status: 409, code: '5000.1090' },
  in_flight: { status: 409, code: '5300.1003', reason: 'Still Processing' },
  invalid_state: { status: 400, code: '5000.1001' },
} satisfies Record<DomainErrorCode, unknown>;

export function adminError(code: string, reason: string): AdminErrorResponse {
  return { result: { status: 'error', errors: { code, reason } } };
}

function frameworkToWire(err: FastifyError): { status: number; body: AdminErrorResponse } | undefined {
  if (err.validation && err.validation.length > 0) {
    const d = schemaErrorToDomain(err.validation[0] as unknown as SchemaError);
    return { status: 400, body: adminError(WIRE[d.code].code, d.message) };
  }
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.statusCode === 413) {
    return { status: 413, body: adminError('5000.1013', 'Request body too large (limit 1 MiB)') };
  }
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || err.statusCode === 415) {
    return { status: 400, body: adminError('5000.1002', 'Content-Type must be application/json') };
  }
  if (err instanceof SyntaxError || err.statusCode === 400)
    return { status: 400, body: adminError('5000.1002', 'Malformed JSON') };
  return undefined;
}

/** The admin plugin's error handler: documented shapes only; anything unknown is a logged 500. */
export function adminErrorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (err instanceof DomainError) {
    const w = WIRE[err.code];
    void reply.code(w.status).send(adminError(w.code, w.reason ?? err.message));
    return;
  }
  const wire = frameworkToWire(err);
  if (wire) {
    void reply.code(wire.status).send(wire.body);
    return;
  }
  request.log.error({ err }, 'unexpected error');
  void reply.code(500).send(adminError('7000.1000', 'Internal system error'));
}

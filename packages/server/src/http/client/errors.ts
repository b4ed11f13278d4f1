import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../domain/errors.js';
import { domainToWire } from '../shared/err-codes.js';
import { obj, str } from '../fields.js';
import { type SchemaError, schemaErrorToDomain } from '../validation.js';

/**
 * The client API's wire shape of success and failure (docs/decisions/0401): HTTP 200, `status`
 * SUCCESS or ERROR, the session API's errCodes (docs/session-api.md) and the SDK's `errorDescription`.
 */

export interface ClientWireError {
  errCode: number;
  reason: string;
}

/** The client API's answer to a failure: HTTP 200, the SDK's error shape. */
export function clientError(wire: ClientWireError, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    status: 'ERROR',
    errCode: wire.errCode,
    reason: wire.reason,
    errorDescription: wire.reason,
    version: '1.0',
    ...extra,
  };
}

/** A success answer: `status: SUCCESS`, `errCode: 0`, then the method's own members. */
export function clientSuccess(fields: Record<string, unknown>): Record<string, unknown> {
  return { status: 'SUCCESS', errCode: 0, reason: '', version: '1.0', ...fields };
}

function frameworkToWire(err: FastifyError): ClientWireError | undefined {
  if (err.validation && err.validation.length > 0) {
    const first = err.validation[0] as unknown as SchemaError;
    const domain = schemaErrorToDomain(first);
    if (first.keyword === 'additionalProperties') return { errCode: 1019, reason: domain.message };
    return domainToWire(domain);
  }
  if (err.statusCode === 413) return { errCode: 1066, reason: 'Request body too large (limit 1 MiB)' };
  if (err.statusCode === 429) return { errCode: 1090, reason: 'Too many requests' };
  if (err.statusCode === 408) return { errCode: 1066, reason: 'Request not received in time' };
  if (err.statusCode === 415) return { errCode: 1066, reason: 'Content-Type must be application/json' };
  if (err.statusCode === 400) return { errCode: 1066, reason: 'Malformed JSON' };
  return undefined;
}

export function clientErrorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  let wire: ClientWireError | undefined;
  if (err instanceof DomainError) wire = domainToWire(err);
  else wire = frameworkToWire(err);
  if (!wire) {
    request.log.error({ err }, 'unexpected error');
    wire = { errCode: 1000, reason: 'General error' };
  }
  const sessionToken = str(obj(request.body)?.sessionToken);
  const token = sessionToken !== undefined && sessionToken.length <= 64 ? { sessionToken } : {};
  void reply.code(err.statusCode === 408 ? 408 : 200).send(clientError(wire, token));
}

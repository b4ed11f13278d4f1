import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../domain/errors.js';
import { domainToWire, ERR_CODES, type SessionWireError } from '../shared/err-codes.js';
import { type SchemaError, schemaErrorToDomain } from '../validation.js';
import { envelope } from './envelope.js';

export { domainToWire, type SessionWireError } from '../shared/err-codes.js';

const wireRequest = (reason: string): SessionWireError => ({ errCode: ERR_CODES.bad_request, reason });

/** Fastify's own errors (parsing, limits, validation) as session errors. */
function frameworkToWire(err: FastifyError): SessionWireError | undefined {
  if (err.validation && err.validation.length > 0) {
    const first = err.validation[0] as unknown as SchemaError;
    const domain = schemaErrorToDomain(first);
    // An unknown member is a validation error even when it is named `amount` or `currency`.
    if (first.keyword === 'additionalProperties') return { errCode: ERR_CODES.invalid, reason: domain.message };
    return domainToWire(domain);
  }
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return wireRequest('Request body too large (limit 1 MiB)');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return wireRequest('Content-Type must be application/json');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return wireRequest('Content-Length does not match the body');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return wireRequest('Request body must not be empty');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return wireRequest('Malformed JSON');
    default:
      break;
  }
  if (err.statusCode === 400) return wireRequest('Malformed JSON');
  if (err.statusCode === 429) return { errCode: 1090, reason: 'Too many requests' };
  if (err.statusCode === 408) return wireRequest('Request not received in time');
  if (err.statusCode === 415) return wireRequest('Content-Type must be application/json');
  if (err.statusCode === 413) return wireRequest('Request body too large (limit 1 MiB)');
  return undefined;
}

/**
 * The session plugin's error handler: HTTP 200 and the envelope, always. Anything unknown is logged
 * with its stack and answered `1000 General error`, never with internals.
 */
export function sessionErrorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  let wire: SessionWireError | undefined;
  if (err instanceof DomainError) wire = domainToWire(err);
  else wire = frameworkToWire(err);
  if (!wire) {
    request.log.error({ err }, 'unexpected error');
    wire = { errCode: 1000, reason: 'General error' };
  }
  // A body that never arrived is a transport failure: HTTP 408 around the envelope (docs/decisions/0800).
  void reply.code(err.statusCode === 408 ? 408 : 200).send(envelope(request, wire));
}

import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import {
  DomainError,
  type DomainErrorCode,
  type FieldSubject,
  Invalid,
  InvalidCurrency,
  Missing,
  NotFound,
  type NotFoundResource,
} from '../../domain/errors.js';
import { type SchemaError, schemaErrorToDomain } from '../validation.js';
import { envelope } from './envelope.js';
import { cardFieldReason } from './wire-tolerance.js';

/** errCode of each domain error (DECISIONS.md 5); the client API answers with the same codes. */
const ERR_CODES = {
  missing: 1019,
  invalid: 1019,
  invalid_currency: 1041,
  unsupported_currency: 1070,
  method_not_enabled: 1068,
  amount_mismatch: 1063,
  unauthenticated: 1001,
  invalid_checksum: 1001,
  invalid_timestamp: 1021,
  forbidden: 1000,
  not_found: 1000,
  unknown_related_transaction: 1019,
  idempotency_mismatch: 1066,
  duplicate_request: 1066,
  in_flight: 1066,
  bad_request: 1066,
  session_expired: 1069,
  order_exists: 1064,
  invalid_state: 1058,
  transaction_refused: 1058,
  withdrawal_refused: 1058,
  withdrawal_limit_reached: 1058,
} satisfies Record<DomainErrorCode, number>;

/** A missing merchant, site or order has its own errCode; any other missing resource is a general error. */
const NOT_FOUND_ERR_CODES = {
  order: 1057,
  merchant: 1013,
  site: 1022,
  entity: 1000,
  key: 1000,
  delivery: 1000,
  transaction: 1000,
} satisfies Record<NotFoundResource, number>;

/**
 * A missing or invalid field whose subject has an errCode of its own: "Invalid or missing amount" and
 * the like, card data (1004 number and holder, 1029 expiry, 1062 CVV, 1060 the card as a whole) and a
 * stored payment option of another site or user (1011, docs/decisions/0323). Any other field is 1019.
 */
const FIELD_ERR_CODES = {
  field: undefined,
  amount: 1040,
  currency: 1041,
  payment_option: 1060,
  card_number: 1004,
  card_holder: 1004,
  card_expiry: 1029,
  card_cvv: 1062,
  stored_option: 1011,
  user_token: 1010,
  card_token: 1061,
  // an id that names nothing of the caller's (planId): a general error, as the real gateway answers
  reference: 1000,
} satisfies Record<FieldSubject, number | undefined>;

/** The session API's (and the client API's) errCode and reason of a domain error. */
export interface SessionWireError {
  errCode: number;
  reason: string;
}

export function domainToWire(err: DomainError): SessionWireError {
  const reason = err.message;
  if (err instanceof Missing || err instanceof Invalid || err instanceof InvalidCurrency) {
    return { errCode: FIELD_ERR_CODES[err.subject] ?? ERR_CODES[err.code], reason: cardFieldReason(err.field, reason) };
  }
  if (err instanceof NotFound) return { errCode: NOT_FOUND_ERR_CODES[err.resource], reason };
  return { errCode: ERR_CODES[err.code], reason };
}

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

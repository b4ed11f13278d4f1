import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, type DomainErrorCode, NotFound } from '../../domain/errors.js';
import { SessionError, type SessionErrorCode } from '../../domain/sessions/session.errors.js';
import { type SchemaError, schemaErrorToDomain } from '../validation.js';
import { envelope } from './envelope.js';

/** errCode of each shared domain error (DECISIONS.md 5). Missing and invalid fields are validation errors. */
const DOMAIN_ERR_CODES = {
  missing: 1019,
  invalid: 1019,
  invalid_currency: 1041,
  unauthenticated: 1001,
  forbidden: 1000,
  not_found: 1000,
  idempotency_mismatch: 1066,
  in_flight: 1066,
  invalid_state: 1058,
} satisfies Record<DomainErrorCode, number>;

/** errCode of each session refusal (the client API answers with the same codes). */
export const SESSION_ERR_CODES = {
  general: 1000,
  invalid_checksum: 1001,
  invalid_merchant: 1013,
  invalid_site: 1022,
  invalid_timestamp: 1021,
  unsupported_currency: 1070,
  items_mismatch: 1063,
  invalid_order: 1057,
  order_exists: 1064,
  invalid_request: 1066,
  duplicate_request: 1066,
  session_expired: 1069,
  not_available: 1000,
} satisfies Record<SessionErrorCode, number>;

/** A missing merchant, site or order has its own errCode; any other missing resource is a general error. */
const NOT_FOUND_ERR_CODES: Partial<Record<NotFound['resource'], number>> = { order: 1057, merchant: 1013, site: 1022 };

/** A missing or invalid `amount` is "Invalid or missing amount", and likewise for `currency`. */
const FIELD_ERR_CODES: Record<string, number> = {
  amount: 1040,
  currency: 1041,
  // card data of a payment (DECISIONS.md 5)
  paymentOption: 1060,
  'paymentOption.card': 1060,
  'paymentOption.card.cardNumber': 1004,
  'paymentOption.card.cardHolderName': 1004,
  'paymentOption.card.expirationMonth': 1029,
  'paymentOption.card.expirationYear': 1029,
  'paymentOption.card.CVV': 1062,
  // getCardDetails / getDccDetails
  cardNumber: 1004,
  // stored payment options of another site or user, or deleted (docs/decisions/0323)
  userPaymentOptionId: 1011,
  'paymentOption.userPaymentOptionId': 1011,
  // payout and withdrawals (docs/decisions/0501, 0505)
  'userPaymentOption.userPaymentOptionId': 1011,
  userPMId: 1011,
  upoId: 1011,
  'cardData.cardNumber': 1004,
  'cardData.cardHolderName': 1004,
  'cardData.expirationMonth': 1029,
  'cardData.expirationYear': 1029,
};

export interface SessionWireError {
  errCode: number;
  reason: string;
}

export function domainToWire(err: DomainError): SessionWireError {
  // an error that names its own errCode (ApmRefused: 1068 / 1070)
  if ('errCode' in err && typeof err.errCode === 'number') return { errCode: err.errCode, reason: err.message };
  const field = 'field' in err && typeof err.field === 'string' ? err.field : undefined;
  if (field !== undefined && FIELD_ERR_CODES[field] !== undefined)
    return { errCode: FIELD_ERR_CODES[field], reason: err.message };
  if (err instanceof NotFound) return { errCode: NOT_FOUND_ERR_CODES[err.resource] ?? 1000, reason: err.message };
  return { errCode: DOMAIN_ERR_CODES[err.code], reason: err.message };
}

const wireRequest = (reason: string): SessionWireError => ({ errCode: SESSION_ERR_CODES.invalid_request, reason });

/** Fastify's own errors (parsing, limits, validation) as session errors. */
function frameworkToWire(err: FastifyError): SessionWireError | undefined {
  if (err.validation && err.validation.length > 0) {
    const first = err.validation[0] as unknown as SchemaError;
    const domain = schemaErrorToDomain(first);
    // An unknown member is a validation error even when it is named `amount` or `currency`.
    if (first.keyword === 'additionalProperties') return { errCode: DOMAIN_ERR_CODES.invalid, reason: domain.message };
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
  if (err instanceof SessionError) wire = { errCode: SESSION_ERR_CODES[err.code], reason: err.reason };
  else if (err instanceof DomainError) wire = domainToWire(err);
  else wire = frameworkToWire(err);
  if (!wire) {
    request.log.error({ err }, 'unexpected error');
    wire = { errCode: SESSION_ERR_CODES.general, reason: 'General error' };
  }
  // A body that never arrived is a transport failure: HTTP 408 around the envelope (docs/decisions/0800).
  void reply.code(err.statusCode === 408 ? 408 : 200).send(envelope(request, wire));
}

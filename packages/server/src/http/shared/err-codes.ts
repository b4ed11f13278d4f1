import {
  type DomainError,
  type DomainErrorCode,
  type FieldSubject,
  Invalid,
  InvalidCurrency,
  Missing,
  NotFound,
  type NotFoundResource,
} from '../../domain/errors.js';

/**
 * The errCodes of the session API, which the client API answers with too (docs/session-api.md,
 * docs/decisions/0401, 0600): one mapping both interfaces import, so neither borrows the other's
 * internals (docs/decisions/0614).
 */

/** errCode of each domain error (docs/session-api.md). */
export const ERR_CODES = {
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
  user: 1000,
  withdrawal: 1000,
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

/**
 * Fields whose refusal the real gateway words as `<field> <rule>` and clients match on that text
 * (`cvvNotUsed size must be between 0 and 5`, docs/gateway-facts.md).
 */
const GATEWAY_WORDED: ReadonlySet<string> = new Set(['cvvNotUsed', 'paymentOption.card.cvvNotUsed']);

/**
 * The reason of a refused card field, worded as the real gateway words it (docs/gateway-facts.md: an empty CVV gives a
 * reason containing `cardData.CVV is invalid`): the gateway's name of the field, then our rule.
 */
function cardFieldReason(field: string | undefined, reason: string): string {
  if (field !== undefined && GATEWAY_WORDED.has(field))
    return reason.replace(`[${field}]`, field.slice(field.lastIndexOf('.') + 1));
  if (field === undefined || !field.startsWith('paymentOption.card.')) return reason;
  const name = field.slice('paymentOption.card.'.length);
  if (!/^[A-Za-z]+$/.test(name)) return reason;
  return `cardData.${name} is invalid: ${reason}`;
}

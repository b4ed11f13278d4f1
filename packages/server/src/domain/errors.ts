/**
 * The closed catalogue of domain errors (docs/decisions/0600). Every refusal the domain, the storage or
 * an interface's translation raises is one of these classes, each with its own stable `code`. Each
 * interface maps every code to its own wire shape in `http/<interface>/errors.ts` with
 * `satisfies Record<DomainErrorCode, …>`: a missing mapping is a compile error there.
 */
export type DomainErrorCode =
  | 'missing'
  | 'invalid'
  | 'invalid_currency'
  | 'unsupported_currency'
  | 'method_not_enabled'
  | 'amount_mismatch'
  | 'unauthenticated'
  | 'invalid_checksum'
  | 'invalid_timestamp'
  | 'forbidden'
  | 'not_found'
  | 'unknown_related_transaction'
  | 'idempotency_mismatch'
  | 'duplicate_request'
  | 'in_flight'
  | 'bad_request'
  | 'session_expired'
  | 'order_exists'
  | 'invalid_state'
  | 'transaction_refused'
  | 'withdrawal_refused'
  | 'withdrawal_limit_reached';

export abstract class DomainError extends Error {
  abstract readonly code: DomainErrorCode;
}

import type { FieldSubject } from '../schemas/shared/subject.js';

export type { FieldSubject } from '../schemas/shared/subject.js';

/** A required field is absent. `field` is its path: `items[0].name`. */
export class Missing extends DomainError {
  readonly code = 'missing';
  constructor(
    readonly field: string,
    readonly subject: FieldSubject = 'field',
  ) {
    super(`[${field}] must not be null`);
  }
}

/** A field breaks a rule. The message names the field and the rule: `[currency] size must be 3`. */
export class Invalid extends DomainError {
  readonly code = 'invalid';
  constructor(
    readonly field: string,
    readonly rule: string,
    readonly subject: FieldSubject = 'field',
  ) {
    super(`[${field}] ${rule}`);
  }
}

export class InvalidCurrency extends DomainError {
  readonly code = 'invalid_currency';
  readonly subject: FieldSubject = 'currency';
  constructor(readonly field: string) {
    super(`[${field}] must be an ISO 4217 currency code`);
  }
}

/**
 * A well-formed currency the caller cannot use here: the site's list (`Currency not supported: XYZ`),
 * or an APM that does not take it.
 */
export class UnsupportedCurrency extends DomainError {
  readonly code = 'unsupported_currency';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** An alternative payment method the site cannot pay with here (docs/decisions/0360). */
export class MethodNotEnabled extends DomainError {
  readonly code = 'method_not_enabled';
  constructor(
    readonly field: string,
    readonly rule: string,
  ) {
    super(`[${field}] ${rule}`);
  }
}

/** Items and amount details that do not add up to the amount. */
export class AmountMismatch extends DomainError {
  readonly code = 'amount_mismatch';
  constructor(message: string) {
    super(message);
  }
}

export class Unauthenticated extends DomainError {
  readonly code = 'unauthenticated';
  constructor(readonly detail: string) {
    super('Authorization error');
  }
}

/** A session or withdrawal API checksum that does not match the request. */
export class InvalidChecksum extends DomainError {
  readonly code = 'invalid_checksum';
  constructor() {
    super('Invalid checksum');
  }
}

/** A `timeStamp` that is not a real `YYYYMMDDHHmmss` date and time. */
export class InvalidTimestamp extends DomainError {
  readonly code = 'invalid_timestamp';
  constructor(message = 'Invalid timeStamp: must be YYYYMMDDHHmmss') {
    super(message);
  }
}

export class Forbidden extends DomainError {
  readonly code = 'forbidden';
  constructor(readonly detail: string) {
    super('Authorization error');
  }
}

export type NotFoundResource =
  'order' | 'merchant' | 'site' | 'entity' | 'key' | 'delivery' | 'transaction' | 'user' | 'withdrawal';

/** A resource the caller names and cannot reach. `message` replaces the default `Order not found`. */
export class NotFound extends DomainError {
  readonly code = 'not_found';
  constructor(
    readonly resource: NotFoundResource,
    message?: string,
  ) {
    super(message ?? `${resource[0]!.toUpperCase()}${resource.slice(1)} not found`);
  }
}

/** A relatedTransactionId that names no transaction the caller may reach. */
export class UnknownRelatedTransaction extends DomainError {
  readonly code = 'unknown_related_transaction';
  readonly field = 'relatedTransactionId';
  constructor() {
    super('Invalid relatedTransactionId');
  }
}

export class IdempotencyMismatch extends DomainError {
  readonly code = 'idempotency_mismatch';
  constructor() {
    super('Idempotency key already used with a different request');
  }
}

/** A clientRequestId used a second time where the site asks for it to be used once. */
export class DuplicateRequest extends DomainError {
  readonly code = 'duplicate_request';
  constructor() {
    super('Duplicate clientRequestId');
  }
}

export class InFlight extends DomainError {
  readonly code = 'in_flight';
  constructor() {
    super('Still Processing');
  }
}

/** A request that cannot be read as one: no JSON object, an unknown method, a missing precondition. */
export class BadRequest extends DomainError {
  readonly code = 'bad_request';
  constructor(message: string) {
    super(message);
  }
}

/** A session token that is unknown, expired or of another site. */
export class SessionExpired extends DomainError {
  readonly code = 'session_expired';
  constructor() {
    super('Session expired');
  }
}

/** A second order opened in a session that has one. */
export class OrderExists extends DomainError {
  readonly code = 'order_exists';
  constructor() {
    super('Only one order can be opened per session token');
  }
}

export class InvalidState extends DomainError {
  readonly code = 'invalid_state';
  constructor(
    readonly state: string,
    readonly action: string,
  ) {
    super(`Cannot ${action} an order in state ${state}`);
  }
}

/** A follow-up the transaction state machine refuses; the message names the state. */
export class TransactionRefused extends DomainError {
  readonly code = 'transaction_refused';
  constructor(
    readonly state: string,
    reason: string,
  ) {
    super(reason);
  }
}

/** A move the withdrawal machine refuses. */
export class WithdrawalRefused extends DomainError {
  readonly code: 'withdrawal_refused' | 'withdrawal_limit_reached' = 'withdrawal_refused';
  constructor(reason: string) {
    super(reason);
  }
}

/** The user's open requests already reach `wdRequestsLimit`. */
export class WithdrawalLimitReached extends WithdrawalRefused {
  override readonly code = 'withdrawal_limit_reached';
  constructor(limit: number) {
    super(`wdRequestsLimit reached: the user already has ${limit} open withdrawal request${limit === 1 ? '' : 's'}`);
  }
}

/**
 * The closed catalogue of domain errors. Each interface maps every `code` to its own wire shape in
 * `http/<interface>/errors.ts`; a missing mapping is a compile error there.
 */
export type DomainErrorCode =
  | 'missing'
  | 'invalid'
  | 'invalid_currency'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'idempotency_mismatch'
  | 'in_flight'
  | 'invalid_state';

export abstract class DomainError extends Error {
  abstract readonly code: DomainErrorCode;
}

/** A required field is absent. `field` is its path: `items[0].name`. */
export class Missing extends DomainError {
  readonly code = 'missing';
  constructor(readonly field: string) {
    super(`[${field}] must not be null`);
  }
}

/** A field breaks a rule. The message names the field and the rule: `[currency] size must be 3`. */
export class Invalid extends DomainError {
  readonly code = 'invalid';
  constructor(
    readonly field: string,
    readonly rule: string,
  ) {
    super(`[${field}] ${rule}`);
  }
}

export class InvalidCurrency extends DomainError {
  readonly code = 'invalid_currency';
  constructor(readonly field: string) {
    super(`[${field}] must be an ISO 4217 currency code`);
  }
}

export class Unauthenticated extends DomainError {
  readonly code = 'unauthenticated';
  constructor(readonly detail: string) {
    super('Authorization error');
  }
}

export class Forbidden extends DomainError {
  readonly code = 'forbidden';
  constructor(readonly detail: string) {
    super('Authorization error');
  }
}

export class NotFound extends DomainError {
  readonly code = 'not_found';
  constructor(readonly resource: 'order' | 'merchant' | 'site' | 'entity' | 'key' | 'delivery' | 'transaction') {
    super(`${resource[0]!.toUpperCase()}${resource.slice(1)} not found`);
  }
}

export class IdempotencyMismatch extends DomainError {
  readonly code = 'idempotency_mismatch';
  constructor() {
    super('Idempotency key already used with a different request');
  }
}

export class InFlight extends DomainError {
  readonly code = 'in_flight';
  constructor() {
    super('Still Processing');
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

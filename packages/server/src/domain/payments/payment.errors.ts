import { DomainError, Invalid } from '../errors.js';

/** A follow-up the state machine refuses: REST 400 naming the state, session errCode 1058. */
export class TransactionRefused extends DomainError {
  readonly code = 'invalid_state';
  constructor(
    readonly state: string,
    reason: string,
  ) {
    super(reason);
  }
}

/**
 * An APM the site cannot pay with here (docs/decisions/0360): a validation error on REST (400), and
 * on the session API errCode 1068 (method not enabled) or 1070 (currency not supported).
 */
export class ApmRefused extends Invalid {
  constructor(
    field: string,
    rule: string,
    readonly errCode: 1068 | 1070,
  ) {
    super(field, rule);
  }
}

/** A relatedTransactionId that names no transaction the caller may reach. */
export class UnknownRelatedTransaction extends DomainError {
  readonly code = 'invalid';
  readonly field = 'relatedTransactionId';
  constructor() {
    super('Invalid relatedTransactionId');
  }
}

import { DomainError } from '../errors.js';

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

/** A relatedTransactionId that names no transaction the caller may reach. */
export class UnknownRelatedTransaction extends DomainError {
  readonly code = 'invalid';
  readonly field = 'relatedTransactionId';
  constructor() {
    super('Invalid relatedTransactionId');
  }
}

import { DomainError } from '../errors.js';

/** A move the withdrawal machine refuses, or the user's open-request limit: session errCode 1058. */
export class WithdrawalRefused extends DomainError {
  readonly code = 'invalid_state';
  constructor(reason: string) {
    super(reason);
  }
}

/** The user's open requests already reach `wdRequestsLimit`. */
export class WithdrawalLimitReached extends WithdrawalRefused {
  readonly limitReached = true;
  constructor(limit: number) {
    super(`wdRequestsLimit reached: the user already has ${limit} open withdrawal request${limit === 1 ? '' : 's'}`);
  }
}

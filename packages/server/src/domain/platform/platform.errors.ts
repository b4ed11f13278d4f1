import { InvalidState, NotFound } from '../errors.js';

/** A platform resource that is missing or belongs to another platform (both answer 404). */
export class PlatformNotFound extends NotFound {
  constructor(readonly what: 'Account owner' | 'Payout' | 'Split transaction' | 'Configuration' | 'Transaction') {
    super('entity');
    this.message = `${what} not found`;
  }
}

/** A move its state machine forbids: the platform interface answers 409 naming the state; nothing changed. */
export class ForbiddenMove extends InvalidState {
  constructor(state: string, reason: string) {
    super(state, 'move');
    this.message = reason;
  }
}

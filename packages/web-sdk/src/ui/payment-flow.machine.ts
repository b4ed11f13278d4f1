/**
 * The payment flow of a hosted screen as a pure state machine (docs/decisions/0424):
 *
 *   idle → validating → paying ⇄ challenge → final (approved | pending | refresh)
 *                ↘ idle (invalid)   ↘ idle (declined | error | stopped)
 *
 * `final` is absorbing: no event leaves it, so a second payment after an approval or a pending result
 * cannot start, whatever calls `submitPayment()`. `transition` answers the next state, or `null` when the
 * event is not allowed in the current state (the caller then does nothing).
 */

export type FinalOutcome = 'approved' | 'pending' | 'refresh';
export type Retryable = 'declined' | 'error' | 'stopped';

export type FlowState =
  | { name: 'loading' }
  | { name: 'idle'; last?: Retryable }
  | { name: 'validating' }
  | { name: 'paying' }
  | { name: 'challenge' }
  | { name: 'final'; outcome: FinalOutcome };

export type FlowEvent =
  | { type: 'loaded' }
  | { type: 'submit' }
  | { type: 'invalid' }
  | { type: 'valid' }
  | { type: 'challenge' }
  | { type: 'challengeDone' }
  | { type: 'result'; result: 'APPROVED' | 'PENDING' | 'DECLINED' | 'ERROR' | string }
  | { type: 'stopped' }
  | { type: 'show'; outcome: FinalOutcome | 'declined' };

export const INITIAL: FlowState = { name: 'loading' };

export function transition(state: FlowState, event: FlowEvent): FlowState | null {
  if (state.name === 'final') return null;
  switch (event.type) {
    case 'loaded':
      return state.name === 'loading' ? { name: 'idle' } : null;
    case 'submit':
      return state.name === 'idle' ? { name: 'validating' } : null;
    case 'invalid':
      return state.name === 'validating' ? { name: 'idle' } : null;
    case 'valid':
      return state.name === 'validating' ? { name: 'paying' } : null;
    case 'challenge':
      return state.name === 'paying' ? { name: 'challenge' } : null;
    case 'challengeDone':
      return state.name === 'challenge' ? { name: 'paying' } : null;
    case 'stopped':
      return state.name === 'paying' ? { name: 'idle', last: 'stopped' } : null;
    case 'result': {
      if (state.name !== 'paying' && state.name !== 'challenge') return null;
      if (event.result === 'APPROVED') return { name: 'final', outcome: 'approved' };
      if (event.result === 'PENDING') return { name: 'final', outcome: 'pending' };
      return { name: 'idle', last: event.result === 'DECLINED' ? 'declined' : 'error' };
    }
    case 'show':
      // the merchant's showApproved / showRefresh / showDeclined: not while a payment runs
      if (state.name === 'paying' || state.name === 'challenge' || state.name === 'validating') return null;
      return event.outcome === 'declined'
        ? { name: 'idle', last: 'declined' }
        : { name: 'final', outcome: event.outcome };
  }
}

/** Whether a payment may start now. */
export const canPay = (state: FlowState): boolean => state.name === 'idle';
/** Whether a payment is running (the pay button says so and keeps the focus). */
export const isBusy = (state: FlowState): boolean =>
  state.name === 'validating' || state.name === 'paying' || state.name === 'challenge';

import type { OutcomeStatus } from './notification.types.js';

/** The event type of a transaction outcome: `transaction.approved`, `transaction.declined`, ... */
export function transactionEventType(status: OutcomeStatus): string {
  return `transaction.${status.toLowerCase()}`;
}

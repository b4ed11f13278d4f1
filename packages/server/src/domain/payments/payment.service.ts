/**
 * The payments' operations, by file (docs/architecture.md):
 * - driver.ts: the one payment driver (pending write, acquirer call, outcome write, the fallback);
 * - card-payment.ts: a card payment's stages (`pay`); follow-up.ts: settle, refund, void (`followUp`);
 *   apm.service.ts, payout.service.ts, three-d-secure.service.ts: the other operations;
 * - origin.ts: the commands and where a transaction comes from; processing-options.ts: their rules;
 * - order-guard.ts: an order's checks before a payment; outcome.write.ts: the outcome's write and
 *   notifications; recovery.ts: pending rows a crash left;
 * - domain/idempotency/transaction-keys.ts: an operation's idempotency key.
 * This file names them for callers outside the payments folder.
 */
export { pay, type PayOptions } from './card-payment.js';
export { followUp, type FollowUpOptions } from './follow-up.js';
export { WRITE_AHEAD } from './driver.js';
export {
  type FollowUpCommand,
  type OrderGuard,
  type Origin,
  type PayCommand,
  type Run,
  transactionRowOf,
} from './origin.js';
export { acquirerOptionsOf, checkProcessingOptions, isMerchantInitiated } from './processing-options.js';
export {
  APM_REDIRECT_TTL_MS,
  checkOrderAmount,
  expireRedirect,
  type GuardPlan,
  guardOfPlan,
  guardOrderPayment,
  isExpiredRedirect,
} from './order-guard.js';
export { notifyTransaction, settleOutcome } from './outcome.write.js';
export { PENDING_GRACE_MS, recoverPendingTransactions } from './recovery.js';
export {
  attachKey,
  claimKey,
  completeKey,
  type IdempotencyClaim,
  finishRecoveredKeys,
  recoveredAnswer,
} from '../idempotency/transaction-keys.js';

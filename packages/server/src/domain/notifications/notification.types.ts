import type { Minor } from '../../lib/money.js';

/** Merchant notifications (docs/notifications.md): what is queued, what was attempted, what payments report. */

export type NotificationKind = 'webhook' | 'dmn' | 'email';
export type DeliveryStatus = 'pending' | 'delivering' | 'delivered' | 'failed';

/**
 * One notification to queue. Build it with `DomainDeps.render` (`webhook`, `dmn`), then
 * `enqueueNotification` inside the transaction of the state change that causes it.
 */
export interface NotificationEvent {
  kind: NotificationKind;
  /** the same key never yields a second notification */
  dedupeKey: string;
  merchantId: string;
  siteId: string;
  orderId: number | null;
  sessionId: string | null;
  transactionId: string | null;
  targetUrl: string;
  /**
   * true: `targetUrl` is the site's default address (its `notificationUrl` or `webhookUrl` setting), and
   * a resend goes to the site's address in force then; false or absent: the request named it, and it
   * stays (docs/decisions/0826)
   */
  targetFromSite?: boolean;
  eventType: string;
  /** webhook: the JSON body as sent; DMN: form parameters without `advanceResponseChecksum` (added when sent) */
  payload: string;
}

export interface Delivery {
  id: string;
  kind: NotificationKind;
  dedupeKey: string;
  merchantId: string;
  siteId: string;
  orderId: number | null;
  sessionId: string | null;
  transactionId: string | null;
  targetUrl: string;
  /** true: the site's default address when queued; false: the request's; null: not known (queued before it was recorded) */
  targetFromSite: boolean | null;
  eventType: string;
  payload: string;
  status: DeliveryStatus;
  /** attempts made so far (every resend included) */
  attempts: number;
  /** attempts made before the current retry schedule began */
  retryBase: number;
  /** when the row is next due (while leased: the end of the lease) */
  runAt: number;
  lockedBy: string | null;
  lockedUntil: number | null;
  lastError: string | null;
  createdAt: number;
  updatedAt: number;
  deliveredAt: number | null;
}

export interface DeliveryAttempt {
  outboxId: string;
  attemptNo: number;
  relayId: string;
  startedAt: number;
  /** null while in flight */
  finishedAt: number | null;
  statusCode: number | null;
  latencyMs: number | null;
  error: string | null;
  responseExcerpt: string | null;
}

export interface DeliveryWithAttempts extends Delivery {
  attemptLog: DeliveryAttempt[];
}

export interface DeliveryFilter {
  merchantId?: string;
  id?: string;
  orderId?: number;
  sessionId?: string;
  transactionId?: string;
  /** keyset paging (the control panel): only rows older than this one, in the list's order */
  before?: { createdAt: number; id: string };
  limit: number;
}

export type OutcomeStatus = 'APPROVED' | 'DECLINED' | 'ERROR' | 'PENDING';

/**
 * The outcome of one transaction, as payments report it; the DMN parameters and the default dedupe
 * keys are derived from it. Optional members are sent only when present.
 */
export interface TransactionOutcome {
  merchantId: string;
  siteId: string;
  orderId: number | null;
  /** REST sessionId or session API sessionToken of the order */
  sessionId: string | null;
  /** the gateway transaction id (`TransactionID`) */
  transactionId: string;
  /** `PPP_TransactionID`: unique per transaction outcome; receivers de-duplicate by it and `Status` */
  pppTransactionId: string;
  relatedTransactionId?: string;
  transactionType: string;
  status: OutcomeStatus;
  amount: Minor;
  currency: string;
  /** when the outcome was decided (epoch ms, from the clock); `responseTimeStamp` in UTC */
  at: number;
  errCode?: number;
  exErrCode?: number;
  reason?: string;
  productId?: string;
  /** the merchant's clientUniqueId (`merchant_unique_id` and `clientUniqueId`) */
  clientUniqueId?: string;
  clientRequestId?: string;
  customData?: string;
  /** customField1..15, in order */
  customFields?: string[];
  paymentMethod?: string;
  authCode?: string;
  userPaymentOptionId?: string;
  userTokenId?: string;
  /** cardCompany: the brand the payment was processed with (a co-badged card's choice, docs/decisions/0413) */
  card?: { nameOnCard?: string; bin?: string; last4Digits?: string; cardCompany?: string };
  merchantTransactionId?: string;
}

import type { Minor } from '../../lib/money.js';
import type { Repos } from '../ports.js';
import type { StoredResponse } from '../idempotency/idempotency.service.js';
import type { BillingInfo, CardInput, ThreeDResult } from './acquirer.port.js';
import type { FollowUpType, NewTransaction, PaymentType, ProcessingOptions, Transaction } from './transaction.types.js';

/** The commands of the money operations, and where a transaction comes from (docs/architecture.md). */

/** Where the transaction comes from and whom its outcome is told. */
export interface Origin {
  /** the HTTP request that started the operation, named in its log lines */
  requestId?: string;
  via: 'rest' | 'session';
  merchantId: string;
  siteId: string;
  entityId: string | null;
  orderId: number | null;
  sessionId: string | null;
  clientUniqueId?: string | null;
  clientRequestId?: string | null;
  merchantTransactionId?: string | null;
  productId?: string | null;
  userTokenId?: string | null;
  /** REST: the order's (or request's) webhookUrl */
  webhookUrl?: string | null;
  /** session: urlDetails.notificationUrl of the request or its order; else the site's */
  notificationUrl?: string | null;
}

export interface PayCommand {
  origin: Origin;
  type: PaymentType;
  amount: Minor;
  currency: string;
  card: CardInput;
  billing?: BillingInfo;
  partialApproval: boolean;
  /** 3-D Secure: the InitAuth3D or Auth3D/Sale3D step this payment completes */
  relatedTransactionId?: string;
  /** 3-D Secure: the result already obtained (a challenge's), instead of asking the acquirer */
  threeD?: ThreeDResult;
  /** rebill, zero-amount and MCP options, passed to the acquirer and recorded (docs/decisions/0362) */
  options?: ProcessingOptions;
}

export interface FollowUpCommand {
  origin: Origin;
  type: FollowUpType;
  relatedTransactionId: string;
  /** absent (a void sent without amount and currency, docs/decisions/0370): the related transaction's */
  amount?: Minor;
  currency?: string;
  /** may the caller act on this transaction? (its merchant, site or entity, its order) */
  mayReach(repos: Repos, tx: Transaction): Promise<boolean>;
}

export type Run = { tx: Transaction; replay?: undefined } | { replay: StoredResponse; tx?: undefined };

/** Checks an order before a payment on it: held by the caller (lock), answering refusals. */
export type OrderGuard = (repos: Repos) => Promise<void>;
/** The columns every new transaction row takes from its origin. */
export function transactionRowOf(o: Origin, now: number) {
  return {
    merchantId: o.merchantId,
    siteId: o.siteId,
    entityId: o.entityId,
    interface: o.via,
    orderId: o.orderId,
    sessionId: o.sessionId,
    partialApproval: false,
    authCode: null,
    cvv2Code: null,
    avsCode: null,
    externalTransactionId: null,
    errorCode: null,
    errorReason: null,
    clientUniqueId: o.clientUniqueId ?? null,
    clientRequestId: o.clientRequestId ?? null,
    merchantTransactionId: o.merchantTransactionId ?? null,
    productId: o.productId ?? null,
    userTokenId: o.userTokenId ?? null,
    webhookUrl: o.webhookUrl ?? null,
    notificationUrl: o.notificationUrl ?? null,
    createdAt: now,
  } satisfies Partial<NewTransaction>;
}

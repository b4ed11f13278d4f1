import type { Minor } from '../../lib/money.js';

/** A session token is idle-expired 15 minutes after its last use (docs/session-api.md). */
export const SESSION_IDLE_MS = 15 * 60 * 1000;

/** Who is calling: resolved by the session interface from the checksum (or from the sessionToken). */
export interface SessionContext {
  merchantId: string;
  siteId: string;
}

export interface Session {
  /** UUID, 36 characters */
  token: string;
  merchantId: string;
  siteId: string;
  /** the order opened in this session: at most one */
  orderId: number | null;
  createdAt: number;
  lastUsedAt: number;
  /** set when the session was ended early (decline limit reached) */
  expiredAt: number | null;
  declineCount: number;
  /** `sessionCardDeclineLimit`: the session expires once this many declines are recorded */
  declineLimit: number | null;
  userTokenId: string | null;
  clientRequestId: string | null;
}

/**
 * The order's request as validated, without credentials, time stamp and checksum; amounts as sent.
 * Later calls change it (updateOrder), and the payment steps read it.
 */
export type OrderDetails = Record<string, unknown>;

/** What amount and currency an order carries once its decimal strings are checked. */
export interface Pricing {
  amount: Minor;
  currency: string;
  openAmount: { min: Minor; max: Minor } | null;
}

/** An order opened through the session API (a row of `orders` with interface `session`). */
export interface SessionOrder {
  /** numeric order id: the session API's `orderId` */
  id: number;
  sessionToken: string;
  merchantId: string;
  siteId: string;
  /** null when the order was opened without amount and currency */
  pricing: Pricing | null;
  transactionType: 'Auth' | 'PreAuth' | 'Sale' | null;
  clientUniqueId: string;
  productId: string | null;
  status: 'open';
  details: OrderDetails;
  createdAt: number;
  updatedAt: number;
}

export type NewSessionOrder = Omit<SessionOrder, 'id'>;

/** What the session edge hands the domain to open an order, once shapes and formats are checked. */
export interface OpenOrderCommand {
  /** a token from getSessionToken to bind the order to; absent: a new session */
  sessionToken?: string;
  clientRequestId?: string;
  clientUniqueId: string;
  transactionType: SessionOrder['transactionType'];
  userTokenId: string | null;
  declineLimit: number | null;
  productId: string | null;
  details: OrderDetails;
}

export interface UpdateOrderCommand {
  sessionToken: string;
  orderId: string;
  clientRequestId?: string;
  /** the update's members (amount, currency, classes), as validated */
  changes: OrderDetails;
}

/** Site settings of the session interface, kept in `sites.settings`. */
export interface SessionSiteSettings {
  /** refuse a second call with an already used clientRequestId on this site (docs/session-api.md; default off) */
  uniqueClientRequestId: boolean;
  /**
   * the most a refund without relatedTransactionId may credit, in whole units of its currency; 0 refuses
   * them all; absent: the default of docs/decisions/0371
   */
  unreferencedRefundLimit?: number;
  /**
   * the declines after which a session opened without `sessionCardDeclineLimit` expires (the site's
   * default, docs/decisions/1042); absent: no limit
   */
  sessionDeclineLimit?: number;
}

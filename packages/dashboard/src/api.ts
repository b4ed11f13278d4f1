/**
 * The control panel's one door to the gateway: the JSON API at /dashboard/api/v1 (docs/dashboard.md).
 * It keeps the session's CSRF token in memory only (never in storage) and sends it as `x-csrf-token`
 * on every request that changes something; a 401 from any call but the sign-in itself tells the app
 * the session is gone, so it shows the sign-in form at the same URL.
 */

export const API = '/dashboard/api/v1';

export type Role = 'admin' | 'developer' | 'temp' | 'finance' | 'viewer';
export type Permission =
  | 'transactions.read'
  | 'transactions.settle'
  | 'transactions.refund'
  | 'transactions.void'
  | 'keys.read'
  | 'keys.manage'
  | 'users.manage'
  | 'audit.read'
  | 'notifications.read'
  | 'notifications.resend'
  | 'withdrawals.read'
  | 'withdrawals.manage'
  | 'apm.complete'
  | 'upos.read'
  | 'upos.manage'
  | 'sites.read'
  | 'sites.manage'
  | 'platform.read'
  | 'platform.manage';

export interface User {
  id: string;
  email: string;
  name: string;
  role: Role;
  merchantId: string;
  merchantName: string;
  expiresAt: string | null;
}

export interface Me {
  user: User;
  csrfToken: string;
  permissions: Permission[];
}

export interface Transaction {
  id: string;
  orderId: string;
  type: string;
  status: string;
  amount: string;
  currency: string;
  last4: string | null;
  brand: string | null;
  reason: string | null;
  merchantSiteId: string;
  createdAt: string;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export interface TransactionDetail {
  transaction: Transaction;
  timeline: Transaction[];
  notifications: Array<{
    id: string;
    kind: 'webhook' | 'dmn' | 'email';
    status: string;
    attempts: number;
    lastAttemptAt: string | null;
  }>;
  actions: { settle: { max: string } | null; refund: { max: string } | null; void: boolean };
}

export interface WithdrawalOrder {
  id: string;
  wdRequestId: string;
  amount: string;
  currency: string;
  status: 'Approved' | 'Processing' | 'Settled' | 'Deleted' | 'Error';
  settlementType: 'payout' | 'refund';
  payoutTransactionId: string | null;
  comment: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface Withdrawal {
  id: string;
  userTokenId: string;
  userId: string;
  amount: string;
  currency: string;
  approvedAmount: string | null;
  status: string;
  state: 'Open' | 'Closed';
  merchantWDRequestId: string | null;
  merchantSiteId: string;
  operatorName: string | null;
  comment: string | null;
  createdAt: string;
  updatedAt: string;
  upo: { id: string; method: string; brand: string | null; last4: string | null } | null;
  orders: WithdrawalOrder[];
  /** what no order holds yet (major units), as the server counts it */
  remaining: string;
}

export interface ApmPayments extends Page<{
  transaction: Transaction;
  method: string;
  awaiting: 'shopper' | 'operator';
}> {
  completable: boolean;
}

export interface Key {
  id: string;
  label: string | null;
  type: 'operations' | 'dispute';
  hint: string;
  createdAt: string;
  revokedAt: string | null;
}

export interface Entity {
  id: string;
  name: string;
  parentId: string | null;
  keys: Key[];
}

export interface Notification {
  id: string;
  kind: string;
  event: string;
  target: string;
  status: string;
  attempts: Array<{ at: string; status: number | null; latencyMs: number | null; excerpt: string | null }>;
  payload: string;
  signature: string | null;
}

export interface PaymentOption {
  id: string;
  merchantSiteId: string;
  userTokenId: string;
  paymentMethod: string;
  masked: string;
  brand: string | null;
  last4: string | null;
  expiry: string | null;
  holderName: string | null;
  status: 'enabled' | 'suspended';
  createdAt: string;
}

export interface Site {
  id: string;
  name: string;
  createdAt: string;
  notificationUrl: string | null;
  uniqueClientRequestId: boolean;
  unreferencedRefundLimit: number;
  sessionDeclineLimit: number | null;
  webhookSecret: { since: string | null; previousUntil: string | null };
}

export interface AccountOwner {
  accountOwnerCode: string;
  extRef: string;
  name: string;
  email: string;
  country: string;
  virtualAccountCode: string;
  kycStatus: string;
  reason: string | null;
  updatedAt: string;
}

export interface Payout {
  payoutCode: string;
  accountOwnerCode: string;
  amount: number;
  currency: string;
  status: string;
  reason: string | null;
  updatedAt: string;
}

export interface Split {
  splitCode: string;
  transactionId: string;
  amount: number;
  currency: string;
  splits: Array<{ accountOwnerCode: string; amount: number }>;
  status: string;
  updatedAt: string;
}

export interface Platform {
  enabled: boolean;
  sandbox: boolean;
  accountOwners: AccountOwner[];
  payouts: Payout[];
  splits: Split[];
  emailConfigurations: Array<{
    configurationId: string;
    notificationType: string;
    emails: string;
    enabled: boolean;
    updatedAt: string;
  }>;
  emails: Array<{
    id: string;
    notificationType: string;
    to: string[];
    subject: string;
    status: string;
    attempts: number;
    createdAt: string;
  }>;
}

export interface OverviewCounts {
  attempts: number;
  approved: number;
  declined: number;
  errors: number;
  approvalRate: number | null;
  volume: Array<{ currency: string; amount: string }>;
  declines: Array<{ reason: string; count: number }>;
}

export interface Overview {
  period: 'day' | 'week' | 'month';
  bucket: 'hour' | 'day';
  from: string;
  to: string;
  buckets: Array<OverviewCounts & { start: string }>;
  totals: OverviewCounts;
}

export interface AuditEntry {
  at: string;
  userEmail: string;
  action: string;
  target: string;
  detail: Record<string, unknown>;
}

/** An error answer of the API: its code (`invalid_credentials`, `conflict`, …), message and field. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** seconds, from Retry-After (a 429) */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

let csrfToken: string | null = null;
let onSignedOut: () => void = () => undefined;

/** Remembers the session's CSRF token (from the sign-in or GET /me), or forgets it (null). */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** What the app does when a call answers 401 (the session expired or was revoked). */
export function onUnauthenticated(handler: () => void): void {
  onSignedOut = handler;
}

/**
 * A fresh `idempotency-key` for one money dialog (docs/dashboard.md): a double click or a retried
 * request with it never refunds or pays twice. From getRandomValues, which works on plain http too.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `dash-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export async function api<T>(
  method: string,
  path: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...extraHeaders };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && method !== 'HEAD' && csrfToken) headers['x-csrf-token'] = csrfToken;
  let res: Response;
  try {
    res = await fetch(API + path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new ApiError(0, 'network', err instanceof Error ? err.message : String(err));
  }
  if (res.status === 204 || res.status === 202) return undefined as T;
  const json = (await res.json().catch(() => undefined)) as
    { error?: { code?: string; message?: string; field?: string } } | undefined;
  if (res.ok) return json as T;
  const e = json?.error ?? {};
  const wait = Number(res.headers.get('retry-after'));
  const error = new ApiError(
    res.status,
    e.code ?? `http_${res.status}`,
    e.message ?? res.statusText,
    e.field,
    Number.isFinite(wait) && wait > 0 ? wait : undefined,
  );
  if (res.status === 401 && !(method === 'POST' && path === '/session')) onSignedOut();
  throw error;
}

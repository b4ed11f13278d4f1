import type { Transaction } from '../payments/transaction.types.js';
import type { Role } from './roles.js';

/** A control-panel user (docs/dashboard.md). Times are epoch milliseconds. */
export interface DashboardUser {
  id: string;
  merchantId: string;
  /** lower-cased */
  email: string;
  name: string;
  role: Role;
  passwordHash: string;
  /** a Temp user's end; null for the others */
  expiresAt: number | null;
  createdAt: number;
  deletedAt: number | null;
}

/** A signed-in browser: only hashes of its tokens are kept. */
export interface DashboardSession {
  tokenHash: string;
  userId: string;
  csrfHash: string;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  revokedAt: number | null;
}

export interface AuditEntry {
  /** in the order written */
  id: number;
  merchantId: string;
  userId: string | null;
  userEmail: string;
  action: string;
  target: string;
  detail: Record<string, unknown>;
  at: number;
}

/** The control panel's storage (store/dashboard.repo.ts). */
export interface DashboardRepo {
  insertUser(user: DashboardUser): Promise<void>;
  /** a live or deleted user by its e-mail (lower-cased) */
  findUserByEmail(email: string): Promise<DashboardUser | undefined>;
  findUser(id: string): Promise<DashboardUser | undefined>;
  /** a merchant's users not deleted, oldest first */
  listUsers(merchantId: string): Promise<DashboardUser[]>;
  markUserDeleted(id: string, at: number): Promise<void>;
  insertSession(session: DashboardSession): Promise<void>;
  findSession(tokenHash: string): Promise<DashboardSession | undefined>;
  touchSession(tokenHash: string, at: number): Promise<void>;
  revokeSession(tokenHash: string, at: number): Promise<void>;
  revokeSessionsOfUser(userId: string, at: number): Promise<void>;
  /** records a failed sign-in for each subject (`email:…`, `ip:…`), and forgets theirs older than `forgetBefore` */
  insertLoginFailures(subjects: string[], at: number, ids: string[], forgetBefore: number): Promise<void>;
  /** failed sign-ins of `subject` since `since`, and the oldest of them */
  countLoginFailures(subject: string, since: number): Promise<{ count: number; oldest: number | null }>;
  insertAudit(entry: Omit<AuditEntry, 'id'>): Promise<void>;
  /** a merchant's audit entries, newest first, older than the entry `before` when given, of one action when given */
  listAudit(merchantId: string, limit: number, before?: number, action?: string): Promise<AuditEntry[]>;
  searchTransactions(filter: TransactionFilter): Promise<Transaction[]>;
  /** the merchant's payments from `from` on, counted and summed per time bucket, currency, status and reason */
  overview(query: OverviewQuery): Promise<OverviewRow[]>;
  /** the transactions of an order (or, without one, of a session), oldest first */
  timeline(merchantId: string, orderId: number | null, sessionId: string | null): Promise<Transaction[]>;
  /** a transaction without an order or session, with those made on it, oldest first */
  chain(merchantId: string, rootId: string): Promise<Transaction[]>;
  setApiKeyLabel(keyId: string, label: string): Promise<void>;
  /** the merchant's APM payments still waiting on a person (`awaiting`), newest first, ids below `before` */
  pendingApmPayments(merchantId: string, limit: number, before?: string): Promise<Transaction[]>;
}

/** An amount bound per currency exponent: `minor` applies to `currencies` (undefined: every other). */
export interface AmountBound {
  currencies: string[] | undefined;
  minor: number;
}

/** The transaction search of the control panel, scoped to one merchant, newest first. */
export interface TransactionFilter {
  merchantId: string;
  /** a transactionId or an orderId, exactly (digits) */
  query?: string;
  status?: string;
  type?: string;
  last4?: string;
  min?: AmountBound[];
  max?: AmountBound[];
  from?: number;
  to?: number;
  /** only ids below this one (the keyset cursor) */
  before?: string;
  limit: number;
}

/** The overview's question: `buckets` buckets of `bucketMs` from `from` (epoch ms) of one merchant's payments. */
export interface OverviewQuery {
  merchantId: string;
  from: number;
  bucketMs: number;
  buckets: number;
  /** the transaction types counted as payments */
  types: readonly string[];
}

/** One group of the overview: the payments of one bucket (0 = the first) with one currency, status and reason. */
export interface OverviewRow {
  bucket: number;
  currency: string;
  status: string;
  /** the decline or error reason; null for the approved */
  reason: string | null;
  count: number;
  /** the sum of their amounts, in minor units */
  amount: number;
}

import type { Clock } from '../lib/clock.js';
import type { Ids } from '../lib/ids.js';
import type { Secret } from '../lib/secret.js';
import type { IdempotencyRecord, IdempotencyRepo } from './idempotency/ports.js';
import type { MerchantRepo } from './merchants/ports.js';
import type { NotificationRepo } from './notifications/ports.js';
import type { NotificationEvent } from './notifications/notification.types.js';
import type { NewTransaction, Transaction, TransactionResult } from './payments/transaction.types.js';
import type { NewSessionOrder, Session } from './sessions/session.types.js';
import type { NewOrder, OrderRepo } from './orders/ports.js';
import type { Acquirer } from './payments/acquirer.port.js';
import type { TransactionRender } from './payments/render.port.js';
import type { NotificationRender } from './notifications/render.port.js';
import type { CardTokenRepo, UpoRepo } from './payment-methods/ports.js';
import type { DccRepo, PaymentRepo } from './payments/ports.js';
import type { PlatformRepo } from './platform/ports.js';
import type { SessionRepo } from './sessions/ports.js';
import type { WithdrawalOrderRepo, WithdrawalRepo } from './withdrawals/ports.js';
import type { AccountRepo } from './accounts/ports.js';
import type { UpoAdminRepo, UserRepo } from './users/ports.js';
import type { PlanRepo, SubscriptionRepo } from './rebilling/ports.js';
import type { DashboardRepo } from './dashboard/ports.js';

/** Every repository, bound to one connection or transaction. */
export interface Repos {
  merchants: MerchantRepo;
  orders: OrderRepo;
  idempotency: IdempotencyRepo;
  sessions: SessionRepo;
  notifications: NotificationRepo;
  payments: PaymentRepo;
  dcc: DccRepo;
  cardTokens: CardTokenRepo;
  upos: UpoRepo;
  withdrawals: WithdrawalRepo;
  platform: PlatformRepo;
  users: UserRepo;
  upoAdmin: UpoAdminRepo;
  plans: PlanRepo;
  subscriptions: SubscriptionRepo;
  withdrawalOrders: WithdrawalOrderRepo;
  accounts: AccountRepo;
  dashboard: DashboardRepo;
}

/** Reads outside a transaction, and durable writes: `write` resolves only once its commit is on disk. */
export interface Storage {
  read: Repos;
  /**
   * `durable: false` writes ahead (ADR 0616): the promise resolves once the transaction is committed,
   * before it is known on disk. A kill -9 of this process keeps it; a power loss may not, unless a later
   * durable write was acknowledged (commits reach the disk in order).
   */
  write<T>(fn: (repos: Repos) => Promise<T>, options?: { durable?: boolean }): Promise<T>;
  /**
   * The hot path of `POST /orders` in one round trip (ADR 0013): inserts the order and, when given, its
   * complete idempotency record, durably. 'key-taken' when a record holds the key already: then
   * nothing is written. (The REST answer names the order by its sessionId, so the numeric id is not
   * read back.)
   */
  insertOrder(order: NewOrder, idempotency?: IdempotencyRecord): Promise<'inserted' | 'key-taken'>;
  /**
   * A payment's outcome as one durable write whose statements are known in advance (ADR 0814): the
   * pending transaction's outcome (only while it is pending), its notifications, its idempotency
   * record's answer. False when the transaction was no longer pending: then nothing was written.
   * Absent: the caller writes the outcome with `write`.
   */
  writeOutcome?(outcome: OutcomeWrite): Promise<boolean>;
  /**
   * openOrder's write for a new session as one durable planned write (ADR 0814): the clientRequestId
   * when given (a guard), the session, its order, the binding. The order's id; undefined when the
   * clientRequestId was spent already: then nothing was written. Absent: the caller uses `write`.
   */
  openSessionOrder?(w: SessionOrderWrite): Promise<number | undefined>;
  /**
   * A payment's pending write as one planned write, written ahead like `write(fn, { durable: false })`
   * (ADR 0616, 0817): the guards (the key's claim, the clientRequestId's, the order's lock and that it
   * may be paid), the session's last use, the card's vault row, the pending transaction and its key's
   * link to it. The transaction as `payments.insert` answers it; undefined when a guard stopped the
   * write: then nothing was written, and the caller's closure decides (a replay, 5300.1003, 1066, the
   * order's refusal). Absent: the caller uses `write`.
   */
  writePending?(w: PendingWrite): Promise<Transaction | undefined>;
}

/** What `Storage.writePending` writes, all or nothing. */
export interface PendingWrite {
  /** the pending row; its card vault id is the vault row of `vault.fingerprint` */
  transaction: NewTransaction;
  /** the card's vault row, inserted (sealed then) unless the store knows it is there */
  vault: { fingerprint: string; seal(): string };
  at: number;
  /** the request's idempotency record: claimed (a guard), then named the new transaction */
  idempotency?: IdempotencyRecord;
  /** a clientRequestId its site asks to be unique: claimed (a guard) */
  clientRequestId?: { siteId: string; value: string };
  /** the session paying: its last use */
  sessionToken?: string;
  /** the order paid: locked, and a guard that its last payment is neither approved nor pending */
  orderId?: number;
}

/** What `Storage.openSessionOrder` writes. */
export interface SessionOrderWrite {
  session: Session;
  order: NewSessionOrder;
  bind: { declineLimit: number | null; userTokenId: string | null };
  at: number;
  clientRequestId?: { siteId: string; value: string };
}

/** What `Storage.writeOutcome` writes. */
export interface OutcomeWrite {
  transactionId: string;
  result: TransactionResult;
  at: number;
  /** queued unless a notification with the same dedupe key exists */
  notifications: Array<{ id: string; event: NotificationEvent }>;
  idempotency?: { entityId: string; scope: string; key: string; status: number; body: string };
}

/** Encryption of values kept but never in clear (merchant secret keys, card numbers). */
export interface Vault {
  seal(plaintext: Secret<string>, purpose: string): string;
  open(sealed: string, purpose: string): Secret<string>;
  /** HMAC-SHA-256 with a key derived for `purpose`: fingerprints that find a value without revealing it */
  mac(purpose: string, data: string): Buffer;
}

/** New secrets the domain hands out (security/ implements them; randomness stays out of the domain). */
export interface Secrets {
  /** a new Standard Webhooks signing secret (`whsec_…`) */
  webhookSecret(): Secret<string>;
  /** a new REST API key: its public id, the full key (shown once) and the hash that alone is stored */
  apiKey(): { id: string; plaintext: Secret<string>; secretHash: string };
}

/** What every domain service receives. */
/** What the domain stores in wire form, rendered by the layers that speak it (docs/decisions/0617). */
export type Renderers = TransactionRender & NotificationRender;

export interface DomainDeps {
  storage: Storage;
  clock: Clock;
  ids: Ids;
  vault: Vault;
  secrets: Secrets;
  /** the acquirer behind the payments (the simulated one unless a connector is configured) */
  acquirer: Acquirer;
  /** the wire forms the domain stores in its commits (answers, notification bodies), docs/decisions/0617 */
  render: Renderers;
  /** where the domain logs what it answers for a caller but must not drop (an acquirer call that threw) */
  log?: DomainLog;
}

/** The log the domain writes to (the server's pino logger; absent in bare domain tests). */
export interface DomainLog {
  warn(fields: Record<string, unknown>, message: string): void;
}

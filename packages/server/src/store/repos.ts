import type { Kysely } from 'kysely';
import type { Repos, Storage } from '../domain/ports.js';
import type { Store } from './db.js';
import type { Dialect } from './dialect.js';
import { cardTokenRepo } from './card-tokens.repo.js';
import { dccRepo } from './dcc.repo.js';
import {
  idempotencyAttachLastInsert,
  idempotencyClaim,
  idempotencyComplete,
  idempotencyRepo,
} from './idempotency.repo.js';
import { merchantRepo } from './merchants.repo.js';
import { notificationRepo, outboxInsert } from './notifications.repo.js';
import { orderIdBySessionId, orderInsert, orderLock, orderRepo, sessionOrderInsert } from './orders.repo.js';
import type { PlannedStatement } from './sqlite/planned-write.js';
import { paymentRepo } from './payments.repo.js';
import { insertedTransaction } from './payments.row.js';
import {
  cardVaultInsert,
  orderPayable,
  transactionComplete,
  transactionInsertVaulted,
  transactionLastInserted,
} from './payments.write.js';
import { platformRepo } from './platform.repo.js';
import {
  clientRequestIdClaim,
  sessionBindNewOrder,
  sessionInsert,
  sessionRepo,
  sessionTouch,
} from './sessions.repo.js';
import { upoRepo } from './upos.repo.js';
import { withdrawalRepo } from './withdrawals.repo.js';
import { upoAdminRepo, userRepo } from './users.repo.js';
import { planRepo } from './plans.repo.js';
import { subscriptionRepo } from './subscriptions.repo.js';
import { withdrawalOrderRepo } from './withdrawal-orders.repo.js';
import { accountRepo } from './accounts.repo.js';
import { dashboardRepo } from './dashboard.repo.js';
import type { Database } from './tables.js';
import { type HotSql, kyselyHot } from './hot-sql.js';
import { cachedKeys, KeyCache, noteRevocations } from './key-cache.js';
import { cachedMerchantsAndSites } from './merchant-cache.js';

const FACTORIES = {
  merchants: merchantRepo,
  orders: orderRepo,
  idempotency: idempotencyRepo,
  sessions: sessionRepo,
  notifications: notificationRepo,
  payments: paymentRepo,
  dcc: dccRepo,
  cardTokens: cardTokenRepo,
  upos: upoRepo,
  withdrawals: withdrawalRepo,
  platform: platformRepo,
  users: userRepo,
  upoAdmin: upoAdminRepo,
  plans: planRepo,
  subscriptions: subscriptionRepo,
  withdrawalOrders: withdrawalOrderRepo,
  accounts: accountRepo,
  dashboard: dashboardRepo,
} satisfies { [K in keyof Repos]: (db: Kysely<Database>, dialect: Dialect, hot: HotSql) => Repos[K] };

/**
 * Every repository bound to `db`, each built on first use (a write unit touches only a few); `hot`
 * runs their fixed statements on the same connection (ADR 0813).
 */
export function bindRepos(
  db: Kysely<Database>,
  dialect: Dialect,
  overrides: Partial<Repos> = {},
  hot: HotSql = kyselyHot(db),
): Repos {
  const repos = {} as Repos;
  for (const name of Object.keys(FACTORIES) as Array<keyof Repos>) {
    Object.defineProperty(repos, name, {
      enumerable: true,
      get() {
        const repo = overrides[name] ?? FACTORIES[name](db, dialect, hot);
        Object.defineProperty(repos, name, { value: repo, enumerable: true });
        return repo;
      },
      configurable: true,
    });
  }
  return repos;
}

/** How many vaulted cards' fingerprints are kept before the memory starts over. */
const MAX_VAULTED_KEPT = 100_000;

/** The domain's view of the store: repositories for reads, and durable write transactions. */
export function storageOf(store: Store): Storage {
  const keys = new KeyCache();
  /** fingerprints of cards whose vault row this process wrote or found (ADR 0817) */
  const vaulted = new Set<string>();
  const read = bindRepos(
    store.db,
    store.dialect,
    { merchants: cachedKeys(cachedMerchantsAndSites(merchantRepo(store.db, store.dialect, store.hotRead)), keys) },
    store.hotRead,
  );
  return {
    read,
    async write(fn, options) {
      const revoked: string[] = [];
      const result = await store.write(
        (trx, hot) =>
          fn(
            bindRepos(
              trx,
              store.dialect,
              { merchants: noteRevocations(merchantRepo(trx, store.dialect, hot), keys, revoked) },
              hot,
            ),
          ),
        options,
      );
      for (const id of revoked) keys.forget(id);
      return result;
    },
    async insertOrder(order, idempotency) {
      const statements: PlannedStatement[] = [];
      if (idempotency) {
        const { sql, parameters } = idempotencyClaim(store.db, store.dialect, idempotency);
        statements.push({ sql, parameters, mustChange: true });
      }
      const { sql, parameters } = orderInsert(store.db, store.dialect, order, { returningId: false });
      statements.push({ sql, parameters });
      const outcome = await store.writePlanned(statements);
      return outcome.done ? 'inserted' : 'key-taken';
    },
    async openSessionOrder(w) {
      const { db, dialect } = store;
      const statements: PlannedStatement[] = [];
      const claim = w.clientRequestId;
      if (claim) statements.push(mustChange(clientRequestIdClaim(db, dialect, claim.siteId, claim.value, w.at)));
      statements.push(sessionInsert(db, dialect, w.session), sessionOrderInsert(db, dialect, w.order));
      statements.push(mustChange(sessionBindNewOrder(db, dialect, w.session.token, w.at, w.bind)));
      statements.push(orderIdBySessionId(db, dialect, w.session.token));
      const outcome = await store.writePlanned(statements);
      return outcome.done ? Number((outcome.rows[0] as { id: number }).id) : undefined;
    },
    async writePending(w) {
      // ADR 0817: the closure's steps as data, each check a guard that stops the write whole
      const { db, dialect } = store;
      const statements: PlannedStatement[] = [];
      if (w.idempotency) statements.push(mustChange(idempotencyClaim(db, dialect, w.idempotency)));
      const claim = w.clientRequestId;
      if (claim) statements.push(mustChange(clientRequestIdClaim(db, dialect, claim.siteId, claim.value, w.at)));
      if (w.sessionToken !== undefined) statements.push(sessionTouch(db, dialect, w.sessionToken, w.at));
      if (w.orderId !== undefined) {
        statements.push(mustChange(orderLock(db, dialect, w.orderId, w.at)));
        statements.push(mustChange(orderPayable(db, dialect, w.orderId)));
      }
      const { fingerprint } = w.vault;
      // a vault row is never deleted: once one is known here, the card is neither sealed nor inserted again
      if (!vaulted.has(fingerprint)) statements.push(cardVaultInsert(db, dialect, fingerprint, w.vault.seal(), w.at));
      statements.push(transactionInsertVaulted(db, dialect, w.transaction, w.vault.fingerprint));
      const key = w.idempotency;
      if (key) statements.push(idempotencyAttachLastInsert(db, dialect, key.entityId, key.scope, key.key));
      statements.push(transactionLastInserted(db, dialect));
      const outcome = await store.writePlanned(statements, { durable: false });
      if (!outcome.done) return undefined;
      if (vaulted.size >= MAX_VAULTED_KEPT) vaulted.clear();
      vaulted.add(fingerprint);
      const row = outcome.rows[0] as { id: number | bigint; card_vault_id: number | bigint };
      return insertedTransaction(w.transaction, row.id, { cardVaultId: Number(row.card_vault_id) });
    },
    async writeOutcome(w) {
      // ADR 0814: the outcome only while the transaction is pending (a guard: else nothing is written)
      const statements: PlannedStatement[] = [
        mustChange(transactionComplete(store.db, store.dialect, w.transactionId, w.result, w.at)),
      ];
      for (const n of w.notifications) statements.push(outboxInsert(store.db, store.dialect, n.event, n.id, w.at));
      if (w.idempotency) statements.push(idempotencyComplete(store.db, store.dialect, w.idempotency));
      const outcome = await store.writePlanned(plain(statements));
      return outcome.done;
    },
  };
}

/** Only what a planned statement carries (a fixed statement's name stays here): it is copied to the writer thread. */
function plain(statements: PlannedStatement[]): PlannedStatement[] {
  return statements.map(({ sql, parameters, mustChange }) => ({
    sql,
    parameters,
    ...(mustChange ? { mustChange } : {}),
  }));
}

/**
 * A statement that must change a row (a guard), as a new literal: `{ ...statement, mustChange: true }`
 * takes V8's slow path for members written after a spread, several µs per statement (ADR 0665).
 */
function mustChange(statement: { sql: string; parameters: unknown[] }): PlannedStatement {
  return { sql: statement.sql, parameters: statement.parameters, mustChange: true };
}

import type { Kysely } from 'kysely';
import type { Repos, Storage } from '../domain/ports.js';
import type { Store } from './db.js';
import { idempotencyRepo } from './idempotency.repo.js';
import { merchantRepo } from './merchants.repo.js';
import { notificationRepo } from './notifications.repo.js';
import { orderRepo } from './orders.repo.js';
import { paymentRepo } from './payments.repo.js';
import { sessionRepo } from './sessions.repo.js';
import type { Database } from './tables.js';

export function bindRepos(db: Kysely<Database>): Repos {
  return {
    merchants: merchantRepo(db),
    orders: orderRepo(db),
    idempotency: idempotencyRepo(db),
    sessions: sessionRepo(db),
    notifications: notificationRepo(db),
    payments: paymentRepo(db),
  };
}

/** The domain's view of the store: repositories for reads, and durable write transactions. */
export function storageOf(store: Store): Storage {
  const read = bindRepos(store.db);
  return { read, write: (fn) => store.write((trx) => fn(bindRepos(trx))) };
}

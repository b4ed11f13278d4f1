import type { Repos, Storage } from './ports.js';

/** A Storage whose reads and writes all run in the caller's transaction, `repos`. */
export function storageWithin(repos: Repos): Storage {
  return {
    read: repos,
    write: (fn) => fn(repos),
    async insertOrder(order, idempotency) {
      if (idempotency && !(await repos.idempotency.claim(idempotency))) return 'key-taken';
      await repos.orders.insert(order);
      return 'inserted';
    },
  };
}

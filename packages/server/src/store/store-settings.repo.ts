import type { Store } from './db.js';

/**
 * A store setting written once: the first process to start stores `value`; every later process (or
 * node) reads the stored one. Two nodes starting together agree through the primary key.
 */
export async function settleStoreSetting(store: Store, name: string, value: string, now: number): Promise<string> {
  const existing = await store.db
    .selectFrom('store_settings')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  if (existing) return existing.value;
  await store.write((trx) =>
    trx
      .insertInto('store_settings')
      .values({ name, value, created_at: now })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute(),
  );
  const stored = await store.db
    .selectFrom('store_settings')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return stored.value;
}

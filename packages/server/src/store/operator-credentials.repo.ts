import type { Kysely, Transaction } from 'kysely';
import type { Database } from './tables.js';

/** Operator credentials (migration 0018, docs/decisions/0824): plain functions over `db | trx`. */

export interface OperatorCredential {
  id: string;
  name: string;
  secretHash: string;
  createdAt: number;
  revokedAt: number | null;
}

type Db = Kysely<Database> | Transaction<Database>;

const toCredential = (r: Database['operator_credentials']): OperatorCredential => ({
  id: r.id,
  name: r.name,
  secretHash: r.secret_hash,
  createdAt: Number(r.created_at),
  revokedAt: r.revoked_at === null ? null : Number(r.revoked_at),
});

export async function insertOperatorCredential(db: Db, c: Omit<OperatorCredential, 'revokedAt'>): Promise<void> {
  await db
    .insertInto('operator_credentials')
    .values({ id: c.id, name: c.name, secret_hash: c.secretHash, created_at: c.createdAt, revoked_at: null })
    .execute();
}

export async function findOperatorCredential(db: Db, id: string): Promise<OperatorCredential | undefined> {
  const r = await db.selectFrom('operator_credentials').selectAll().where('id', '=', id).executeTakeFirst();
  return r ? toCredential(r) : undefined;
}

export async function listOperatorCredentials(db: Db): Promise<OperatorCredential[]> {
  return (await db.selectFrom('operator_credentials').selectAll().orderBy('created_at').orderBy('id').execute()).map(
    toCredential,
  );
}

/** Revokes a credential now; answers whether it was live. */
export async function revokeOperatorCredential(db: Db, id: string, now: number): Promise<boolean> {
  const r = await db
    .updateTable('operator_credentials')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

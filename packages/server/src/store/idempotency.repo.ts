import { type Kysely, type Selectable, sql } from 'kysely';
import { type HotSql, hotAll, hotRun, kyselyHot } from './hot-sql.js';
import type { IdempotencyRecord, IdempotencyRepo } from '../domain/idempotency/ports.js';
import type { Dialect } from './dialect.js';
import { type FixedStatement, fixedStatement } from './sqlite/fixed-statement.js';
import type { Database, IdempotencyTable } from './tables.js';

/** A payment's claim, lookup, attach and completion are fixed statements run by `hot` (ADR 0813). */
export function idempotencyRepo(db: Kysely<Database>, dialect: Dialect, hot: HotSql = kyselyHot(db)): IdempotencyRepo {
  return {
    async claim(r) {
      const { sql, parameters } = idempotencyClaim(db, dialect, r);
      return (await hot.run('gh_idempotency_claim', sql, parameters)) > 0;
    },
    async find(entityId, scope, key) {
      const [r] = await hotAll<Selectable<IdempotencyTable>>(hot, dialect, 'idem.find', [entityId, scope, key], () =>
        db
          .selectFrom('idempotency_records')
          .selectAll()
          .where('entity_id', '=', entityId)
          .where('scope', '=', scope)
          .where('key', '=', key)
          .compile(),
      );
      return r && recordOf(r);
    },
    async attach(entityId, scope, key, transactionId) {
      await hotRun(hot, dialect, 'idem.attach', [transactionId, entityId, scope, key], () =>
        db
          .updateTable('idempotency_records')
          .set({ transaction_id: transactionId })
          .where('entity_id', '=', entityId)
          .where('scope', '=', scope)
          .where('key', '=', key)
          .compile(),
      );
    },
    async openFor(transactionId) {
      const rows = await db
        .selectFrom('idempotency_records')
        .selectAll()
        .where('transaction_id', '=', transactionId)
        .where('response_status', 'is', null)
        .execute();
      return rows.map(recordOf);
    },
    async complete(entityId, scope, key, status, body) {
      const { sql, parameters } = idempotencyComplete(db, dialect, { entityId, scope, key, status, body });
      await hot.run('gh_idem_complete', sql, parameters);
    },
    async remove(entityId, scope, key) {
      await db
        .deleteFrom('idempotency_records')
        .where('entity_id', '=', entityId)
        .where('scope', '=', scope)
        .where('key', '=', key)
        .execute();
    },
    async purgeExpired(now) {
      const res = await db.deleteFrom('idempotency_records').where('expires_at', '<=', now).executeTakeFirst();
      return Number(res.numDeletedRows);
    },
  };
}

function recordOf(r: Selectable<IdempotencyTable>): IdempotencyRecord {
  return {
    entityId: r.entity_id,
    scope: r.scope,
    key: r.key,
    requestHash: r.request_hash,
    responseStatus: r.response_status === null ? null : Number(r.response_status),
    responseBody: r.response_body,
    createdAt: Number(r.created_at),
    expiresAt: Number(r.expires_at),
    transactionId: r.transaction_id,
    replayFrame: r.replay_frame,
  };
}

/**
 * Inserts the record unless one exists for (entity, scope, key), which the primary key settles: it
 * changes no row when the key is taken. Compiled once per dialect (ADR 0011).
 */
export function idempotencyClaim(db: Kysely<Database>, dialect: Dialect, r: IdempotencyRecord): FixedStatement {
  const values = {
    entity_id: r.entityId,
    scope: r.scope,
    key: r.key,
    request_hash: r.requestHash,
    response_status: r.responseStatus,
    response_body: r.responseBody,
    created_at: r.createdAt,
    expires_at: r.expiresAt,
    transaction_id: r.transactionId ?? null,
    replay_frame: r.replayFrame ?? null,
  };
  return fixedStatement('idempotency.claim', dialect, values, () =>
    db
      .insertInto('idempotency_records')
      .values(values)
      .onConflict((oc) => oc.columns(['entity_id', 'scope', 'key']).doNothing())
      .compile(),
  );
}

/** A claimed key's final answer (ADR 0813, 0814). */
export function idempotencyComplete(
  db: Kysely<Database>,
  dialect: Dialect,
  a: { entityId: string; scope: string; key: string; status: number; body: string },
): FixedStatement {
  return fixedStatement('idem.complete', dialect, [a.status, a.body, a.entityId, a.scope, a.key], () =>
    db
      .updateTable('idempotency_records')
      .set({ response_status: a.status, response_body: a.body })
      .where('entity_id', '=', a.entityId)
      .where('scope', '=', a.scope)
      .where('key', '=', a.key)
      .compile(),
  );
}

/**
 * Names the transaction inserted just before, in the same planned write, as the claimed key's
 * (ADR 0817): `attach` with the id the connection generated last.
 */
export function idempotencyAttachLastInsert(
  db: Kysely<Database>,
  dialect: Dialect,
  entityId: string,
  scope: string,
  key: string,
): FixedStatement {
  return fixedStatement('idempotency.attach-last-insert', dialect, [entityId, scope, key], () =>
    db
      .updateTable('idempotency_records')
      .set({ transaction_id: sql<string>`CAST(${sql.raw(dialect.lastInsertId)} AS TEXT)` })
      .where('entity_id', '=', entityId)
      .where('scope', '=', scope)
      .where('key', '=', key)
      .compile(),
  );
}

import type { Kysely, Transaction } from 'kysely';
import type { Database } from './tables.js';

/**
 * A site's extra webhook endpoints and its delivery chaos settings (migration 0029,
 * docs/decisions/0921 and 0922): plain functions over `db | trx`.
 */

export interface WebhookEndpointRow {
  id: string;
  merchantId: string;
  siteId: string;
  url: string;
  events: string[];
  description: string | null;
  enabled: boolean;
  secretSealed: string;
  previousSecretSealed: string | null;
  previousExpiresAt: number | null;
  createdAt: number;
  updatedAt: number;
}

type Db = Kysely<Database> | Transaction<Database>;

const toEndpoint = (r: Database['webhook_endpoints']): WebhookEndpointRow => ({
  id: r.id,
  merchantId: r.merchant_id,
  siteId: r.site_id,
  url: r.url,
  events: JSON.parse(r.events) as string[],
  description: r.description,
  enabled: Number(r.enabled) === 1,
  secretSealed: r.secret_sealed,
  previousSecretSealed: r.previous_secret_sealed,
  previousExpiresAt: r.previous_expires_at === null ? null : Number(r.previous_expires_at),
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

export async function insertWebhookEndpoint(db: Db, e: WebhookEndpointRow): Promise<void> {
  await db
    .insertInto('webhook_endpoints')
    .values({
      id: e.id,
      merchant_id: e.merchantId,
      site_id: e.siteId,
      url: e.url,
      events: JSON.stringify(e.events),
      description: e.description,
      enabled: e.enabled ? 1 : 0,
      secret_sealed: e.secretSealed,
      previous_secret_sealed: e.previousSecretSealed,
      previous_expires_at: e.previousExpiresAt,
      created_at: e.createdAt,
      updated_at: e.updatedAt,
    })
    .execute();
}

export async function findWebhookEndpoint(db: Db, id: string): Promise<WebhookEndpointRow | undefined> {
  const r = await db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
  return r ? toEndpoint(r) : undefined;
}

/** A site's endpoints, oldest first. */
export async function listWebhookEndpoints(db: Db, siteId: string): Promise<WebhookEndpointRow[]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('site_id', '=', siteId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toEndpoint);
}

export async function updateWebhookEndpoint(
  db: Db,
  id: string,
  patch: Partial<
    Pick<
      WebhookEndpointRow,
      'url' | 'events' | 'description' | 'enabled' | 'secretSealed' | 'previousSecretSealed' | 'previousExpiresAt'
    >
  >,
  now: number,
): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({
      ...(patch.url !== undefined ? { url: patch.url } : {}),
      ...(patch.events !== undefined ? { events: JSON.stringify(patch.events) } : {}),
      ...(patch.description !== undefined ? { description: patch.description } : {}),
      ...(patch.enabled !== undefined ? { enabled: patch.enabled ? 1 : 0 } : {}),
      ...(patch.secretSealed !== undefined ? { secret_sealed: patch.secretSealed } : {}),
      ...(patch.previousSecretSealed !== undefined ? { previous_secret_sealed: patch.previousSecretSealed } : {}),
      ...(patch.previousExpiresAt !== undefined ? { previous_expires_at: patch.previousExpiresAt } : {}),
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

/** Answers whether an endpoint was deleted. */
export async function deleteWebhookEndpoint(db: Db, id: string): Promise<boolean> {
  const res = await db.deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** The site's chaos settings as stored (JSON), or undefined. */
export async function findDeliveryChaos(
  db: Db,
  siteId: string,
): Promise<{ settings: string; updatedAt: number } | undefined> {
  const r = await db
    .selectFrom('delivery_chaos')
    .select(['settings', 'updated_at'])
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  return r ? { settings: r.settings, updatedAt: Number(r.updated_at) } : undefined;
}

export async function saveDeliveryChaos(
  db: Db,
  c: { siteId: string; merchantId: string; settings: string; now: number },
): Promise<void> {
  await db
    .insertInto('delivery_chaos')
    .values({ site_id: c.siteId, merchant_id: c.merchantId, settings: c.settings, updated_at: c.now })
    .onConflict((oc) => oc.column('site_id').doUpdateSet({ settings: c.settings, updated_at: c.now }))
    .execute();
}

export async function clearDeliveryChaos(db: Db, siteId: string): Promise<void> {
  await db.deleteFrom('delivery_chaos').where('site_id', '=', siteId).execute();
}

/**
 * Holds a claimed row back until `runAt` without counting the claim as an attempt (chaos `reorder`):
 * its lease is released, its retry schedule is left as it was (`retry_base` moves with `attempts`),
 * and the claim's open attempt record is removed.
 */
export async function postponeClaimed(
  db: Db,
  o: { outboxId: string; relayId: string; attemptNo: number; runAt: number; now: number },
): Promise<boolean> {
  const res = await db
    .updateTable('outbox')
    .set((eb) => ({
      status: 'pending',
      run_at: o.runAt,
      locked_by: null,
      locked_until: null,
      retry_base: eb('retry_base', '+', 1),
      updated_at: o.now,
    }))
    .where('id', '=', o.outboxId)
    .where('locked_by', '=', o.relayId)
    .where('attempts', '=', o.attemptNo)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) return false;
  await db
    .deleteFrom('delivery_attempts')
    .where('outbox_id', '=', o.outboxId)
    .where('attempt_no', '=', o.attemptNo)
    .where('finished_at', 'is', null)
    .execute();
  return true;
}

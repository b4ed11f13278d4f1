import type { Kysely, Selectable } from 'kysely';
import type { Delivery, DeliveryAttempt, NotificationEvent } from '../domain/notifications/notification.types.js';
import { fixedStatement } from './sqlite/fixed-statement.js';
import type { NotificationRepo } from '../domain/notifications/ports.js';
import type { DeliveryAttemptTable, OutboxTable } from './outbox.table.js';
import type { Dialect } from './dialect.js';
import { type HotSql, hotAll, kyselyHot } from './hot-sql.js';
import type { Database } from './tables.js';

export function toDelivery(r: Selectable<OutboxTable>): Delivery {
  return {
    id: r.id,
    kind: r.kind,
    dedupeKey: r.dedupe_key,
    merchantId: r.merchant_id,
    siteId: r.site_id,
    orderId: r.order_id === null ? null : Number(r.order_id),
    sessionId: r.session_id,
    transactionId: r.transaction_id,
    targetUrl: r.target_url,
    targetFromSite: r.target_from_site === null ? null : Number(r.target_from_site) === 1,
    eventType: r.event_type,
    payload: r.payload,
    status: r.status,
    attempts: Number(r.attempts),
    retryBase: Number(r.retry_base),
    runAt: Number(r.run_at),
    lockedBy: r.locked_by,
    lockedUntil: r.locked_until === null ? null : Number(r.locked_until),
    lastError: r.last_error,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
    deliveredAt: r.delivered_at === null ? null : Number(r.delivered_at),
  };
}

function toAttempt(r: Selectable<DeliveryAttemptTable>): DeliveryAttempt {
  return {
    outboxId: r.outbox_id,
    attemptNo: Number(r.attempt_no),
    relayId: r.relay_id,
    startedAt: Number(r.started_at),
    finishedAt: r.finished_at === null ? null : Number(r.finished_at),
    statusCode: r.status_code === null ? null : Number(r.status_code),
    latencyMs: r.latency_ms === null ? null : Number(r.latency_ms),
    error: r.error,
    responseExcerpt: r.response_excerpt,
  };
}

function settingsOf(text: string | undefined): Record<string, unknown> {
  try {
    const v = JSON.parse(text ?? '{}') as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    // expected: settings that are not JSON read as none set
    return {};
  }
}

/** An outbox row as `enqueue` inserts it. */
function outboxValues(e: NotificationEvent, id: string, now: number) {
  return {
    id,
    kind: e.kind,
    dedupe_key: e.dedupeKey,
    merchant_id: e.merchantId,
    site_id: e.siteId,
    order_id: e.orderId,
    session_id: e.sessionId,
    transaction_id: e.transactionId,
    target_url: e.targetUrl,
    target_from_site: e.targetFromSite === undefined ? null : e.targetFromSite ? 1 : 0,
    event_type: e.eventType,
    payload: e.payload,
    status: 'pending' as const,
    run_at: now,
    locked_by: null,
    locked_until: null,
    last_error: null,
    created_at: now,
    updated_at: now,
    delivered_at: null,
  };
}

/**
 * The insert of a notification in a planned write (ADR 0814): nothing when one with its dedupe key
 * exists, and nothing read back.
 */
export function outboxInsert(db: Kysely<Database>, dialect: Dialect, e: NotificationEvent, id: string, now: number) {
  const values = outboxValues(e, id, now);
  return fixedStatement('outbox.insert', dialect, values, () =>
    db
      .insertInto('outbox')
      .values(values)
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .compile(),
  );
}

/** The enqueue of a payment's notifications and the site's DMN address are fixed statements (ADR 0813). */
export function notificationRepo(
  db: Kysely<Database>,
  dialect: Dialect,
  hot: HotSql = kyselyHot(db),
): NotificationRepo {
  return {
    async enqueue(e, id, now) {
      const values = outboxValues(e, id, now);
      const [inserted] = await hotAll<{ id: string }>(hot, dialect, 'outbox.enqueue', values, () =>
        db
          .insertInto('outbox')
          .values(values)
          .onConflict((oc) => oc.column('dedupe_key').doNothing())
          .returning('id')
          .compile(),
      );
      if (inserted) return { id: inserted.id, created: true };
      const existing = await db
        .selectFrom('outbox')
        .select('id')
        .where('dedupe_key', '=', e.dedupeKey)
        .executeTakeFirstOrThrow();
      return { id: existing.id, created: false };
    },
    async find(id) {
      const r = await db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
      return r && toDelivery(r);
    },
    async list(f) {
      let q = db.selectFrom('outbox').selectAll();
      if (f.merchantId !== undefined) q = q.where('merchant_id', '=', f.merchantId);
      if (f.id !== undefined) q = q.where('id', '=', f.id);
      if (f.orderId !== undefined) q = q.where('order_id', '=', f.orderId);
      if (f.sessionId !== undefined) q = q.where('session_id', '=', f.sessionId);
      if (f.transactionId !== undefined) q = q.where('transaction_id', '=', f.transactionId);
      const before = f.before;
      if (before !== undefined) {
        q = q.where((eb) =>
          eb.or([
            eb('created_at', '<', before.createdAt),
            eb.and([eb('created_at', '=', before.createdAt), eb('id', '<', before.id)]),
          ]),
        );
      }
      const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(f.limit).execute();
      return rows.map(toDelivery);
    },
    async attemptsOf(ids) {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('delivery_attempts')
        .selectAll()
        .where('outbox_id', 'in', ids)
        .orderBy('outbox_id')
        .orderBy('attempt_no')
        .execute();
      return rows.map(toAttempt);
    },
    async requeue(id, now, targetUrl) {
      await db
        .updateTable('outbox')
        .set((eb) => ({
          ...(targetUrl === undefined ? {} : { target_url: targetUrl }),
          status: 'pending',
          run_at: now,
          retry_base: eb.ref('attempts'),
          locked_by: null,
          locked_until: null,
          updated_at: now,
        }))
        .where('id', '=', id)
        .execute();
    },
    async webhookSecrets(siteId, now) {
      const rows = await db
        .selectFrom('site_webhook_secrets')
        .selectAll()
        .where('site_id', '=', siteId)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map((r) => ({
        id: Number(r.id),
        siteId: r.site_id,
        secretSealed: r.secret_sealed,
        createdAt: Number(r.created_at),
        expiresAt: r.expires_at === null ? null : Number(r.expires_at),
      }));
    },
    async insertWebhookSecret(siteId, secretSealed, now) {
      await db
        .insertInto('site_webhook_secrets')
        .values({ site_id: siteId, secret_sealed: secretSealed, created_at: now, expires_at: null })
        .execute();
    },
    async retireWebhookSecrets(siteId, until) {
      await db
        .updateTable('site_webhook_secrets')
        .set({ expires_at: until })
        .where('site_id', '=', siteId)
        .where('expires_at', 'is', null)
        .execute();
    },
    async siteNotificationUrl(siteId) {
      const [r] = await hotAll<{ settings: string }>(hot, dialect, 'site.settings', [siteId], () =>
        db.selectFrom('sites').select('settings').where('id', '=', siteId).compile(),
      );
      const url = settingsOf(r?.settings).notificationUrl;
      return typeof url === 'string' && url.length > 0 ? url : null;
    },
    async setSiteNotificationUrl(siteId, url) {
      const r = await db.selectFrom('sites').select('settings').where('id', '=', siteId).executeTakeFirst();
      const settings = settingsOf(r?.settings);
      if (url === null) delete settings.notificationUrl;
      else settings.notificationUrl = url;
      await db
        .updateTable('sites')
        .set({ settings: JSON.stringify(settings) })
        .where('id', '=', siteId)
        .execute();
    },
  };
}

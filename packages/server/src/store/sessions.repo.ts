import type { Kysely, Selectable } from 'kysely';
import type { SessionRepo } from '../domain/sessions/ports.js';
import type { Session, SessionOrder, SessionSiteSettings } from '../domain/sessions/session.types.js';
import type { Minor } from '../lib/money.js';
import type { Database, OrderTable, SessionTable } from './tables.js';

function toSession(r: Selectable<SessionTable>): Session {
  return {
    token: r.token,
    merchantId: r.merchant_id,
    siteId: r.site_id,
    orderId: r.order_id === null ? null : Number(r.order_id),
    createdAt: Number(r.created_at),
    lastUsedAt: Number(r.last_used_at),
    expiredAt: r.expired_at === null ? null : Number(r.expired_at),
    declineCount: Number(r.decline_count),
    declineLimit: r.decline_limit === null ? null : Number(r.decline_limit),
    userTokenId: r.user_token_id,
    clientRequestId: r.client_request_id,
  };
}

/** A session order's row keeps currency '' and amount 0 when it was opened without an amount. */
function toOrder(r: Selectable<OrderTable>): SessionOrder {
  return {
    id: Number(r.id),
    sessionToken: r.session_id,
    merchantId: r.merchant_id,
    siteId: r.site_id,
    pricing:
      r.currency === ''
        ? null
        : {
            amount: Number(r.amount_minor) as Minor,
            currency: r.currency,
            openAmount:
              r.open_amount_min_minor === null || r.open_amount_max_minor === null
                ? null
                : { min: Number(r.open_amount_min_minor) as Minor, max: Number(r.open_amount_max_minor) as Minor },
          },
    transactionType: r.transaction_type as SessionOrder['transactionType'],
    clientUniqueId: r.merchant_transaction_id ?? '',
    productId: r.product_id,
    status: r.status as SessionOrder['status'],
    details: JSON.parse(r.request) as SessionOrder['details'],
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

function pricingColumns(p: SessionOrder['pricing']) {
  return {
    amount_minor: p?.amount ?? 0,
    currency: p?.currency ?? '',
    open_amount_min_minor: p?.openAmount?.min ?? null,
    open_amount_max_minor: p?.openAmount?.max ?? null,
  };
}

function parseSettings(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function sessionRepo(db: Kysely<Database>): SessionRepo {
  return {
    async insert(s) {
      await db
        .insertInto('sessions')
        .values({
          token: s.token,
          merchant_id: s.merchantId,
          site_id: s.siteId,
          order_id: s.orderId,
          created_at: s.createdAt,
          last_used_at: s.lastUsedAt,
          expired_at: s.expiredAt,
          decline_count: s.declineCount,
          decline_limit: s.declineLimit,
          user_token_id: s.userTokenId,
          client_request_id: s.clientRequestId,
        })
        .execute();
    },
    async find(token) {
      const r = await db.selectFrom('sessions').selectAll().where('token', '=', token).executeTakeFirst();
      return r && toSession(r);
    },
    async touch(token, at) {
      await db.updateTable('sessions').set({ last_used_at: at }).where('token', '=', token).execute();
    },
    async claimForOrder(token, at) {
      const res = await db
        .updateTable('sessions')
        .set({ last_used_at: at })
        .where('token', '=', token)
        .where('order_id', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },
    async bindOrder(token, orderId, at, set) {
      const res = await db
        .updateTable('sessions')
        .set({ order_id: orderId, last_used_at: at, decline_limit: set.declineLimit, user_token_id: set.userTokenId })
        .where('token', '=', token)
        .where('order_id', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },
    async setUserTokenId(token, userTokenId) {
      await db.updateTable('sessions').set({ user_token_id: userTokenId }).where('token', '=', token).execute();
    },
    async addDecline(token) {
      await db
        .updateTable('sessions')
        .set((eb) => ({ decline_count: eb('decline_count', '+', 1) }))
        .where('token', '=', token)
        .execute();
      return this.find(token);
    },
    async expire(token, at) {
      await db
        .updateTable('sessions')
        .set({ expired_at: at })
        .where('token', '=', token)
        .where('expired_at', 'is', null)
        .execute();
    },
    async insertOrder(o) {
      const { id } = await db
        .insertInto('orders')
        .values({
          session_id: o.sessionToken,
          merchant_id: o.merchantId,
          site_id: o.siteId,
          entity_id: null,
          interface: 'session',
          merchant_transaction_id: o.clientUniqueId,
          ...pricingColumns(o.pricing),
          transaction_type: o.transactionType,
          permitted_operations: '[]',
          product_id: o.productId,
          webhook_url: null,
          status: o.status,
          request: JSON.stringify(o.details),
          created_at: o.createdAt,
          updated_at: o.updatedAt,
          // The REST bearer rule (sessionId usable 30 minutes) never applies to a session order.
          session_expires_at: o.createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { ...o, id: Number(id) };
    },
    async findOrder(id) {
      const r = await db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', id)
        .where('interface', '=', 'session')
        .executeTakeFirst();
      return r && toOrder(r);
    },
    async updateOrder(id, set) {
      await db
        .updateTable('orders')
        .set({ ...pricingColumns(set.pricing), request: JSON.stringify(set.details), updated_at: set.updatedAt })
        .where('id', '=', id)
        .execute();
    },
    async siteSettings(siteId) {
      const r = await db.selectFrom('sites').select('settings').where('id', '=', siteId).executeTakeFirst();
      if (!r) return undefined;
      const s = parseSettings(r.settings);
      const settings: SessionSiteSettings = { uniqueClientRequestId: s.uniqueClientRequestId === true };
      return settings;
    },
    async updateSiteSettings(siteId, set) {
      const r = await db.selectFrom('sites').select('settings').where('id', '=', siteId).executeTakeFirst();
      if (!r) return false;
      const settings = { ...parseSettings(r.settings), ...set };
      await db
        .updateTable('sites')
        .set({ settings: JSON.stringify(settings) })
        .where('id', '=', siteId)
        .execute();
      return true;
    },
    async claimClientRequestId(siteId, clientRequestId, at) {
      const res = await db
        .insertInto('client_request_ids')
        .values({ site_id: siteId, client_request_id: clientRequestId, created_at: at })
        .onConflict((oc) => oc.columns(['site_id', 'client_request_id']).doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
    },
  };
}

import type { Kysely, Selectable } from 'kysely';
import type { SessionRepo } from '../domain/sessions/ports.js';
import type { Session, SessionSiteSettings } from '../domain/sessions/session.types.js';
import type { Dialect } from './dialect.js';
import { type HotSql, hotAll, hotRun, kyselyHot } from './hot-sql.js';
import { type FixedStatement, fixedStatement } from './sqlite/fixed-statement.js';
import type { Database, SessionTable } from './tables.js';

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

function parseSettings(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    // expected: settings that are not JSON read as none set
    return {};
  }
}

/** The statements of every session call (find, touch, the site's settings, a new session) are fixed (ADR 0813). */
export function sessionRepo(db: Kysely<Database>, dialect: Dialect, hot: HotSql = kyselyHot(db)): SessionRepo {
  return {
    async insert(s) {
      const { sql, parameters } = sessionInsert(db, dialect, s);
      await hot.run('gh_session_insert', sql, parameters);
    },
    async find(token) {
      const [r] = await hotAll<Selectable<SessionTable>>(hot, dialect, 'session.find', [token], () =>
        db.selectFrom('sessions').selectAll().where('token', '=', token).compile(),
      );
      return r && toSession(r);
    },
    async touch(token, at) {
      const { sql, parameters } = sessionTouch(db, dialect, token, at);
      await hot.run('gh_session_touch', sql, parameters);
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
      const changed = await hotRun(
        hot,
        dialect,
        'session.bind-order',
        [orderId, at, set.declineLimit, set.userTokenId, token],
        () =>
          db
            .updateTable('sessions')
            .set({
              order_id: orderId,
              last_used_at: at,
              decline_limit: set.declineLimit,
              user_token_id: set.userTokenId,
            })
            .where('token', '=', token)
            .where('order_id', 'is', null)
            .compile(),
      );
      return changed > 0;
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
    async siteSettings(siteId) {
      const [r] = await hotAll<{ settings: string }>(hot, dialect, 'site.settings', [siteId], () =>
        db.selectFrom('sites').select('settings').where('id', '=', siteId).compile(),
      );
      if (!r) return undefined;
      const s = parseSettings(r.settings);
      const limit = s.unreferencedRefundLimit;
      const declines = s.sessionDeclineLimit;
      const settings: SessionSiteSettings = {
        uniqueClientRequestId: s.uniqueClientRequestId === true,
        ...(Number.isSafeInteger(limit) && (limit as number) >= 0 ? { unreferencedRefundLimit: limit as number } : {}),
        ...(Number.isSafeInteger(declines) && (declines as number) > 0
          ? { sessionDeclineLimit: declines as number }
          : {}),
      };
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
    async releaseClientRequestId(siteId, clientRequestId) {
      await db
        .deleteFrom('client_request_ids')
        .where('site_id', '=', siteId)
        .where('client_request_id', '=', clientRequestId)
        .execute();
    },
  };
}

/** A new session's row (ADR 0813, 0814). */
export function sessionInsert(db: Kysely<Database>, dialect: Dialect, s: Session): FixedStatement {
  const values = {
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
  };
  return fixedStatement('session.insert', dialect, values, () => db.insertInto('sessions').values(values).compile());
}

/**
 * Binds a new session to the order inserted before it in the same planned write, found by its
 * sessionId (unique): as `bindOrder`, a guard that changes no row when the session has an order.
 */
export function sessionBindNewOrder(
  db: Kysely<Database>,
  dialect: Dialect,
  token: string,
  at: number,
  set: { declineLimit: number | null; userTokenId: string | null },
): FixedStatement {
  return fixedStatement('session.bind-new-order', dialect, [token, at, set.declineLimit, set.userTokenId, token], () =>
    db
      .updateTable('sessions')
      .set((eb) => ({
        order_id: eb.selectFrom('orders').select('id').where('session_id', '=', token),
        last_used_at: at,
        decline_limit: set.declineLimit,
        user_token_id: set.userTokenId,
      }))
      .where('token', '=', token)
      .where('order_id', 'is', null)
      .compile(),
  );
}

/** A site's clientRequestId spent, in a planned write: a guard that changes no row when it was spent before. */
export function clientRequestIdClaim(
  db: Kysely<Database>,
  dialect: Dialect,
  siteId: string,
  clientRequestId: string,
  at: number,
): FixedStatement {
  const values = { site_id: siteId, client_request_id: clientRequestId, created_at: at };
  return fixedStatement('client-request-id.claim', dialect, values, () =>
    db
      .insertInto('client_request_ids')
      .values(values)
      .onConflict((oc) => oc.columns(['site_id', 'client_request_id']).doNothing())
      .compile(),
  );
}

/** A session's last use. */
export function sessionTouch(db: Kysely<Database>, dialect: Dialect, token: string, at: number): FixedStatement {
  return fixedStatement('session.touch', dialect, [at, token], () =>
    db.updateTable('sessions').set({ last_used_at: at }).where('token', '=', token).compile(),
  );
}

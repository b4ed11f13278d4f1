import type { Kysely, Selectable } from 'kysely';
import type { AuditEntry, DashboardRepo, DashboardSession, DashboardUser } from '../domain/dashboard/ports.js';
import type { Role } from '../domain/dashboard/roles.js';
import type { DashboardAuditTable, DashboardSessionTable, DashboardUserTable } from './dashboard.table.js';
import type { Database } from './tables.js';
import type { Dialect } from './dialect.js';
import { dashboardOverviewRows } from './dashboard-overview.repo.js';
import {
  apiKeyLabelSet,
  dashboardChain,
  dashboardPendingApm,
  dashboardTimeline,
  dashboardTransactionSearch,
} from './dashboard-transactions.repo.js';

/** The control panel's rows (migration 0030): plain functions over `db` or a transaction. */

const num = (v: number | string | bigint) => Number(v);
const numOrNull = (v: number | string | bigint | null) => (v === null ? null : Number(v));

function toUser(r: Selectable<DashboardUserTable>): DashboardUser {
  return {
    id: r.id,
    merchantId: r.merchant_id,
    email: r.email,
    name: r.name,
    role: r.role as Role,
    passwordHash: r.password_hash,
    expiresAt: numOrNull(r.expires_at),
    createdAt: num(r.created_at),
    deletedAt: numOrNull(r.deleted_at),
  };
}

function toSession(r: Selectable<DashboardSessionTable>): DashboardSession {
  return {
    tokenHash: r.token_hash,
    userId: r.user_id,
    csrfHash: r.csrf_hash,
    createdAt: num(r.created_at),
    lastSeenAt: num(r.last_seen_at),
    expiresAt: num(r.expires_at),
    revokedAt: numOrNull(r.revoked_at),
  };
}

function toAudit(r: Selectable<DashboardAuditTable>): AuditEntry {
  return {
    id: Number(r.id),
    merchantId: r.merchant_id,
    userId: r.user_id,
    userEmail: r.user_email,
    action: r.action,
    target: r.target,
    detail: JSON.parse(r.detail) as Record<string, unknown>,
    at: num(r.at),
  };
}

export async function dashboardUserInsert(db: Kysely<Database>, u: DashboardUser): Promise<void> {
  await db
    .insertInto('dashboard_users')
    .values({
      id: u.id,
      merchant_id: u.merchantId,
      email: u.email,
      name: u.name,
      role: u.role,
      password_hash: u.passwordHash,
      expires_at: u.expiresAt,
      created_at: u.createdAt,
      deleted_at: u.deletedAt,
    })
    .execute();
}

export async function dashboardUserByEmail(db: Kysely<Database>, email: string): Promise<DashboardUser | undefined> {
  const r = await db.selectFrom('dashboard_users').selectAll().where('email', '=', email).executeTakeFirst();
  return r && toUser(r);
}

export async function dashboardUserById(db: Kysely<Database>, id: string): Promise<DashboardUser | undefined> {
  const r = await db.selectFrom('dashboard_users').selectAll().where('id', '=', id).executeTakeFirst();
  return r && toUser(r);
}

export async function dashboardUsersOf(db: Kysely<Database>, merchantId: string): Promise<DashboardUser[]> {
  const rows = await db
    .selectFrom('dashboard_users')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toUser);
}

export function dashboardRepo(db: Kysely<Database>, dialect: Dialect): DashboardRepo {
  return {
    insertUser: (u) => dashboardUserInsert(db, u),
    findUserByEmail: (email) => dashboardUserByEmail(db, email),
    findUser: (id) => dashboardUserById(db, id),
    listUsers: (merchantId) => dashboardUsersOf(db, merchantId),
    async markUserDeleted(id, at) {
      await db.updateTable('dashboard_users').set({ deleted_at: at }).where('id', '=', id).execute();
    },
    async insertSession(s) {
      await db
        .insertInto('dashboard_sessions')
        .values({
          token_hash: s.tokenHash,
          user_id: s.userId,
          csrf_hash: s.csrfHash,
          created_at: s.createdAt,
          last_seen_at: s.lastSeenAt,
          expires_at: s.expiresAt,
          revoked_at: s.revokedAt,
        })
        .execute();
    },
    async findSession(tokenHash) {
      const r = await db
        .selectFrom('dashboard_sessions')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return r && toSession(r);
    },
    async touchSession(tokenHash, at) {
      await db
        .updateTable('dashboard_sessions')
        .set({ last_seen_at: at })
        .where('token_hash', '=', tokenHash)
        .where('last_seen_at', '<', at)
        .execute();
    },
    async revokeSession(tokenHash, at) {
      await db
        .updateTable('dashboard_sessions')
        .set({ revoked_at: at })
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .execute();
    },
    async revokeSessionsOfUser(userId, at) {
      await db
        .updateTable('dashboard_sessions')
        .set({ revoked_at: at })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    },
    async insertLoginFailures(subjects, at, ids, forgetBefore) {
      if (subjects.length === 0) return;
      await db
        .deleteFrom('dashboard_login_failures')
        .where('subject', 'in', subjects)
        .where('at', '<=', forgetBefore)
        .execute();
      await db
        .insertInto('dashboard_login_failures')
        .values(subjects.map((subject, i) => ({ id: ids[i]!, subject, at })))
        .execute();
    },
    async countLoginFailures(subject, since) {
      const r = await db
        .selectFrom('dashboard_login_failures')
        .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.min('at').as('oldest')])
        .where('subject', '=', subject)
        .where('at', '>', since)
        .executeTakeFirst();
      return { count: Number(r?.count ?? 0), oldest: r?.oldest == null ? null : Number(r.oldest) };
    },
    async insertAudit(e) {
      await db
        .insertInto('dashboard_audit')
        .values({
          merchant_id: e.merchantId,
          user_id: e.userId,
          user_email: e.userEmail,
          action: e.action,
          target: e.target,
          detail: JSON.stringify(e.detail),
          at: e.at,
        })
        .execute();
    },
    async listAudit(merchantId, limit, before, action) {
      let q = db.selectFrom('dashboard_audit').selectAll().where('merchant_id', '=', merchantId);
      if (before !== undefined) q = q.where('id', '<', before);
      if (action !== undefined) q = q.where('action', '=', action);
      const rows = await q.orderBy('id', 'desc').limit(limit).execute();
      return rows.map(toAudit);
    },
    searchTransactions: (filter) => dashboardTransactionSearch(db, dialect, filter),
    overview: (query) => dashboardOverviewRows(db, query),
    timeline: (merchantId, orderId, sessionId) => dashboardTimeline(db, merchantId, orderId, sessionId),
    chain: (merchantId, rootId) => dashboardChain(db, merchantId, rootId),
    pendingApmPayments: (merchantId, limit, before) => dashboardPendingApm(db, merchantId, limit, before),
    setApiKeyLabel: (keyId, label) => apiKeyLabelSet(db, keyId, label),
  };
}

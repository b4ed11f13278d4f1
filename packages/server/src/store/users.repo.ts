import type { Kysely, Selectable } from 'kysely';
import type { UpoAdminRepo, User, UserDetails, UserRepo } from '../domain/users/ports.js';
import type { Database, UserTable } from './tables.js';

function toUser(r: Selectable<UserTable>): User {
  return {
    id: String(r.id),
    merchantId: r.merchant_id,
    siteId: r.site_id,
    userTokenId: r.user_token_id,
    details: JSON.parse(r.details) as UserDetails,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

const numericId = (id: string) => /^\d{1,15}$/.test(id);

/** Users of a site (migration 0010); a second createUser of the same userTokenId inserts nothing. */
export function userRepo(db: Kysely<Database>): UserRepo {
  return {
    async insert(u) {
      const row = await db
        .insertInto('users')
        .values({
          merchant_id: u.merchantId,
          site_id: u.siteId,
          user_token_id: u.userTokenId,
          details: JSON.stringify(u.details),
          created_at: u.createdAt,
          updated_at: u.updatedAt,
        })
        .onConflict((oc) => oc.columns(['site_id', 'user_token_id']).doNothing())
        .returningAll()
        .executeTakeFirst();
      return row ? toUser(row) : undefined;
    },
    async find(siteId, userTokenId) {
      const r = await db
        .selectFrom('users')
        .selectAll()
        .where('site_id', '=', siteId)
        .where('user_token_id', '=', userTokenId)
        .executeTakeFirst();
      return r ? toUser(r) : undefined;
    },
    async update(id, details, at) {
      await db
        .updateTable('users')
        .set({ details: JSON.stringify(details), updated_at: at })
        .where('id', '=', Number(id))
        .execute();
    },
  };
}

/** Suspension and edits of stored payment options (the `user_payment_options` rows of migration 0005). */
export function upoAdminRepo(db: Kysely<Database>): UpoAdminRepo {
  return {
    async suspendedAt(id) {
      if (!numericId(id)) return null;
      const r = await db
        .selectFrom('user_payment_options')
        .select('suspended_at')
        .where('id', '=', Number(id))
        .executeTakeFirst();
      return r?.suspended_at == null ? null : Number(r.suspended_at);
    },
    async suspended(ids) {
      const wanted = ids.filter(numericId).map(Number);
      if (wanted.length === 0) return new Set();
      const rows = await db
        .selectFrom('user_payment_options')
        .select('id')
        .where('id', 'in', wanted)
        .where('suspended_at', 'is not', null)
        .execute();
      return new Set(rows.map((r) => String(r.id)));
    },
    async setSuspended(id, at) {
      await db.updateTable('user_payment_options').set({ suspended_at: at }).where('id', '=', Number(id)).execute();
    },
    async editCard(id, f) {
      await db
        .updateTable('user_payment_options')
        .set({ exp_month: f.expMonth, exp_year: f.expYear, holder_name: f.holderName })
        .where('id', '=', Number(id))
        .execute();
    },
    async editApm(id, apmData) {
      await db
        .updateTable('user_payment_options')
        .set({ apm_data: JSON.stringify(apmData) })
        .where('id', '=', Number(id))
        .execute();
    },
  };
}

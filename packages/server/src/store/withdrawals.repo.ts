import { type Kysely, type Selectable, sql } from 'kysely';
import type { Minor } from '../lib/money.js';
import type { WithdrawalRepo } from '../domain/withdrawals/ports.js';
import type { Withdrawal, WithdrawalStatus } from '../domain/withdrawals/withdrawal.types.js';
import type { Database, WithdrawalRequestTable } from './tables.js';

const json = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

function toWithdrawal(r: Selectable<WithdrawalRequestTable>): Withdrawal {
  return {
    id: String(r.id),
    merchantId: r.merchant_id,
    siteId: r.site_id,
    userTokenId: r.user_token_id,
    userId: r.user_id,
    userAccountId: r.user_account_id,
    merchantWDRequestId: r.merchant_wd_request_id,
    merchantUniqueId: r.merchant_unique_id,
    upoId: String(r.upo_id),
    amount: Number(r.amount_minor) as Minor,
    currency: r.currency,
    approvedAmount: r.approved_amount_minor === null ? null : (Number(r.approved_amount_minor) as Minor),
    status: r.status as WithdrawalStatus,
    payoutTransactionId: r.payout_transaction_id === null ? null : String(r.payout_transaction_id),
    userDetails: json(r.user_details),
    customFields: json(r.custom_fields),
    notificationUrl: r.notification_url,
    operatorName: r.operator_name,
    comment: r.comment,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

/** Withdrawal requests and the per-user open counters (migration 0007); one code path for both stores. */
export function withdrawalRepo(db: Kysely<Database>): WithdrawalRepo {
  const find = async (id: string) => {
    if (!/^\d{1,15}$/.test(id)) return undefined;
    const r = await db.selectFrom('withdrawal_requests').selectAll().where('id', '=', Number(id)).executeTakeFirst();
    return r && toWithdrawal(r);
  };
  return {
    async insert(w) {
      const row = await db
        .insertInto('withdrawal_requests')
        .values({
          merchant_id: w.merchantId,
          site_id: w.siteId,
          user_token_id: w.userTokenId,
          user_id: w.userId,
          user_account_id: w.userAccountId,
          merchant_wd_request_id: w.merchantWDRequestId,
          merchant_unique_id: w.merchantUniqueId,
          upo_id: Number(w.upoId),
          amount_minor: w.amount,
          currency: w.currency,
          approved_amount_minor: w.approvedAmount,
          status: w.status,
          payout_transaction_id: w.payoutTransactionId === null ? null : Number(w.payoutTransactionId),
          user_details: w.userDetails === null ? null : JSON.stringify(w.userDetails),
          custom_fields: w.customFields === null ? null : JSON.stringify(w.customFields),
          notification_url: w.notificationUrl,
          operator_name: w.operatorName,
          comment: w.comment,
          created_at: w.createdAt,
          updated_at: w.createdAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toWithdrawal(row);
    },
    find,
    async list(filter) {
      let q = db.selectFrom('withdrawal_requests');
      if (filter.siteId !== undefined) q = q.where('site_id', '=', filter.siteId);
      if (filter.merchantId !== undefined) q = q.where('merchant_id', '=', filter.merchantId);
      if (filter.before !== undefined) q = q.where('id', '<', Number(filter.before));
      if (filter.userTokenId !== undefined) q = q.where('user_token_id', '=', filter.userTokenId);
      if (filter.statuses !== undefined) {
        if (filter.statuses.length === 0) return { rows: [], total: 0 };
        q = q.where('status', 'in', [...filter.statuses]);
      }
      const count = await q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
      const rows = await q.selectAll().orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute();
      return { rows: rows.map(toWithdrawal), total: Number(count.n) };
    },
    async move(id, from, to, changes, at) {
      const res = await db
        .updateTable('withdrawal_requests')
        .set({
          status: to,
          updated_at: at,
          ...(changes.approvedAmount !== undefined ? { approved_amount_minor: changes.approvedAmount } : {}),
          ...(changes.payoutTransactionId !== undefined
            ? { payout_transaction_id: Number(changes.payoutTransactionId) }
            : {}),
          ...(changes.operatorName !== undefined ? { operator_name: changes.operatorName } : {}),
          ...(changes.comment !== undefined ? { comment: changes.comment } : {}),
        })
        .where('id', '=', Number(id))
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    async takeOpenSlot(siteId, userTokenId, limit, at) {
      await db
        .insertInto('withdrawal_users')
        .values({ site_id: siteId, user_token_id: userTokenId, open_count: 0, updated_at: at })
        .onConflict((oc) => oc.columns(['site_id', 'user_token_id']).doNothing())
        .execute();
      // The conditional increment is the guard against concurrent submissions (a row lock on PostgreSQL).
      let q = db
        .updateTable('withdrawal_users')
        .set({ open_count: sql`open_count + 1`, updated_at: at })
        .where('site_id', '=', siteId)
        .where('user_token_id', '=', userTokenId);
      if (limit !== undefined) q = q.where('open_count', '<', limit);
      const res = await q.executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    async releaseOpenSlot(siteId, userTokenId, at) {
      await db
        .updateTable('withdrawal_users')
        .set({ open_count: sql`open_count - 1`, updated_at: at })
        .where('site_id', '=', siteId)
        .where('user_token_id', '=', userTokenId)
        .where('open_count', '>', 0)
        .execute();
    },
  };
}

import type { Kysely, Selectable } from 'kysely';
import type { Minor } from '../lib/money.js';
import type { WithdrawalOrderRepo } from '../domain/withdrawals/ports.js';
import type { SettlementType, WithdrawalOrder, WithdrawalOrderStatus } from '../domain/withdrawals/order.types.js';
import type { Database, WithdrawalOrderTable } from './tables.js';

function toOrder(r: Selectable<WithdrawalOrderTable>): WithdrawalOrder {
  return {
    id: String(r.id),
    merchantId: r.merchant_id,
    siteId: r.site_id,
    wdRequestId: String(r.wd_request_id),
    userTokenId: r.user_token_id,
    upoId: String(r.upo_id),
    amount: Number(r.amount_minor) as Minor,
    currency: r.currency,
    settlementType: Number(r.settlement_type) as SettlementType,
    status: r.status as WithdrawalOrderStatus,
    payoutTransactionId: r.payout_transaction_id === null ? null : String(r.payout_transaction_id),
    executionTime: r.execution_time,
    comment: r.comment,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

/** Withdrawal orders and net-deposit movements (migration 0015); one code path for both stores. */
export function withdrawalOrderRepo(db: Kysely<Database>): WithdrawalOrderRepo {
  return {
    async insert(o) {
      const row = await db
        .insertInto('withdrawal_orders')
        .values({
          merchant_id: o.merchantId,
          site_id: o.siteId,
          wd_request_id: Number(o.wdRequestId),
          user_token_id: o.userTokenId,
          upo_id: Number(o.upoId),
          amount_minor: o.amount,
          currency: o.currency,
          settlement_type: o.settlementType,
          status: o.status,
          payout_transaction_id: null,
          execution_time: null,
          comment: null,
          created_at: o.createdAt,
          updated_at: o.createdAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toOrder(row);
    },
    async find(id) {
      if (!/^\d{1,15}$/.test(id)) return undefined;
      const r = await db.selectFrom('withdrawal_orders').selectAll().where('id', '=', Number(id)).executeTakeFirst();
      return r && toOrder(r);
    },
    async ofRequest(wdRequestId) {
      const rows = await db
        .selectFrom('withdrawal_orders')
        .selectAll()
        .where('wd_request_id', '=', Number(wdRequestId))
        .orderBy('id', 'asc')
        .execute();
      return rows.map(toOrder);
    },
    async list(siteId, merchantUniqueId) {
      let q = db
        .selectFrom('withdrawal_orders')
        .selectAll('withdrawal_orders')
        .where('withdrawal_orders.site_id', '=', siteId);
      if (merchantUniqueId !== undefined) {
        q = q
          .innerJoin('withdrawal_requests', 'withdrawal_requests.id', 'withdrawal_orders.wd_request_id')
          .where('withdrawal_requests.merchant_unique_id', '=', merchantUniqueId);
      }
      const rows = await q.orderBy('withdrawal_orders.id', 'desc').execute();
      return rows.map(toOrder);
    },
    async move(id, from, to, changes, at) {
      const res = await db
        .updateTable('withdrawal_orders')
        .set({
          status: to,
          updated_at: at,
          ...(changes.payoutTransactionId !== undefined
            ? { payout_transaction_id: Number(changes.payoutTransactionId) }
            : {}),
          ...(changes.executionTime !== undefined ? { execution_time: changes.executionTime } : {}),
          ...(changes.comment !== undefined ? { comment: changes.comment } : {}),
        })
        .where('id', '=', Number(id))
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    async addMovement(m) {
      await db
        .insertInto('net_deposit_movements')
        .values({
          site_id: m.siteId,
          user_token_id: m.userTokenId,
          upo_id: Number(m.upoId),
          currency: m.currency,
          amount_minor: m.amount,
          movement_type: m.movementType,
          created_at: m.createdAt,
        })
        .execute();
    },
    async movementsTotal(siteId, userTokenId, upoId, currency) {
      const r = await db
        .selectFrom('net_deposit_movements')
        .select((eb) => eb.fn.sum<number | string | null>('amount_minor').as('total'))
        .where('site_id', '=', siteId)
        .where('user_token_id', '=', userTokenId)
        .where('upo_id', '=', Number(upoId))
        .where('currency', '=', currency)
        .executeTakeFirst();
      return Number(r?.total ?? 0) as Minor;
    },
    async cardMovements(siteId, userTokenId, cardVaultId, currency) {
      const rows = await db
        .selectFrom('transactions')
        .select(['id', 'type', 'amount_minor', 'refunded_minor', 'currency', 'created_at'])
        .where('site_id', '=', siteId)
        .where('user_token_id', '=', userTokenId)
        .where('card_vault_id', '=', cardVaultId)
        .where('currency', '=', currency)
        .where('status', '=', 'approved')
        .where('type', 'in', ['Sale', 'Settle', 'Payout'])
        .orderBy('id', 'asc')
        .execute();
      let payouts = 0;
      const deposits = [];
      for (const r of rows) {
        if (r.type === 'Payout') payouts += Number(r.amount_minor);
        else
          deposits.push({
            transactionId: String(r.id),
            type: r.type,
            amount: Number(r.amount_minor) as Minor,
            refunded: Number(r.refunded_minor) as Minor,
            currency: r.currency,
            createdAt: Number(r.created_at),
          });
      }
      return { deposits, payouts: payouts as Minor };
    },
  };
}

import type { Kysely, Selectable } from 'kysely';
import type {
  ChargeStatus,
  Period,
  Subscription,
  SubscriptionCharge,
  SubscriptionRepo,
  SubscriptionStatus,
} from '../domain/rebilling/ports.js';
import type { Database } from './tables.js';
import type { SubscriptionChargeTable, SubscriptionTable } from './subscriptions.table.js';

const numericId = (id: string) => /^\d{1,15}$/.test(id);

function toSubscription(r: Selectable<SubscriptionTable>): Subscription {
  return {
    id: String(r.id),
    merchantId: r.merchant_id,
    siteId: r.site_id,
    planId: r.plan_id,
    userTokenId: r.user_token_id,
    userPaymentOptionId: r.upo_id,
    status: r.status as SubscriptionStatus,
    currency: r.currency,
    initialAmount: Number(r.initial_amount_minor),
    recurringAmount: Number(r.recurring_amount_minor),
    recurringPeriod: JSON.parse(r.recurring_period) as Period,
    startAt: Number(r.start_at),
    endAt: Number(r.end_at),
    nextCycle: Number(r.next_cycle),
    nextAttempt: Number(r.next_attempt),
    nextChargeAt: r.next_charge_at === null ? null : Number(r.next_charge_at),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

function toCharge(r: Selectable<SubscriptionChargeTable>): SubscriptionCharge {
  return {
    subscriptionId: String(r.subscription_id),
    cycle: Number(r.cycle),
    attempt: Number(r.attempt),
    amount: Number(r.amount_minor),
    currency: r.currency,
    status: r.status as ChargeStatus,
    transactionId: r.transaction_id,
    reason: r.reason,
    dueAt: Number(r.due_at),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

const columns = (s: Omit<Subscription, 'id'>) => ({
  merchant_id: s.merchantId,
  site_id: s.siteId,
  plan_id: s.planId,
  user_token_id: s.userTokenId,
  upo_id: s.userPaymentOptionId,
  status: s.status,
  currency: s.currency,
  initial_amount_minor: s.initialAmount,
  recurring_amount_minor: s.recurringAmount,
  recurring_period: JSON.stringify(s.recurringPeriod),
  start_at: s.startAt,
  end_at: s.endAt,
  next_cycle: s.nextCycle,
  next_attempt: s.nextAttempt,
  next_charge_at: s.nextChargeAt,
  created_at: s.createdAt,
  updated_at: s.updatedAt,
});

/** Subscriptions and their charged cycles (migration 0014). */
export function subscriptionRepo(db: Kysely<Database>): SubscriptionRepo {
  return {
    async insert(s) {
      return toSubscription(
        await db.insertInto('subscriptions').values(columns(s)).returningAll().executeTakeFirstOrThrow(),
      );
    },
    async find(id) {
      if (!numericId(id)) return undefined;
      const r = await db.selectFrom('subscriptions').selectAll().where('id', '=', Number(id)).executeTakeFirst();
      return r ? toSubscription(r) : undefined;
    },
    async update(s) {
      await db.updateTable('subscriptions').set(columns(s)).where('id', '=', Number(s.id)).execute();
    },
    async list(siteId, f) {
      let q = db.selectFrom('subscriptions').selectAll().where('site_id', '=', siteId);
      if (f.userTokenId !== undefined) q = q.where('user_token_id', '=', f.userTokenId);
      if (f.status !== undefined) q = q.where('status', '=', f.status);
      if (f.planIds?.length) q = q.where('plan_id', 'in', [...f.planIds]);
      if (f.subscriptionIds) {
        const ids = f.subscriptionIds.filter(numericId).map(Number);
        if (f.subscriptionIds.length && !ids.length) return [];
        if (ids.length) q = q.where('id', 'in', ids);
      }
      return (await q.orderBy('id').execute()).map(toSubscription);
    },
    async due(at, limit, merchantId) {
      let q = db
        .selectFrom('subscriptions')
        .selectAll()
        .where('status', '=', 'ACTIVE')
        .where('next_charge_at', '<=', at);
      if (merchantId !== undefined) q = q.where('merchant_id', '=', merchantId);
      return (await q.orderBy('next_charge_at').orderBy('id').limit(limit).execute()).map(toSubscription);
    },
    async claimCharge(c) {
      if (c.attempt === 1) {
        const row = await db
          .insertInto('subscription_charges')
          .values({
            subscription_id: Number(c.subscriptionId),
            cycle: c.cycle,
            attempt: 1,
            amount_minor: c.amount,
            currency: c.currency,
            status: 'pending',
            transaction_id: null,
            reason: null,
            due_at: c.dueAt,
            created_at: c.createdAt,
            updated_at: c.createdAt,
          })
          .onConflict((oc) => oc.columns(['subscription_id', 'cycle']).doNothing())
          .returning('id')
          .executeTakeFirst();
        return row !== undefined;
      }
      // a retry: only the run that finds the previous attempt failed moves the row on
      const res = await db
        .updateTable('subscription_charges')
        .set({
          attempt: c.attempt,
          status: 'pending',
          transaction_id: null,
          reason: null,
          due_at: c.dueAt,
          updated_at: c.createdAt,
        })
        .where('subscription_id', '=', Number(c.subscriptionId))
        .where('cycle', '=', c.cycle)
        .where('attempt', '=', c.attempt - 1)
        .where('status', 'in', ['declined', 'error'])
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },
    async recordCharge(subscriptionId, cycle, set) {
      await db
        .updateTable('subscription_charges')
        .set({ status: set.status, transaction_id: set.transactionId, reason: set.reason, updated_at: set.at })
        .where('subscription_id', '=', Number(subscriptionId))
        .where('cycle', '=', cycle)
        .execute();
    },
    async charges(subscriptionId) {
      if (!numericId(subscriptionId)) return [];
      const rows = await db
        .selectFrom('subscription_charges')
        .selectAll()
        .where('subscription_id', '=', Number(subscriptionId))
        .orderBy('cycle')
        .execute();
      return rows.map(toCharge);
    },
    async stalePending(before, limit) {
      const rows = await db
        .selectFrom('subscription_charges')
        .selectAll()
        .where('status', '=', 'pending')
        .where('updated_at', '<', before)
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map(toCharge);
    },
  };
}

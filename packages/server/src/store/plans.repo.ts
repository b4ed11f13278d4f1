import type { Kysely, Selectable } from 'kysely';
import type { Period, Plan, PlanRepo, PlanStatus } from '../domain/rebilling/ports.js';
import type { Database, PlanTable } from './tables.js';

function toPlan(r: Selectable<PlanTable>): Plan {
  return {
    id: String(r.id),
    merchantId: r.merchant_id,
    siteId: r.site_id,
    name: r.name,
    description: r.description,
    status: r.status as PlanStatus,
    currency: r.currency,
    initialAmount: Number(r.initial_amount_minor),
    recurringAmount: Number(r.recurring_amount_minor),
    startAfter: JSON.parse(r.start_after) as Period,
    recurringPeriod: JSON.parse(r.recurring_period) as Period,
    endAfter: JSON.parse(r.end_after) as Period,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

const columns = (p: Omit<Plan, 'id'>) => ({
  merchant_id: p.merchantId,
  site_id: p.siteId,
  name: p.name,
  description: p.description,
  status: p.status,
  currency: p.currency,
  initial_amount_minor: p.initialAmount,
  recurring_amount_minor: p.recurringAmount,
  start_after: JSON.stringify(p.startAfter),
  recurring_period: JSON.stringify(p.recurringPeriod),
  end_after: JSON.stringify(p.endAfter),
  created_at: p.createdAt,
  updated_at: p.updatedAt,
});

/** Rebilling plans of a site (migration 0010). */
export function planRepo(db: Kysely<Database>): PlanRepo {
  return {
    async insert(p) {
      return toPlan(await db.insertInto('plans').values(columns(p)).returningAll().executeTakeFirstOrThrow());
    },
    async find(id) {
      if (!/^\d{1,15}$/.test(id)) return undefined;
      const r = await db.selectFrom('plans').selectAll().where('id', '=', Number(id)).executeTakeFirst();
      return r ? toPlan(r) : undefined;
    },
    async update(p) {
      await db.updateTable('plans').set(columns(p)).where('id', '=', Number(p.id)).execute();
    },
    async list(siteId) {
      const rows = await db.selectFrom('plans').selectAll().where('site_id', '=', siteId).orderBy('id').execute();
      return rows.map(toPlan);
    },
  };
}

import { formatDecimal } from '../../lib/money.js';
import { Invalid } from '../errors.js';
import type { DomainDeps } from '../ports.js';
import { checkCurrency, toMinor } from '../sessions/session.pricing.js';
import type { SessionContext } from '../sessions/session.types.js';
import type { Period, Plan, PlanStatus } from './ports.js';

/**
 * Rebilling plans of a site (docs/session-methods.md, docs/decisions/0122): a name, an
 * initial and a recurring amount in one currency, when the first charge falls (startAfter, all zero:
 * at once), how often it repeats (recurringPeriod) and when it ends (endAfter). A plan of another
 * site is unknown to the caller (errCode 1000, `Invalid planId`), and is left as it was.
 */

export interface PlanFields {
  name?: string;
  description?: string;
  planStatus?: PlanStatus;
  currency?: string;
  initialAmount?: string;
  recurringAmount?: string;
  startAfter?: Period;
  recurringPeriod?: Period;
  endAfter?: Period;
}

const ZERO: Period = { day: '0', month: '0', year: '0' };
const MONTHLY: Period = { day: '0', month: '1', year: '0' };

/** Amount fields refused with 1040, as every amount of the session interface. */
function minorOf(text: string, currency: string, field: string): number {
  try {
    return toMinor(text, currency, field);
  } catch (err) {
    if (err instanceof Invalid) throw new Invalid(err.field, err.rule, 'amount');
    throw err;
  }
}

const periodDays = (p: Period) => Number(p.day) + Number(p.month) * 30 + Number(p.year) * 365;

export async function createPlan(
  deps: DomainDeps,
  ctx: SessionContext,
  f: PlanFields & { name: string; currency: string; recurringAmount: string; endAfter: Period },
): Promise<Plan> {
  const currency = checkCurrency(f.currency, 'currency');
  const recurringPeriod = f.recurringPeriod ?? MONTHLY;
  if (periodDays(recurringPeriod) === 0) throw new Invalid('recurringPeriod', 'must not be all zero');
  const now = deps.clock.now();
  return deps.storage.write((repos) =>
    repos.plans.insert({
      merchantId: ctx.merchantId,
      siteId: ctx.siteId,
      name: f.name,
      description: f.description ?? null,
      status: f.planStatus ?? 'ACTIVE',
      currency,
      // the PHP SDK copies recurringAmount when initialAmount is absent
      initialAmount: minorOf(f.initialAmount ?? f.recurringAmount, currency, 'initialAmount'),
      recurringAmount: minorOf(f.recurringAmount, currency, 'recurringAmount'),
      startAfter: f.startAfter ?? ZERO,
      recurringPeriod,
      endAfter: f.endAfter,
      createdAt: now,
      updatedAt: now,
    }),
  );
}

export async function findPlan(deps: DomainDeps, ctx: SessionContext, planId: string): Promise<Plan> {
  const plan = await deps.storage.read.plans.find(planId);
  if (!plan || plan.siteId !== ctx.siteId) throw new Invalid('planId', 'is not a plan of this site', 'reference');
  return plan;
}

export async function editPlan(deps: DomainDeps, ctx: SessionContext, planId: string, f: PlanFields): Promise<Plan> {
  return deps.storage.write(async (repos) => {
    const plan = await repos.plans.find(planId);
    if (!plan || plan.siteId !== ctx.siteId) throw new Invalid('planId', 'is not a plan of this site', 'reference');
    const currency = f.currency === undefined ? plan.currency : checkCurrency(f.currency, 'currency');
    const next: Plan = {
      ...plan,
      name: f.name ?? plan.name,
      description: f.description ?? plan.description,
      status: f.planStatus ?? plan.status,
      currency,
      initialAmount:
        f.initialAmount === undefined ? plan.initialAmount : minorOf(f.initialAmount, currency, 'initialAmount'),
      recurringAmount:
        f.recurringAmount === undefined
          ? plan.recurringAmount
          : minorOf(f.recurringAmount, currency, 'recurringAmount'),
      startAfter: f.startAfter ?? plan.startAfter,
      recurringPeriod: f.recurringPeriod ?? plan.recurringPeriod,
      endAfter: f.endAfter ?? plan.endAfter,
      updatedAt: deps.clock.now(),
    };
    if (periodDays(next.recurringPeriod) === 0) throw new Invalid('recurringPeriod', 'must not be all zero');
    await repos.plans.update(next);
    return next;
  });
}

export async function listPlans(deps: DomainDeps, ctx: SessionContext): Promise<Plan[]> {
  return deps.storage.read.plans.list(ctx.siteId);
}

/** A plan as getPlansList shows it (amounts as decimal strings). */
export function planFields(p: Plan): Record<string, unknown> {
  return {
    planId: p.id,
    name: p.name,
    description: p.description ?? '',
    planStatus: p.status,
    currency: p.currency,
    initialAmount: formatDecimal(p.initialAmount, p.currency),
    recurringAmount: formatDecimal(p.recurringAmount, p.currency),
    startAfter: p.startAfter,
    recurringPeriod: p.recurringPeriod,
    endAfter: p.endAfter,
  };
}

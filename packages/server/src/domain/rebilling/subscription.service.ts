import { formatDecimal } from '../../lib/money.js';
import { Invalid } from '../errors.js';
import { cardOfUpo } from '../payment-methods/upos.service.js';
import type { CardInput } from '../payments/acquirer.port.js';
import type { DomainDeps } from '../ports.js';
import { checkCurrency, toMinor } from '../sessions/session.pricing.js';
import type { SessionContext } from '../sessions/session.types.js';
import { findUser } from '../users/user.service.js';
import { findPlan } from './plan.service.js';
import type { Period, Subscription, SubscriptionFilter } from './ports.js';
import { addPeriod, cancelled, firstSchedule, isZeroPeriod } from './subscription.machine.js';

/**
 * Subscriptions (docs/session-methods.md, docs/decisions/0124): a user of the caller's site
 * subscribes one of its card UPOs to an ACTIVE plan of the site. Amounts and currency come from the
 * plan unless the request sends its own; the plan's startAfter and recurringPeriod set the schedule,
 * the request's endAfter its end. Another site's plan (1000), user (1010) or UPO (1011) is refused
 * and nothing is written; a suspended or deleted UPO cannot be subscribed (1011).
 */

export interface SubscriptionFields {
  planId: string;
  userTokenId: string;
  userPaymentOptionId: string;
  endAfter: Period;
  initialAmount?: string;
  recurringAmount?: string;
  currency?: string;
}

export interface SubscriptionEdit {
  userPaymentOptionId?: string;
  recurringAmount?: string;
  currency?: string;
}

/** Amount fields are 1040, as every amount of the session interface; a recurring amount must not be 0. */
function minorOf(text: string, currency: string, field: string, positive = false): number {
  const minor = toMinor(text, currency, field, 'amount');
  if (positive && minor === 0) throw new Invalid(field, 'must be more than 0', 'amount');
  return minor;
}

/**
 * The card of a UPO a subscription may charge: a live, enabled card UPO of this user on this site,
 * else 1011 naming `userPaymentOptionId`.
 */
export async function subscribableCard(
  deps: DomainDeps,
  owner: { siteId: string; userTokenId: string },
  userPaymentOptionId: string,
): Promise<CardInput> {
  try {
    const card = await cardOfUpo(deps, { userPaymentOptionId }, owner);
    if (!card) throw new Invalid('userPaymentOptionId', 'is not a payment option of this user', 'stored_option');
    return card;
  } catch (err) {
    if (err instanceof Invalid && err.subject === 'stored_option') {
      throw new Invalid('userPaymentOptionId', err.rule, 'stored_option');
    }
    throw err;
  }
}

export async function createSubscription(
  deps: DomainDeps,
  ctx: SessionContext,
  f: SubscriptionFields,
): Promise<Subscription> {
  await findUser(deps, ctx, f.userTokenId);
  const plan = await findPlan(deps, ctx, f.planId);
  if (plan.status !== 'ACTIVE') throw new Invalid('planId', 'is not an ACTIVE plan', 'reference');
  await subscribableCard(deps, { siteId: ctx.siteId, userTokenId: f.userTokenId }, f.userPaymentOptionId);
  if (isZeroPeriod(f.endAfter)) throw new Invalid('endAfter', 'must not be all zero');
  const currency = f.currency === undefined ? plan.currency : checkCurrency(f.currency, 'currency');
  if (currency !== plan.currency && f.recurringAmount === undefined) {
    throw new Invalid('recurringAmount', "must be sent with a currency other than the plan's", 'amount');
  }
  const recurringAmount =
    f.recurringAmount === undefined
      ? plan.recurringAmount
      : minorOf(f.recurringAmount, currency, 'recurringAmount', true);
  if (recurringAmount === 0) throw new Invalid('recurringAmount', 'must be more than 0', 'amount');
  const initialAmount =
    f.initialAmount !== undefined
      ? minorOf(f.initialAmount, currency, 'initialAmount')
      : currency === plan.currency
        ? plan.initialAmount
        : recurringAmount;
  const now = deps.clock.now();
  const startAt = addPeriod(now, plan.startAfter);
  const timing = {
    startAt,
    endAt: addPeriod(startAt, f.endAfter),
    recurringPeriod: plan.recurringPeriod,
    initialAmount,
  };
  return deps.storage.write((repos) =>
    repos.subscriptions.insert({
      merchantId: ctx.merchantId,
      siteId: ctx.siteId,
      planId: plan.id,
      userTokenId: f.userTokenId,
      userPaymentOptionId: f.userPaymentOptionId,
      currency,
      recurringAmount,
      ...timing,
      ...firstSchedule(timing),
      createdAt: now,
      updatedAt: now,
    }),
  );
}

/** A subscription of the caller's site, else 1000 naming subscriptionId (another site's is unknown). */
async function ownSubscription(
  find: (id: string) => Promise<Subscription | undefined>,
  ctx: SessionContext,
  id: string,
): Promise<Subscription> {
  const s = await find(id);
  if (!s || s.siteId !== ctx.siteId)
    throw new Invalid('subscriptionId', 'is not a subscription of this site', 'reference');
  return s;
}

/** editSubscription: another card UPO of the same user, or the recurring amount (and currency) of later cycles. */
export async function editSubscription(
  deps: DomainDeps,
  ctx: SessionContext,
  id: string,
  e: SubscriptionEdit,
): Promise<Subscription> {
  const current = await ownSubscription((x) => deps.storage.read.subscriptions.find(x), ctx, id);
  if (e.userPaymentOptionId !== undefined) {
    await subscribableCard(deps, { siteId: ctx.siteId, userTokenId: current.userTokenId }, e.userPaymentOptionId);
  }
  const currency = e.currency === undefined ? current.currency : checkCurrency(e.currency, 'currency');
  if (currency !== current.currency && e.recurringAmount === undefined) {
    throw new Invalid('recurringAmount', 'must be sent with a new currency', 'amount');
  }
  const recurringAmount =
    e.recurringAmount === undefined ? undefined : minorOf(e.recurringAmount, currency, 'recurringAmount', true);
  return deps.storage.write(async (repos) => {
    const s = await ownSubscription((x) => repos.subscriptions.find(x), ctx, id);
    if (s.status !== 'ACTIVE') throw new Invalid('subscriptionId', `is ${s.status}, not ACTIVE`, 'reference');
    const next: Subscription = {
      ...s,
      userPaymentOptionId: e.userPaymentOptionId ?? s.userPaymentOptionId,
      currency,
      recurringAmount: recurringAmount ?? s.recurringAmount,
      updatedAt: deps.clock.now(),
    };
    await repos.subscriptions.update(next);
    return next;
  });
}

export async function cancelSubscription(deps: DomainDeps, ctx: SessionContext, id: string): Promise<Subscription> {
  return deps.storage.write(async (repos) => {
    const s = await ownSubscription((x) => repos.subscriptions.find(x), ctx, id);
    const next: Subscription = { ...s, ...cancelled(s), updatedAt: deps.clock.now() };
    await repos.subscriptions.update(next);
    return next;
  });
}

export async function listSubscriptions(
  deps: DomainDeps,
  ctx: SessionContext,
  filter: SubscriptionFilter,
): Promise<Subscription[]> {
  return deps.storage.read.subscriptions.list(ctx.siteId, filter);
}

const isoOf = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString());

/** A subscription as getSubscriptionsList shows it (amounts as decimal strings, instants ISO 8601 UTC). */
export function subscriptionFields(s: Subscription): Record<string, unknown> {
  return {
    subscriptionId: s.id,
    planId: s.planId,
    userTokenId: s.userTokenId,
    userPaymentOptionId: s.userPaymentOptionId,
    subscriptionStatus: s.status,
    currency: s.currency,
    initialAmount: formatDecimal(s.initialAmount, s.currency),
    recurringAmount: formatDecimal(s.recurringAmount, s.currency),
    recurringPeriod: s.recurringPeriod,
    startDate: isoOf(s.startAt),
    endDate: isoOf(s.endAt),
    nextChargeDate: isoOf(s.nextChargeAt),
  };
}

import { Invalid } from '../errors.js';
import type { Delivery } from '../notifications/notification.types.js';
import type { DomainDeps } from '../ports.js';
import { type MadeObject, type NextAction, Steps, type TriggerContext } from './scenario-steps.js';

export { type MadeObject, TRIGGER_CARDS, type TriggerContext } from './scenario-steps.js';

/**
 * Sandbox triggers (docs/sandbox.md, docs/decisions/0930): each scenario makes real objects through the
 * operations the APIs use (orders, card and APM payments, settle/refund/void, payouts, withdrawal
 * requests and orders, rebilling charges, account owners' KYC moves), so the outbox sends the real
 * webhooks, DMNs and e-mails. Nothing here writes a notification itself.
 */

export interface ScenarioResult {
  scenario: ScenarioName;
  made: MadeObject[];
  /** the notifications the scenario's operations queued in the outbox (delivered by the relay) */
  notifications: Delivery[];
  /** what a person does next, when the scenario leaves something waiting (the 3-D Secure challenge) */
  next?: NextAction;
}

interface Scenario {
  summary: string;
  run(s: Steps): Promise<{ next?: ScenarioResult['next'] }>;
}

/** The scenarios, by name, in the order `gatehouse trigger --list` shows them. */
export const SCENARIOS = {
  approved: {
    summary: 'An order paid by an approved card Sale (webhook transaction.approved and DMN APPROVED).',
    run: async (s) => (await s.cardSale('approved'), {}),
  },
  declined: {
    summary: 'An order whose card Sale is declined (Decline, 57): webhook transaction.declined and DMN DECLINED.',
    run: async (s) => (await s.cardSale('declined'), {}),
  },
  '3ds-challenge': {
    summary:
      'An order paid by a 3-D Secure card: InitAuth3D, then the Sale left waiting at the challenge. Open the challenge URL it prints, complete or fail it there, then send the payment again with relatedTransactionId (docs/sandbox.md).',
    run: (s) => s.challenge(),
  },
  settle: {
    summary: 'An approved card Auth of an order, then settled in full.',
    run: async (s) => {
      const auth = await s.cardSale('approved', 'Auth');
      await s.followUp('Settle', auth);
      return {};
    },
  },
  refund: {
    summary: 'An approved card Sale of an order, then refunded in full.',
    run: async (s) => {
      const sale = await s.cardSale('approved');
      await s.followUp('Refund', sale);
      return {};
    },
  },
  void: {
    summary: 'An approved card Auth of an order, then voided.',
    run: async (s) => {
      const auth = await s.cardSale('approved', 'Auth');
      await s.followUp('Void', auth);
      return {};
    },
  },
  'partial-approval': {
    summary: 'An order of 10.00 paid with partial approval on by the Insufficient Funds card: approved for 5.00.',
    run: async (s) => (await s.cardSale('partial', 'Sale', true), {}),
  },
  'apm-pending-then-approved': {
    summary: 'An order paid by bank transfer (apmgw_BankTransfer): pending, then completed approved as the bank would.',
    run: async (s) => (await s.apmPendingThenApproved(), {}),
  },
  payout: {
    summary: 'A user with a stored card (UPO), paid out 10.00 to it.',
    run: async (s) => (await s.payout(), {}),
  },
  'withdrawal-requested': {
    summary: 'A user with a stored card asks to withdraw 10.00: a Pending withdrawal request (DMN).',
    run: async (s) => (await s.withdrawal('requested'), {}),
  },
  'withdrawal-approved': {
    summary: 'A withdrawal request approved: InProgress, with an Approved withdrawal order (DMNs).',
    run: async (s) => (await s.withdrawal('approved'), {}),
  },
  'withdrawal-settled': {
    summary: 'A withdrawal request approved and its order settled: paid out to the card, the request Approved (DMNs).',
    run: async (s) => (await s.withdrawal('settled'), {}),
  },
  'subscription-charged': {
    summary:
      'A plan, a user with a stored card and a subscription, whose first cycle is charged now: an approved rebilling Sale (DMN).',
    run: async (s) => (await s.subscription('approved'), {}),
  },
  'subscription-failed': {
    summary:
      "A subscription on a declining card: its first charge is declined (DMN DECLINED) and the cycle's retry is scheduled.",
    run: async (s) => (await s.subscription('declined'), {}),
  },
  'kyc-approved': {
    summary:
      'A platform account owner (seller) created, its KYC moved IN_PROGRESS then ACTIVE (signed webhooks and e-mails).',
    run: async (s) => (await s.kyc(['IN_PROGRESS', 'ACTIVE']), {}),
  },
  'kyc-rejected': {
    summary: 'A platform account owner created, its KYC moved IN_PROGRESS then REJECTED (signed webhooks and e-mails).',
    run: async (s) => (await s.kyc(['IN_PROGRESS', 'REJECTED']), {}),
  },
} satisfies Record<string, Scenario>;

export type ScenarioName = keyof typeof SCENARIOS;
export const SCENARIO_NAMES = Object.keys(SCENARIOS) as ScenarioName[];

export const isScenarioName = (name: string): name is ScenarioName => Object.hasOwn(SCENARIOS, name);

/** The delivery rows the listing before a scenario reads, at most: more than any merchant queues at once in a sandbox. */
const DELIVERY_WINDOW = 500;

/**
 * Runs one scenario for `ctx`'s site: the objects it made, in order, and the notifications those
 * operations queued. `baseUrl` is where a person reaches this gateway (the 3-D Secure challenge page).
 */
export async function runScenario(
  deps: DomainDeps,
  ctx: TriggerContext,
  name: string,
  options: { baseUrl: string },
): Promise<ScenarioResult> {
  if (!isScenarioName(name)) throw new Invalid('scenario', `must be one of ${SCENARIO_NAMES.join(', ')}`);
  const before = new Set(
    (await deps.storage.read.notifications.list({ merchantId: ctx.merchantId, limit: DELIVERY_WINDOW })).map(
      (d) => d.id,
    ),
  );
  const steps = new Steps(deps, ctx, options.baseUrl);
  const scenario: Scenario = SCENARIOS[name];
  const { next } = await scenario.run(steps);
  const after = await deps.storage.read.notifications.list({ merchantId: ctx.merchantId, limit: DELIVERY_WINDOW });
  // Queued by this scenario: new since it began, and of its transactions (or of none: a withdrawal's, a seller's)
  const notifications = after
    .filter((d) => !before.has(d.id) && (d.transactionId === null || steps.transactionIds.has(d.transactionId)))
    .reverse();
  return { scenario: name, made: steps.made, notifications, ...(next ? { next } : {}) };
}

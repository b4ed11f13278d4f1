import type { FastifyInstance } from 'fastify';
import {
  cancelSubscription,
  createSubscription,
  editSubscription,
  listSubscriptions,
  subscriptionFields,
} from '../../domain/rebilling/subscription.service.js';
import {
  CancelSubscriptionRequest,
  CreateSubscriptionRequest,
  EditSubscriptionRequest,
  ListSubscriptionsRequest,
  SubscriptionIdResponse,
  SubscriptionsListResponse,
} from '../../schemas/session/subscriptions.schema.js';
import { registerCatalogueMethod } from './catalogue.js';

/** createSubscription, editSubscription, cancelSubscription, getSubscriptionsList (docs/session-methods.md). */
export function registerSubscriptions(app: FastifyInstance): void {
  const deps = () => app.services.deps;
  registerCatalogueMethod(app, {
    name: 'createSubscription',
    summary: 'Subscribe a stored card to a plan',
    description:
      "Subscribes an enabled card UPO of a user of the caller's site to an ACTIVE plan of the site. The initial amount (skipped when 0) falls due when the plan's startAfter has passed, the recurring amount every recurringPeriod after it, until endAfter from the start; each charge is a Sale with isRebilling and its own DMN (see docs/rebilling.md). Another site's plan is 1000, user 1010, UPO 1011 (also a suspended or deleted UPO). Answers subscriptionId.",
    body: CreateSubscriptionRequest,
    response: SubscriptionIdResponse,
    async handle(ctx, b) {
      const s = await createSubscription(deps(), ctx, b);
      return { subscriptionId: s.id, subscriptionStatus: s.status };
    },
  });
  registerCatalogueMethod(app, {
    name: 'editSubscription',
    summary: 'Edit an active subscription',
    description:
      'Changes the UPO charged (another enabled card UPO of the same user) or the recurring amount of the cycles still to come (a new currency only with a recurringAmount). A subscription of another site is 1000 and stays as it was.',
    body: EditSubscriptionRequest,
    response: SubscriptionIdResponse,
    async handle(ctx, b) {
      const s = await editSubscription(deps(), ctx, b.subscriptionId, {
        ...(b.userPaymentOptionId !== undefined ? { userPaymentOptionId: b.userPaymentOptionId } : {}),
        ...(b.recurringAmount !== undefined ? { recurringAmount: b.recurringAmount } : {}),
        ...(b.currency !== undefined ? { currency: b.currency } : {}),
      });
      return { subscriptionId: s.id, subscriptionStatus: s.status };
    },
  });
  registerCatalogueMethod(app, {
    name: 'cancelSubscription',
    summary: 'Cancel a subscription',
    description:
      'An ACTIVE subscription becomes CANCELED and is charged no more (a charge already under way ends normally). Any other state is 1000; a subscription of another site is 1000 and stays as it was.',
    body: CancelSubscriptionRequest,
    response: SubscriptionIdResponse,
    async handle(ctx, b) {
      const s = await cancelSubscription(deps(), ctx, b.subscriptionId);
      return { subscriptionId: s.id, subscriptionStatus: s.status };
    },
  });
  registerCatalogueMethod(app, {
    name: 'getSubscriptionsList',
    summary: 'List subscriptions',
    description:
      "Answers total and subscriptions: the caller's site's subscriptions, oldest first, filtered by userTokenId, planIds, subscriptionIds and subscriptionStatus (ACTIVE, COMPLETED, CANCELED, FAILED) when sent.",
    body: ListSubscriptionsRequest,
    response: SubscriptionsListResponse,
    async handle(ctx, b) {
      const list = await listSubscriptions(deps(), ctx, {
        ...(b.userTokenId !== undefined ? { userTokenId: b.userTokenId } : {}),
        ...(b.planIds !== undefined ? { planIds: b.planIds } : {}),
        ...(b.subscriptionIds !== undefined ? { subscriptionIds: b.subscriptionIds } : {}),
        ...(b.subscriptionStatus !== undefined ? { status: b.subscriptionStatus } : {}),
      });
      return { total: list.length, subscriptions: list.map(subscriptionFields) };
    },
  });
}

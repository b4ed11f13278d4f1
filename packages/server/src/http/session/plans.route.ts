import type { FastifyInstance } from 'fastify';
import { createPlan, editPlan, listPlans, planFields } from '../../domain/rebilling/plan.service.js';
import {
  CreatePlanRequest,
  EditPlanRequest,
  ListPlansRequest,
  PlanIdResponse,
  PlansListResponse,
} from '../../schemas/session/rebilling.schema.js';
import { registerCatalogueMethod } from './catalogue.js';

/** createPlan, editPlan, getPlansList, getSubscriptionPlans (docs/session-methods.md). */
export function registerPlans(app: FastifyInstance): void {
  const deps = () => app.services.deps;
  registerCatalogueMethod(app, {
    name: 'createPlan',
    summary: 'Create a rebilling plan',
    description:
      "A plan of the caller's site: initialAmount (the recurringAmount when absent), recurringAmount, currency, startAfter (all zero: at once), recurringPeriod (monthly when absent), endAfter, planStatus ACTIVE (default) or INACTIVE. Answers planId.",
    body: CreatePlanRequest,
    response: PlanIdResponse,
    async handle(ctx, b) {
      return { planId: (await createPlan(deps(), ctx, b)).id };
    },
  });
  registerCatalogueMethod(app, {
    name: 'editPlan',
    summary: 'Edit a rebilling plan',
    description:
      "Changes the members it sends of a plan of the caller's site; a plan of another site is errCode 1000 and stays as it was. Subscriptions keep the amounts they were created with.",
    body: EditPlanRequest,
    response: PlanIdResponse,
    async handle(ctx, b) {
      const { planId, ...fields } = b;
      return { planId: (await editPlan(deps(), ctx, planId, fields)).id };
    },
  });
  for (const name of ['getPlansList', 'getSubscriptionPlans'] as const) {
    registerCatalogueMethod(app, {
      name,
      summary: name === 'getPlansList' ? 'List the rebilling plans' : 'List the plans subscriptions can use',
      description:
        name === 'getPlansList'
          ? "Answers total and plans: every plan of the caller's site, oldest first."
          : "Answers total and plans: the ACTIVE plans of the caller's site, oldest first.",
      body: ListPlansRequest,
      response: PlansListResponse,
      async handle(ctx) {
        const plans = (await listPlans(deps(), ctx)).filter((p) => name === 'getPlansList' || p.status === 'ACTIVE');
        return { total: plans.length, plans: plans.map(planFields) };
      },
    });
  }
}

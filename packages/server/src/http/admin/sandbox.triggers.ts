import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NotFound } from '../../domain/errors.js';
import { sandboxContextOf } from '../../domain/sandbox/sandbox-context.js';
import { runScenario, SCENARIO_NAMES, SCENARIOS, type ScenarioResult } from '../../domain/sandbox/scenarios.js';
import { AdminErrorResponse } from '../../schemas/admin/deliveries.schema.js';
import {
  SandboxSiteBody,
  ScenarioList,
  TriggerParams,
  TriggerResult,
} from '../../schemas/admin/sandbox-triggers.schema.js';
import { baseUrlOf } from '../three-d.view.js';
import { adminAuth } from './auth.js';

/**
 * The sandbox's triggers (docs/sandbox.md, docs/decisions/0930): `GET /admin/v1/sandbox/triggers` lists
 * the scenarios, `POST /admin/v1/sandbox/triggers/{scenario}` runs one through the real operations and
 * answers what it made and the notifications it queued. Registered in every mode; in production mode
 * they answer 404 with a reason that says why, as every sandbox-only move.
 */

/** Refuses a sandbox-only route in production mode (404 `5000.1040`, the reason naming the mode). */
export function sandboxOnly(app: FastifyInstance): void {
  if (app.services.config.GATEHOUSE_MODE !== 'sandbox') {
    throw new NotFound('site', 'Sandbox only: this gateway runs in production mode (GATEHOUSE_MODE=production)');
  }
}

/** The merchant a sandbox route acts for: the key's (its own sites only), or the site an operator names. */
export function sandboxCallerOf(app: FastifyInstance, request: FastifyRequest, siteId: string | undefined) {
  const by = request.adminOperator ? ({ operator: true } as const) : { key: request.adminCaller! };
  return sandboxContextOf(app.services.deps, by, siteId);
}

/** The answer of a trigger, on the wire (the API's and the CLI's `--json`). */
export function triggerResultToWire(r: ScenarioResult, ctx: { merchantId: string; siteId: string }): TriggerResult {
  return {
    scenario: r.scenario,
    merchantId: ctx.merchantId,
    merchantSiteId: ctx.siteId,
    made: r.made.map((m) => ({ kind: m.kind, id: m.id, status: m.status, ...(m.detail ? { detail: m.detail } : {}) })),
    notifications: r.notifications.map((d) => ({
      id: d.id,
      kind: d.kind,
      eventType: d.eventType,
      status: d.status,
      targetUrl: d.targetUrl,
      transactionId: d.transactionId,
    })),
    ...(r.next ? { next: r.next } : {}),
  };
}

export const scenarioList = (): ScenarioList => ({
  scenarios: SCENARIO_NAMES.map((name) => ({ name, summary: SCENARIOS[name].summary })),
});

export function registerSandboxTriggers(app: FastifyInstance): void {
  app.get(
    '/admin/v1/sandbox/triggers',
    {
      onRequest: adminAuth(app),
      schema: {
        summary: 'List the sandbox trigger scenarios',
        description:
          'The scenarios `POST /admin/v1/sandbox/triggers/{scenario}` runs, each with what it makes. Sandbox mode only (404 in production mode).',
        tags: ['admin'],
        security: [{ apiKey: [] }],
        response: { 200: ScenarioList, '4xx': AdminErrorResponse, 500: AdminErrorResponse },
      },
    },
    async () => {
      sandboxOnly(app);
      return scenarioList();
    },
  );

  app.post<{ Params: TriggerParams; Body: SandboxSiteBody | undefined }>(
    '/admin/v1/sandbox/triggers/:scenario',
    {
      onRequest: adminAuth(app),
      schema: {
        summary: 'Run a sandbox trigger scenario',
        description:
          "Makes real objects through the operations the APIs use (an order and its card payment, a refund, a payout, a withdrawal approved and settled, a subscription's charge, a seller's KYC moves, …), so the outbox sends the real webhooks, DMNs and e-mails; no event is made up. Answers every object made, in order, and the notifications queued (their ids are the delivery log's, `GET /admin/v1/deliveries`). A merchant's Operations key acts for its own site (or another site of its merchant, `merchantSiteId`); an operator credential names the site. 400 for an unknown scenario; 404 for another merchant's site, and for every call in production mode (`Sandbox only`).",
        tags: ['admin'],
        security: [{ apiKey: [] }],
        params: TriggerParams,
        body: SandboxSiteBody,
        response: { 200: TriggerResult, '4xx': AdminErrorResponse, 500: AdminErrorResponse },
      },
    },
    async (request) => {
      sandboxOnly(app);
      const ctx = await sandboxCallerOf(app, request, request.body?.merchantSiteId);
      const r = await runScenario(app.services.deps, ctx, request.params.scenario, { baseUrl: baseUrlOf(request) });
      return triggerResultToWire(r, ctx);
    },
  );
}

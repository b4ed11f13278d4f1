import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Forbidden, NotFound } from '../../domain/errors.js';
import { realNow } from '../../lib/clock.js';
import { AdminErrorResponse } from '../../schemas/admin/deliveries.schema.js';
import {
  ClearFaultResult,
  FaultList,
  SetFaultBody,
  SiteFault,
  SiteIdParams,
} from '../../schemas/admin/sandbox.schema.js';
import {
  clearFault,
  DEFAULT_FAULT_MS,
  listFaults,
  setFault,
  type SiteFault as StoredFault,
} from '../../store/sandbox.repo.js';
import { adminAuth, scopeOf } from './auth.js';
import { sandboxOrRefuse } from './sandbox.scope.js';

/**
 * Acquirer faults per site (docs/decisions/0941): GET /admin/v1/sandbox/faults, PUT and DELETE
 * /admin/v1/sandbox/faults/{siteId}. The three share their scope rules: a merchant's Operations key
 * sees and sets its own sites', an operator credential every site's.
 */

const wire = (f: StoredFault) => ({
  siteId: f.siteId,
  merchantId: f.merchantId,
  mode: f.mode,
  ms: f.ms,
  updatedAt: new Date(f.updatedAt).toISOString(),
});

/** The site a fault route names: it must exist and be the key's merchant's. */
async function siteActedFor(app: FastifyInstance, request: FastifyRequest, siteId: string) {
  const site = await app.services.deps.storage.read.merchants.findSite(siteId);
  if (!site) throw new NotFound('site');
  const { merchantId } = scopeOf(request);
  if (merchantId !== undefined && site.merchantId !== merchantId)
    throw new Forbidden('a merchant key sets faults on its own sites only');
  return site;
}

const common = { tags: ['admin'], security: [{ apiKey: [] }] };
const errors = { '4xx': AdminErrorResponse, 500: AdminErrorResponse };

export function registerFaultRoutes(app: FastifyInstance): void {
  app.get(
    '/admin/v1/sandbox/faults',
    {
      onRequest: adminAuth(app),
      schema: {
        ...common,
        summary: 'List acquirer faults (sandbox)',
        description:
          "The acquirer faults set on the key's merchant's sites (every site's for an operator). Sandbox mode only: 403 in production mode.",
        response: { 200: FaultList, ...errors },
      },
    },
    async (request, reply) => {
      if (!sandboxOrRefuse(app, reply, 'Acquirer faults')) return reply;
      const { merchantId } = scopeOf(request);
      const faults = await listFaults(app.services.store.db);
      return { faults: faults.filter((f) => merchantId === undefined || f.merchantId === merchantId).map(wire) };
    },
  );

  app.put<{ Params: SiteIdParams; Body: SetFaultBody }>(
    '/admin/v1/sandbox/faults/:siteId',
    {
      onRequest: adminAuth(app),
      schema: {
        ...common,
        summary: "Set a site's acquirer fault (sandbox)",
        description:
          "From now on (every instance within a second), the simulated acquirer answers this site's authorisations, settles, refunds, voids and payouts as `mode` says. The payment pipeline records what it would from a real acquirer: `delay` is approved late; `timeout` and `refused` end as ERROR `Acquirer unavailable` (-1100); `error` as ERROR `Gateway Error` (96). Sandbox mode only: 403 in production mode.",
        params: SiteIdParams,
        body: SetFaultBody,
        response: { 200: SiteFault, ...errors },
      },
    },
    async (request, reply) => {
      const settings = sandboxOrRefuse(app, reply, 'Acquirer faults');
      if (!settings) return reply;
      const site = await siteActedFor(app, request, request.params.siteId);
      const { mode } = request.body;
      const fault: StoredFault = {
        siteId: site.id,
        merchantId: site.merchantId,
        mode,
        ms: mode === 'delay' || mode === 'timeout' ? (request.body.ms ?? DEFAULT_FAULT_MS[mode]) : 0,
        updatedAt: realNow(app.services.deps.clock),
      };
      await setFault(app.services.store, fault);
      await settings.refresh();
      return wire(fault);
    },
  );

  app.delete<{ Params: SiteIdParams }>(
    '/admin/v1/sandbox/faults/:siteId',
    {
      onRequest: adminAuth(app),
      schema: {
        ...common,
        summary: "Clear a site's acquirer fault (sandbox)",
        description:
          'The simulated acquirer answers the site as its test cards say again. Sandbox mode only: 403 in production mode.',
        params: SiteIdParams,
        response: { 200: ClearFaultResult, ...errors },
      },
    },
    async (request, reply) => {
      const settings = sandboxOrRefuse(app, reply, 'Acquirer faults');
      if (!settings) return reply;
      const site = await siteActedFor(app, request, request.params.siteId);
      const cleared = await clearFault(app.services.store, site.id);
      await settings.refresh();
      return { siteId: site.id, cleared };
    },
  );
}

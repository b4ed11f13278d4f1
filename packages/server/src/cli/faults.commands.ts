import { NotFound } from '../domain/errors.js';
import { realNow } from '../lib/clock.js';
import type { Runtime } from '../runtime.js';
import {
  clearFault,
  DEFAULT_FAULT_MS,
  FAULT_MODES,
  type FaultMode,
  listFaults,
  setFault,
  type SiteFault,
} from '../store/sandbox.repo.js';
import { type CommandSpec, UsageError } from './args.js';
import type { CredentialCommand } from './credentials.commands.js';

/** Acquirer faults per site (docs/decisions/0941): `gatehouse faults set|clear|show`. */

const json: CommandSpec['options'][string] = { type: 'boolean', description: 'Print the result as JSON' };

function sandboxOf(rt: Runtime) {
  if (!rt.sandbox)
    throw new UsageError(
      'acquirer faults exist in sandbox mode only: production mode (GATEHOUSE_MODE=production) has none',
    );
  return rt.sandbox;
}

async function siteOf(rt: Runtime, siteId: string) {
  const site = await rt.deps.storage.read.merchants.findSite(siteId);
  if (!site) throw new NotFound('site', `site ${siteId} not found`);
  return site;
}

const describe = (f: SiteFault) =>
  `site ${f.siteId} (merchant ${f.merchantId}): ${f.mode}${f.mode === 'delay' ? ` ${f.ms} ms, then the normal answer` : f.mode === 'timeout' ? `: no answer, given up after ${f.ms} ms` : f.mode === 'error' ? ': a 5xx-like error answer' : ': connection refused'}`;

export const faultCommands: CredentialCommand[] = [
  {
    spec: {
      name: 'faults set',
      summary:
        "Make the simulated acquirer fail a site's calls (sandbox): delay (answers after --ms), timeout (never answers; given up after --ms), error (a 5xx-like answer) or refused (no connection). Every instance follows within a second.",
      options: {
        site: {
          type: 'string',
          placeholder: 'siteId',
          description: 'The site whose acquirer calls fail',
          required: true,
        },
        mode: { type: 'string', placeholder: 'mode', description: `One of ${FAULT_MODES.join(', ')}`, required: true },
        ms: {
          type: 'string',
          placeholder: 'ms',
          description: `delay: the wait before the answer (default ${DEFAULT_FAULT_MS.delay}); timeout: before the call is given up (default ${DEFAULT_FAULT_MS.timeout})`,
        },
        json,
      },
    },
    async run(rt, v) {
      const settings = sandboxOf(rt);
      const mode = String(v.mode);
      if (!(FAULT_MODES as readonly string[]).includes(mode))
        throw new UsageError(`--mode must be one of ${FAULT_MODES.join(', ')}`);
      const m = mode as FaultMode;
      let ms = 0;
      if (m === 'delay' || m === 'timeout') {
        ms = v.ms === undefined ? DEFAULT_FAULT_MS[m] : Number(v.ms);
        if (!Number.isInteger(ms) || ms < 0 || ms > 120_000)
          throw new UsageError('--ms must be a whole number of milliseconds from 0 to 120000');
      } else if (v.ms !== undefined) throw new UsageError(`--ms applies to delay and timeout only, not ${m}`);
      const site = await siteOf(rt, String(v.site));
      const fault: SiteFault = {
        siteId: site.id,
        merchantId: site.merchantId,
        mode: m,
        ms,
        updatedAt: realNow(rt.clock),
      };
      await setFault(rt.store, fault);
      await settings.refresh();
      return { json: { ...fault, updatedAt: new Date(fault.updatedAt).toISOString() }, text: describe(fault) };
    },
  },
  {
    spec: {
      name: 'faults clear',
      summary: "Clear a site's acquirer fault (sandbox): the test cards decide again.",
      options: { site: { type: 'string', placeholder: 'siteId', description: 'The site', required: true }, json },
    },
    async run(rt, v) {
      const settings = sandboxOf(rt);
      const site = await siteOf(rt, String(v.site));
      const cleared = await clearFault(rt.store, site.id);
      await settings.refresh();
      return {
        json: { siteId: site.id, cleared },
        text: cleared ? `site ${site.id}: fault cleared` : `site ${site.id} had no fault`,
      };
    },
  },
  {
    spec: {
      name: 'faults show',
      summary: 'List the acquirer faults set on sites (sandbox); the fault test cards are in docs/testing.md.',
      options: { site: { type: 'string', placeholder: 'siteId', description: 'Only this site' }, json },
    },
    async run(rt, v) {
      sandboxOf(rt);
      const faults = (await listFaults(rt.store.db)).filter((f) => v.site === undefined || f.siteId === v.site);
      return {
        json: faults.map((f) => ({ ...f, updatedAt: new Date(f.updatedAt).toISOString() })),
        text: faults.length ? faults.map(describe).join('\n') : 'no acquirer fault set',
      };
    },
  },
];

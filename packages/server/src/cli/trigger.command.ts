import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEMO_FILE } from '../bootstrap/demo.js';
import { sandboxContextOf } from '../domain/sandbox/sandbox-context.js';
import { runScenario, SCENARIO_NAMES, SCENARIOS } from '../domain/sandbox/scenarios.js';
import { triggerResultToWire } from '../http/admin/sandbox.triggers.js';
import type { Runtime } from '../runtime.js';
import type { TriggerResult } from '../schemas/admin/sandbox-triggers.schema.js';
import { type CommandSpec, type OptionValues, UsageError } from './args.js';
import { wrap } from './help.js';

/**
 * `gatehouse trigger <scenario>` (docs/sandbox.md, docs/decisions/0930): runs a sandbox scenario through
 * the real operations and prints what it made and the notifications queued. On the data folder's store
 * by default (a running server's relay delivers them), or with `--api-base` through a running
 * gateway's admin API, remote ones too.
 */

const str = (v: string | boolean | undefined) => (typeof v === 'string' ? v : undefined);

export const triggerSpec: CommandSpec = {
  name: 'trigger',
  usage: 'trigger <scenario> [options]   (gatehouse trigger --list: the scenarios)',
  summary:
    'Sandbox: run a scenario (approved, declined, 3ds-challenge, refund, void, partial-approval, payout, withdrawal-settled, subscription-charged, kyc-approved, …) through the real operations, so the real webhooks, DMNs and e-mails go out; prints what it made.',
  options: {
    list: { type: 'boolean', description: 'List the scenarios and what each makes' },
    site: { type: 'string', placeholder: 'siteId', description: "The site to act for (default: the demo merchant's)" },
    merchant: { type: 'string', placeholder: 'merchantId', description: "Act for this merchant's first site" },
    'api-base': {
      type: 'string',
      placeholder: 'url',
      description:
        "A running gateway's address, e.g. http://localhost:8080: trigger through its admin API instead of the store",
    },
    'api-key': {
      type: 'string',
      placeholder: 'key',
      description:
        "With --api-base: a merchant's Operations API key, or an operator credential gho_… (default: the demo merchant's key)",
    },
    json: { type: 'boolean', description: 'Print the result as JSON' },
  },
  positionals: ['scenario?'],
};

export function scenarioListText(width: number): string {
  const pad = Math.max(...SCENARIO_NAMES.map((n) => n.length)) + 2;
  return SCENARIO_NAMES.map((name) => {
    const lines = wrap(SCENARIOS[name].summary, width, ' '.repeat(pad + 2));
    return `  ${name.padEnd(pad)}${lines.join('\n').trimStart()}`;
  }).join('\n');
}

/** What the CLI prints for a trigger's answer. */
export function triggerText(r: TriggerResult): string {
  const lines = [`${r.scenario}: merchant ${r.merchantId}, site ${r.merchantSiteId}`, '', 'made:'];
  for (const m of r.made) {
    const detail = m.detail
      ? `  ${Object.entries(m.detail)
          .map(([k, v]) => `${k}=${String(v)}`)
          .join(' ')}`
      : '';
    lines.push(`  ${m.kind.padEnd(17)} ${m.id.padEnd(20)} ${m.status}${detail}`);
  }
  lines.push('', r.notifications.length ? 'notifications queued:' : 'notifications queued: none');
  for (const n of r.notifications) {
    lines.push(`  ${n.kind.padEnd(7)} ${n.eventType.padEnd(28)} ${n.id}  -> ${n.targetUrl}`);
  }
  if (r.next) lines.push('', `next: ${r.next.action}`, `  ${r.next.url}`);
  return lines.join('\n');
}

async function demoCredentials(dataDir: string): Promise<{ merchantSiteId: string; apiKey: string } | undefined> {
  try {
    return JSON.parse(await readFile(join(dataDir, DEMO_FILE), 'utf8')) as { merchantSiteId: string; apiKey: string };
  } catch {
    // expected: no demo-credentials.json (or not ours): the caller names what to pass
    return undefined;
  }
}

/** The site a store-side command acts for: --site, --merchant's first site, or the demo merchant's. */
export async function siteOf(rt: Runtime, v: OptionValues): Promise<string> {
  const site = str(v.site);
  if (site !== undefined) return site;
  const merchantId = str(v.merchant);
  if (merchantId !== undefined) {
    const sites = await rt.deps.storage.read.merchants.listSites(merchantId);
    if (sites.length === 0) throw new UsageError(`--merchant ${merchantId} names no merchant with a site`);
    return sites[0]!.id;
  }
  const demo = await demoCredentials(rt.config.dataDir);
  if (!demo) throw new UsageError(`give --site or --merchant (no ${DEMO_FILE} in ${rt.config.dataDir})`);
  return demo.merchantSiteId;
}

/** A sandbox command refuses a gateway in production mode. */
export function refuseProduction(rt: { config: { GATEHOUSE_MODE: string } }): void {
  if (rt.config.GATEHOUSE_MODE !== 'sandbox') throw new Error('sandbox only: GATEHOUSE_MODE is production');
}

async function viaApi(base: string, key: string, scenario: string, siteId: string | undefined): Promise<TriggerResult> {
  const url = `${base.replace(/\/+$/, '')}/admin/v1/sandbox/triggers/${encodeURIComponent(scenario)}`;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (key.startsWith('gho_')) headers.authorization = `Bearer ${key}`;
  else headers['x-api-key'] = key;
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(siteId ? { merchantSiteId: siteId } : {}) });
  } catch (err) {
    throw new Error(`cannot reach ${base}: ${(err as Error).message}`);
  }
  const body = (await res.json().catch(() => undefined)) as  // expected: a body that is not JSON is answered by its status below
    (TriggerResult & { result?: { errors?: { code: string; reason: string } } }) | undefined;
  if (!res.ok) {
    const e = body?.result?.errors;
    throw new Error(`${base} answered ${res.status}${e ? ` ${e.code}: ${e.reason}` : ''}`);
  }
  return body!;
}

export interface TriggerHooks {
  /** the runtime over the data folder's store (opened only when the store is used) */
  open(values: OptionValues): Promise<Runtime>;
  /** the data folder, for the demo credentials (--api-base without --api-key) */
  dataDir(values: OptionValues): string;
  print(s: string): void;
  width(): number;
}

export async function runTrigger(values: OptionValues, positionals: string[], hooks: TriggerHooks): Promise<void> {
  if (values.list) {
    const list = SCENARIO_NAMES.map((name) => ({ name, summary: SCENARIOS[name].summary }));
    hooks.print(
      values.json
        ? JSON.stringify({ scenarios: list }, null, 2)
        : `Scenarios (gatehouse trigger <scenario>):\n${scenarioListText(hooks.width())}`,
    );
    return;
  }
  const scenario = positionals[0];
  if (scenario === undefined)
    throw new UsageError('missing argument: <scenario> (gatehouse trigger --list shows them)');
  if (!(SCENARIO_NAMES as string[]).includes(scenario)) {
    throw new UsageError(`unknown scenario: ${scenario} (one of ${SCENARIO_NAMES.join(', ')})`);
  }
  let result: TriggerResult;
  const base = str(values['api-base']);
  if (base !== undefined) {
    if (str(values.merchant) !== undefined)
      throw new UsageError('--merchant works on the store; with --api-base name the site with --site');
    let key = str(values['api-key']);
    if (key === undefined) {
      const demo = await demoCredentials(hooks.dataDir(values));
      if (!demo) throw new UsageError('--api-base needs --api-key (no demo credentials in the data folder)');
      key = demo.apiKey;
    }
    result = await viaApi(base, key, scenario, str(values.site));
  } else {
    if (str(values['api-key']) !== undefined) throw new UsageError('--api-key goes with --api-base');
    const rt = await hooks.open(values);
    try {
      refuseProduction(rt);
      const ctx = await sandboxContextOf(rt.deps, { operator: true }, await siteOf(rt, values));
      // where a person opens the 3-D Secure challenge: this data folder's server, on its configured port
      const baseUrl = `http://${rt.config.HOST === '0.0.0.0' ? 'localhost' : rt.config.HOST}:${rt.config.PORT}`;
      result = triggerResultToWire(await runScenario(rt.deps, ctx, scenario, { baseUrl }), ctx);
    } finally {
      await rt.store.close();
    }
  }
  hooks.print(values.json ? JSON.stringify(result, null, 2) : triggerText(result));
}

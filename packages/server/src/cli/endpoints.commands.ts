import { NotFound } from '../domain/errors.js';
import type { Runtime } from '../runtime.js';
import { chaosOf, clearChaos, type ChaosSettings, NO_CHAOS, setChaos } from '../delivery/delivery-chaos.js';
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listEndpoints,
  rotateEndpointSecret,
  type SiteRef,
  updateEndpoint,
} from '../delivery/webhook-endpoints.service.js';
import type { WebhookEndpointRow } from '../store/webhook-endpoints.repo.js';
import { type CommandSpec, UsageError } from './args.js';
import type { CredentialCommand } from './credentials.commands.js';

/**
 * Operator commands for a site's extra webhook endpoints (docs/decisions/0921) and its delivery chaos
 * (sandbox, docs/decisions/0922), on the store directly, as the admin API does them over HTTP.
 */

const json: CommandSpec['options'][string] = { type: 'boolean', description: 'Print the result as JSON' };
const site: CommandSpec['options'][string] = {
  type: 'string',
  placeholder: 'siteId',
  description: 'Merchant site',
  required: true,
};
const str = (v: string | boolean | undefined) => (typeof v === 'string' ? v : undefined);
const iso = (ms: number) => new Date(ms).toISOString();
const events = (v: string | boolean | undefined) =>
  str(v)
    ?.split(',')
    .map((e) => e.trim())
    .filter(Boolean);

async function siteRef(rt: Runtime, siteId: string): Promise<SiteRef> {
  const s = await rt.deps.storage.read.merchants.findSite(siteId);
  if (!s) throw new NotFound('site');
  return { merchantId: s.merchantId, siteId: s.id };
}

const endpointJson = (e: WebhookEndpointRow) => ({
  id: e.id,
  siteId: e.siteId,
  url: e.url,
  events: e.events,
  description: e.description,
  enabled: e.enabled,
  createdAt: iso(e.createdAt),
  updatedAt: iso(e.updatedAt),
});
const endpointText = (e: WebhookEndpointRow) =>
  `${e.id}  ${e.enabled ? 'enabled ' : 'disabled'}  ${e.url}  ${e.events.join(',')}${e.description ? `  (${e.description})` : ''}`;

export const endpointCommands: CredentialCommand[] = [
  {
    spec: {
      name: 'endpoints create',
      summary: 'Add a webhook endpoint to a site, with an event filter and its own secret (shown once).',
      options: {
        site,
        url: { type: 'string', placeholder: 'url', description: 'Where its webhooks are POSTed', required: true },
        events: {
          type: 'string',
          placeholder: 'list',
          description: 'Comma-separated event types (transaction.approved, transaction.*); default *',
        },
        description: { type: 'string', placeholder: 'text', description: 'What it is for' },
        json,
      },
    },
    async run(rt, v) {
      const { endpoint, secret } = await createEndpoint(rt.store, rt.deps, await siteRef(rt, str(v.site)!), {
        url: str(v.url),
        events: events(v.events),
        description: str(v.description),
      });
      return {
        json: { endpoint: endpointJson(endpoint), secret: secret.expose() },
        text: `${endpointText(endpoint)}\nsecret ${secret.expose()}   (shown once: keep it now)`,
      };
    },
  },
  {
    spec: {
      name: 'endpoints list',
      summary: 'List a site’s webhook endpoints (its webhook URL is its default endpoint).',
      options: { site, json },
    },
    async run(rt, v) {
      const rows = await listEndpoints(rt.store, (await siteRef(rt, str(v.site)!)).siteId);
      return {
        json: rows.map(endpointJson),
        text: rows.length ? rows.map(endpointText).join('\n') : 'no endpoints besides the site’s webhook URL',
      };
    },
  },
  {
    spec: {
      name: 'endpoints update',
      summary: 'Change a webhook endpoint: URL, events, description, enabled.',
      positionals: ['endpointId'],
      options: {
        site,
        url: { type: 'string', placeholder: 'url', description: 'New URL' },
        events: { type: 'string', placeholder: 'list', description: 'New comma-separated event types' },
        description: { type: 'string', placeholder: 'text', description: 'New description' },
        enable: { type: 'boolean', description: 'Enable it' },
        disable: { type: 'boolean', description: 'Disable it (it receives nothing)' },
        json,
      },
    },
    async run(rt, v, [id]) {
      if (v.enable && v.disable) throw new UsageError('--enable and --disable exclude each other');
      const enabled = v.enable ? true : v.disable ? false : undefined;
      const input = { url: str(v.url), events: events(v.events), description: str(v.description), enabled };
      if (Object.values(input).every((x) => x === undefined))
        throw new UsageError('nothing to change: give --url, --events, --description, --enable or --disable');
      const e = await updateEndpoint(rt.store, rt.deps, await siteRef(rt, str(v.site)!), id!, input);
      return { json: endpointJson(e), text: endpointText(e) };
    },
  },
  {
    spec: {
      name: 'endpoints rotate-secret',
      summary: 'Replace a webhook endpoint’s secret (shown once); the old one keeps signing for 24 h.',
      positionals: ['endpointId'],
      options: { site, json },
    },
    async run(rt, v, [id]) {
      const r = await rotateEndpointSecret(rt.store, rt.deps, await siteRef(rt, str(v.site)!), id!);
      return {
        json: {
          endpoint: endpointJson(r.endpoint),
          secret: r.secret.expose(),
          previousValidUntil: iso(r.previousValidUntil),
        },
        text: `${endpointText(r.endpoint)}\nsecret ${r.secret.expose()}   (shown once: keep it now)\nthe previous secret also signs until ${iso(r.previousValidUntil)}`,
      };
    },
  },
  {
    spec: {
      name: 'endpoints delete',
      summary: 'Delete a webhook endpoint; copies queued for it fail.',
      positionals: ['endpointId'],
      options: { site, json },
    },
    async run(rt, v, [id]) {
      const ref = await siteRef(rt, str(v.site)!);
      const e = await getEndpoint(rt.store, ref, id!);
      await deleteEndpoint(rt.store, ref, id!);
      return { json: { deleted: e.id }, text: `deleted ${e.id}` };
    },
  },
  {
    spec: {
      name: 'chaos set',
      summary:
        'Sandbox: drop, delay, duplicate or reorder a site’s webhooks and DMNs at given rates, to test a receiver’s idempotency.',
      options: {
        site,
        drop: {
          type: 'string',
          placeholder: 'rate',
          description: 'Share (0 to 1) of attempts not sent, retried on schedule',
        },
        delay: {
          type: 'string',
          placeholder: 'rate',
          description: 'Share of attempts held --delay-ms before they are sent',
        },
        'delay-ms': { type: 'string', placeholder: 'ms', description: 'How long (default 2000, at most 120000)' },
        duplicate: { type: 'string', placeholder: 'rate', description: 'Share of attempts sent twice' },
        reorder: {
          type: 'string',
          placeholder: 'rate',
          description: 'Share of notifications held back so later ones overtake them',
        },
        'reorder-ms': {
          type: 'string',
          placeholder: 'ms',
          description: 'How long they are held back (default 5000, at most 120000)',
        },
        json,
      },
    },
    async run(rt, v) {
      sandboxOnly(rt);
      const settings: Partial<ChaosSettings> = {};
      for (const mode of ['drop', 'delay', 'duplicate', 'reorder'] as const) {
        const text = str(v[mode]);
        if (text === undefined) continue;
        const rate = Number(text);
        if (text.trim() === '' || !Number.isFinite(rate) || rate < 0 || rate > 1)
          throw new UsageError(`--${mode} must be a rate from 0 to 1`);
        settings[mode] = rate;
      }
      for (const [opt, key] of [
        ['delay-ms', 'delayMs'],
        ['reorder-ms', 'reorderMs'],
      ] as const) {
        const text = str(v[opt]);
        if (text === undefined) continue;
        if (!/^\d{1,6}$/.test(text) || Number(text) > 120_000) throw new UsageError(`--${opt} must be 0 to 120000`);
        settings[key] = Number(text);
      }
      const s = await setChaos(rt.store, await siteRef(rt, str(v.site)!), settings, rt.clock.now());
      return { json: s, text: chaosText(s) };
    },
  },
  {
    spec: { name: 'chaos show', summary: 'Sandbox: a site’s delivery chaos settings.', options: { site, json } },
    async run(rt, v) {
      sandboxOnly(rt);
      const s = (await chaosOf(rt.store, (await siteRef(rt, str(v.site)!)).siteId)) ?? NO_CHAOS;
      return { json: s, text: chaosText(s) };
    },
  },
  {
    spec: {
      name: 'chaos off',
      summary: 'Sandbox: deliver a site’s notifications without chaos again.',
      options: { site, json },
    },
    async run(rt, v) {
      sandboxOnly(rt);
      await clearChaos(rt.store, (await siteRef(rt, str(v.site)!)).siteId);
      return { json: NO_CHAOS, text: 'delivery chaos off' };
    },
  },
];

function sandboxOnly(rt: Runtime): void {
  if (rt.config.GATEHOUSE_MODE !== 'sandbox')
    throw new UsageError('delivery chaos is for sandbox mode only (GATEHOUSE_MODE=sandbox)');
}

function chaosText(s: ChaosSettings): string {
  if (s.drop + s.delay + s.duplicate + s.reorder === 0) return 'delivery chaos off';
  return [
    `drop       ${s.drop}`,
    `delay      ${s.delay}   (${s.delayMs} ms)`,
    `duplicate  ${s.duplicate}`,
    `reorder    ${s.reorder}   (held ${s.reorderMs} ms)`,
  ].join('\n');
}

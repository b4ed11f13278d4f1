import { listEntities, listMerchants, listSites } from '../domain/merchants/merchant.list.js';
import { NotFound } from '../domain/errors.js';
import { DEFAULT_UNREFERENCED_REFUND_LIMIT } from '../domain/payments/unreferenced-refund.service.js';
import type { CommandSpec } from './args.js';
import type { CredentialCommand } from './credentials.commands.js';

/** `merchants list`, `sites list`, `sites show`, `entities list`: what the store holds, never a secret. */

const json: CommandSpec['options'][string] = { type: 'boolean', description: 'Print the result as JSON' };
const merchant: CommandSpec['options'][string] = {
  type: 'string',
  placeholder: 'merchantId',
  description: "Only this merchant's",
};
const str = (v: string | boolean | undefined) => (typeof v === 'string' ? v : undefined);
const iso = (ms: number) => new Date(Number(ms)).toISOString();
const table = (rows: string[][], empty: string) => {
  if (rows.length === 0) return empty;
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  ')).join('\n');
};

export const listCommands: CredentialCommand[] = [
  {
    spec: { name: 'merchants list', summary: 'List the merchants, oldest first.', options: { json } },
    async run(rt) {
      const out = (await listMerchants(rt.deps)).map((m) => ({
        merchantId: m.id,
        name: m.name,
        createdAt: iso(m.createdAt),
      }));
      return {
        json: out,
        text: table(
          out.map((m) => [m.merchantId, m.createdAt, m.name]),
          '(no merchants)',
        ),
      };
    },
  },
  {
    spec: {
      name: 'sites list',
      summary: 'List the merchant sites (secrets are never shown).',
      options: { merchant, json },
    },
    async run(rt, v) {
      const out = (await listSites(rt.deps, str(v.merchant))).map((s) => ({
        merchantSiteId: s.id,
        merchantId: s.merchantId,
        name: s.name,
        createdAt: iso(s.createdAt),
      }));
      return {
        json: out,
        text: table(
          out.map((s) => [s.merchantSiteId, `merchant ${s.merchantId}`, s.name]),
          '(no sites)',
        ),
      };
    },
  },
  {
    spec: {
      name: 'sites show',
      summary: 'Show a site: its merchant, name, notification addresses and session API settings (never a secret).',
      options: { site: { type: 'string', placeholder: 'siteId', description: 'Merchant site', required: true }, json },
    },
    async run(rt, v) {
      const siteId = str(v.site)!;
      const read = rt.deps.storage.read;
      const site = await read.merchants.findSite(siteId);
      if (!site) throw new NotFound('site', `No site ${siteId}`);
      const settings = await read.sessions.siteSettings(siteId);
      const out = {
        merchantSiteId: site.id,
        merchantId: site.merchantId,
        name: site.name,
        createdAt: iso(site.createdAt),
        notificationUrl: await read.notifications.siteNotificationUrl(siteId),
        webhookUrl: await read.platform.siteWebhookUrl(siteId),
        uniqueClientRequestId: settings?.uniqueClientRequestId ?? false,
        unreferencedRefundLimit: settings?.unreferencedRefundLimit ?? DEFAULT_UNREFERENCED_REFUND_LIMIT,
        sessionDeclineLimit: settings?.sessionDeclineLimit ?? null,
      };
      const rows = [
        ['site', out.merchantSiteId],
        ['merchant', out.merchantId],
        ['name', out.name],
        ['created', out.createdAt],
        ['DMN address (notificationUrl)', out.notificationUrl ?? '(none)'],
        ['webhook address (webhookUrl)', out.webhookUrl ?? '(none)'],
        ['unique clientRequestId', String(out.uniqueClientRequestId)],
        ['unreferenced refund limit', String(out.unreferencedRefundLimit)],
        ['session decline limit', out.sessionDeclineLimit === null ? '(none)' : String(out.sessionDeclineLimit)],
      ];
      return { json: out, text: table(rows, '') };
    },
  },
  {
    spec: {
      name: 'entities list',
      summary: 'List the processing entities, with their parents.',
      options: { merchant, json },
    },
    async run(rt, v) {
      const out = (await listEntities(rt.deps, str(v.merchant))).map((e) => ({
        processingEntityId: e.id,
        merchantId: e.merchantId,
        parentId: e.parentId,
        name: e.name,
        createdAt: iso(e.createdAt),
      }));
      const rows = out.map((e) => [
        e.processingEntityId,
        `merchant ${e.merchantId}`,
        e.parentId ? `child of ${e.parentId}` : 'top',
        e.name,
      ]);
      return { json: out, text: table(rows, '(no entities)') };
    },
  },
];

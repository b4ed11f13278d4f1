import { DEMO_FILE, refreshDemoWebhookSecret } from '../bootstrap/demo.js';
import { privateTargetReasonResolved, refusesPrivateTargets } from '../delivery/private-network.js';
import {
  listDeliveries,
  resendDelivery,
  rotateWebhookSecret,
  setSiteNotificationUrl,
  setSiteWebhookUrl,
} from '../domain/notifications/notification.service.js';
import type { DeliveryWithAttempts } from '../domain/notifications/notification.types.js';
import { type CommandSpec, UsageError } from './args.js';
import type { CredentialCommand } from './credentials.commands.js';

/** Operator commands for notifications: list and resend deliveries, rotate webhook secrets, DMN URL. */

const json: CommandSpec['options'][string] = { type: 'boolean', description: 'Print the result as JSON' };
const str = (v: string | boolean | undefined) => (typeof v === 'string' ? v : undefined);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function deliveryJson(d: DeliveryWithAttempts) {
  return {
    id: d.id,
    kind: d.kind,
    eventType: d.eventType,
    status: d.status,
    targetUrl: d.targetUrl,
    targetFromSite: d.targetFromSite,
    merchantId: d.merchantId,
    siteId: d.siteId,
    orderId: d.orderId,
    sessionId: d.sessionId,
    transactionId: d.transactionId,
    attemptCount: d.attempts,
    nextAttemptAt: d.status === 'pending' ? iso(d.runAt) : null,
    lastError: d.lastError,
    createdAt: iso(d.createdAt),
    deliveredAt: iso(d.deliveredAt),
    attempts: d.attemptLog.map((a) => ({
      attemptNo: a.attemptNo,
      startedAt: iso(a.startedAt),
      finishedAt: iso(a.finishedAt),
      statusCode: a.statusCode,
      latencyMs: a.latencyMs,
      error: a.error,
    })),
  };
}

function deliveryText(d: ReturnType<typeof deliveryJson>): string {
  const head = `${d.id}  ${d.kind.padEnd(7)}  ${d.status.padEnd(10)}  ${d.eventType}  ${d.targetUrl}`;
  const next = d.nextAttemptAt ? `\n    next attempt ${d.nextAttemptAt}` : '';
  const attempts = d.attempts.map(
    (a) =>
      `\n    #${a.attemptNo}  ${a.startedAt}  ${a.statusCode ?? '---'}  ${a.latencyMs === null ? '' : `${a.latencyMs} ms`}${a.error ? `  ${a.error}` : ''}`,
  );
  return head + attempts.join('') + next;
}

export const notificationCommands: CredentialCommand[] = [
  {
    spec: {
      name: 'deliveries list',
      summary: 'List webhook and DMN deliveries of an order, session or transaction, with every attempt.',
      options: {
        order: { type: 'string', placeholder: 'orderId', description: 'Numeric order id' },
        session: { type: 'string', placeholder: 'sessionId', description: 'Order sessionId (REST) or sessionToken' },
        transaction: { type: 'string', placeholder: 'transactionId', description: 'Gateway transaction id' },
        limit: { type: 'string', placeholder: 'n', description: 'At most this many, newest first (default 50)' },
        json,
      },
    },
    async run(rt, v) {
      const order = str(v.order);
      if (order !== undefined && !/^\d{1,15}$/.test(order)) throw new UsageError('--order must be a numeric order id');
      const limit = str(v.limit) === undefined ? 50 : Number(v.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError('--limit must be 1 to 1000');
      const rows = await listDeliveries(rt.deps, {
        ...(order !== undefined ? { orderId: Number(order) } : {}),
        ...(str(v.session) !== undefined ? { sessionId: str(v.session)! } : {}),
        ...(str(v.transaction) !== undefined ? { transactionId: str(v.transaction)! } : {}),
        limit,
      });
      const out = rows.map(deliveryJson);
      return { json: out, text: out.length ? out.map(deliveryText).join('\n') : '(no deliveries)' };
    },
  },
  {
    spec: {
      name: 'deliveries resend',
      usage: 'deliveries resend <id> [options]',
      summary: 'Deliver a notification again now, with a fresh retry schedule (its attempts are kept).',
      options: { json },
      positionals: ['id'],
    },
    async run(rt, _v, positionals) {
      const out = deliveryJson(await resendDelivery(rt.deps, positionals[0]!));
      return { json: out, text: `queued ${out.id} again (${out.attemptCount} earlier attempts kept)` };
    },
  },
  {
    spec: {
      name: 'webhooks rotate-secret',
      summary:
        "Create the site's webhook signing secret, or replace it (the old one keeps signing for 24 h). Shown once.",
      options: {
        site: { type: 'string', placeholder: 'siteId', description: 'Merchant site', required: true },
        json,
      },
    },
    async run(rt, v) {
      const r = await rotateWebhookSecret(rt.deps, str(v.site)!);
      const out = {
        siteId: str(v.site)!,
        webhookSecret: r.secret.expose(),
        previousValidUntil: iso(r.previousValidUntil),
      };
      // the demo site's secret also lives in demo-credentials.json: keep the file true
      const demoFile = await refreshDemoWebhookSecret(rt.config.dataDir, out.siteId, out.webhookSecret);
      const overlap = out.previousValidUntil
        ? `\nthe previous secret also signs until ${out.previousValidUntil}: switch your receiver before then`
        : '';
      const file = demoFile ? `\n${DEMO_FILE} now holds the new secret` : '';
      return {
        json: { ...out, ...(demoFile ? { demoCredentialsUpdated: true } : {}) },
        text: `site   ${out.siteId}\nsecret ${out.webhookSecret}   (shown once: keep it now)${overlap}${file}`,
      };
    },
  },
  {
    spec: {
      name: 'sites set-notification-url',
      summary: "Set the site's default DMN address (used when a request has no urlDetails.notificationUrl).",
      options: {
        site: { type: 'string', placeholder: 'siteId', description: 'Merchant site', required: true },
        url: { type: 'string', placeholder: 'url', description: 'http(s) URL receiving DMNs' },
        clear: { type: 'boolean', description: 'Remove the default address' },
        json,
      },
    },
    async run(rt, v) {
      const url = v.clear ? null : str(v.url);
      if (url === undefined) throw new UsageError('give --url or --clear');
      // Production mode: a private, loopback or link-local target is refused here, not at each delivery.
      const refused = url && refusesPrivateTargets(rt.config) ? await privateTargetReasonResolved(url) : undefined;
      if (refused) throw new UsageError(`--url ${refused}`);
      await setSiteNotificationUrl(rt.deps, str(v.site)!, url);
      const out = {
        siteId: str(v.site)!,
        notificationUrl: await rt.deps.storage.read.notifications.siteNotificationUrl(str(v.site)!),
      };
      return { json: out, text: `site ${out.siteId} notificationUrl ${out.notificationUrl ?? '(none)'}` };
    },
  },
  {
    spec: {
      name: 'sites set-webhook-url',
      summary: "Set the site's webhook URL (used by REST payments without urlDetails.webhookUrl, and platform events).",
      options: {
        site: { type: 'string', placeholder: 'siteId', description: 'Merchant site', required: true },
        url: { type: 'string', placeholder: 'url', description: 'http(s) URL receiving webhooks' },
        clear: { type: 'boolean', description: 'Remove the webhook URL' },
        json,
      },
    },
    async run(rt, v) {
      const url = v.clear ? null : str(v.url);
      if (url === undefined) throw new UsageError('give --url or --clear');
      // Production mode: a private, loopback or link-local target is refused here, as for the DMN address.
      const refused = url && refusesPrivateTargets(rt.config) ? await privateTargetReasonResolved(url) : undefined;
      if (refused) throw new UsageError(`--url ${refused}`);
      await setSiteWebhookUrl(rt.deps, str(v.site)!, url);
      const out = {
        siteId: str(v.site)!,
        webhookUrl: await rt.deps.storage.read.platform.siteWebhookUrl(str(v.site)!),
      };
      return { json: out, text: `site ${out.siteId} webhookUrl ${out.webhookUrl ?? '(none)'}` };
    },
  },
];

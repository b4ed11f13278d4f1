import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DemoCredentials } from '../../bootstrap/demo.js';
import { sha256Hex } from '../../lib/hash.js';
import { constantTimeEqual } from '../../security/constant-time.js';
import { esc } from '../shared/html-page.js';
import { INBOX_PATHS, isInboxUrl } from '../../delivery/inbox-target.js';
import { listDeliveries } from '../../domain/notifications/notification.service.js';
import type { DeliveryWithAttempts } from '../../domain/notifications/notification.types.js';

/**
 * The sandbox's notification inbox (docs/decisions/0901): the demo merchant's webhooks and DMNs are
 * addressed here, each is verified the way a merchant's server must (Standard Webhooks signature with
 * the site's `whsec_…`, `advanceResponseChecksum` with the site secret key), and shown at `/demo/inbox`.
 * The last 200 are kept in memory; after a restart the inbox is filled again from the delivery log,
 * which the store keeps (docs/decisions/0951): each notification delivered to an inbox address, with
 * the answer the inbox gave then.
 */

export interface InboxEntry {
  kind: 'webhook' | 'dmn';
  receivedAt: string;
  /** the signature (webhook) or checksum (DMN) matched the demo merchant's secret */
  verified: boolean;
  /** webhook `type`, or the DMN's `Status` */
  event: string;
  /** webhook-id, or PPP_TransactionID + Status */
  id: string;
  /** the parsed body (DMN fields, webhook JSON) */
  body: unknown;
  /** read back from the delivery log after a restart: `verified` is then the inbox's answer of that time */
  restored?: true;
}

export { INBOX_PATHS } from '../../delivery/inbox-target.js';

/** Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, any of a space-separated list. */
export function webhookSignatureValid(
  secret: string,
  id: string,
  timestamp: string,
  body: string,
  header: string,
): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`, 'utf8').digest('base64')}`;
  return header.split(' ').some((sig) => constantTimeEqual(sig, expected));
}

/** A DMN's `advanceResponseChecksum`: SHA-256 of the secret key and six fields (docs/notifications.md). */
export function dmnChecksumValid(secretKey: string, f: Record<string, string | undefined>): boolean {
  const expected = sha256Hex(
    `${secretKey}${f.totalAmount ?? ''}${f.currency ?? ''}${f.responseTimeStamp ?? ''}${f.PPP_TransactionID ?? ''}${f.Status ?? ''}${f.productId ?? ''}`,
  );
  return typeof f.advanceResponseChecksum === 'string' && constantTimeEqual(expected, f.advanceResponseChecksum);
}

export class Inbox {
  readonly entries: InboxEntry[] = [];
  private restoring: Promise<void> | undefined;
  add(entry: InboxEntry): void {
    this.entries.unshift(entry);
    this.entries.length = Math.min(this.entries.length, 200);
  }
  /**
   * Once per process, before the first read: the entries of the delivery log (newest first) that are
   * not in memory, merged by time. A failed read is tried again at the next one.
   */
  restore(load: () => Promise<InboxEntry[]>): Promise<void> {
    this.restoring ??= load().then(
      (logged) => {
        const known = new Set(this.entries.map((e) => `${e.kind} ${e.id}`));
        const merged = [...this.entries, ...logged.filter((e) => !known.has(`${e.kind} ${e.id}`))];
        merged.sort((a, b) => b.receivedAt.localeCompare(a.receivedAt));
        this.entries.splice(0, this.entries.length, ...merged.slice(0, 200));
      },
      () => {
        this.restoring = undefined;
      },
    );
    return this.restoring;
  }
}

/**
 * The inbox entries of the demo site's delivery log: its webhooks and DMNs whose address was a sandbox
 * inbox (or the demo page's `/demo/dmn`) and that were answered, `verified` when the inbox answered 2xx.
 * The webhook inbox answers 200 only to a valid signature; the relay signs every DMN with the site's
 * secret key, and the log keeps no header or checksum to check again.
 */
export function inboxEntriesOf(rows: DeliveryWithAttempts[], c: DemoCredentials): InboxEntry[] {
  const out: InboxEntry[] = [];
  for (const row of rows) {
    if (row.siteId !== c.merchantSiteId) continue;
    const last = row.attemptLog.filter((a) => a.finishedAt !== null && a.statusCode !== null).at(-1);
    if (!last) continue;
    const receivedAt = new Date(last.finishedAt!).toISOString();
    const ok = last.statusCode! >= 200 && last.statusCode! < 300;
    if (row.kind === 'webhook' && isInboxUrl(row.targetUrl, INBOX_PATHS.webhook)) {
      const body = shownBody(row.payload);
      const type =
        body && typeof body === 'object' && 'type' in body ? String((body as { type: unknown }).type) : row.eventType;
      out.push({ kind: 'webhook', receivedAt, verified: ok, event: type, id: row.id, body, restored: true });
    } else if (
      row.kind === 'dmn' &&
      (isInboxUrl(row.targetUrl, INBOX_PATHS.dmn) || isInboxUrl(row.targetUrl, '/demo/dmn'))
    ) {
      const f = Object.fromEntries(new URLSearchParams(row.payload));
      const fields = Object.fromEntries(Object.entries(f).map(([k, v]) => [k, String(v).slice(0, 200)]));
      out.push({
        kind: 'dmn',
        receivedAt,
        verified: ok,
        event: f.Status ?? row.eventType,
        id: `${f.PPP_TransactionID ?? ''} ${f.Status ?? ''}`,
        body: fields,
        restored: true,
      });
    }
  }
  return out;
}

/** How deep and how long a received body may be to be kept parsed; beyond, it is kept as text. */
export const SHOWN_DEPTH = 32;
const SHOWN_TEXT = 4096;

/** The depth of a parsed JSON value, counted without recursion (a hostile body cannot exhaust the stack). */
function depthOver(value: unknown, limit: number): boolean {
  let level: unknown[] = [value];
  for (let depth = 0; level.length > 0; depth++) {
    if (depth > limit) return true;
    const next: unknown[] = [];
    for (const v of level) if (v && typeof v === 'object') next.push(...Object.values(v as object));
    level = next;
  }
  return false;
}

/**
 * A received body as the inbox keeps it: parsed JSON when it is small and shallow enough to render,
 * else its first 4 KiB as text. What the inbox cannot render safely is stored, never refused.
 */
export function shownBody(raw: string): unknown {
  if (raw.length > 65_536) return raw.slice(0, SHOWN_TEXT);
  try {
    const parsed: unknown = JSON.parse(raw);
    return depthOver(parsed, SHOWN_DEPTH) ? raw.slice(0, SHOWN_TEXT) : parsed;
  } catch {
    // expected: not JSON: kept and shown as text
    return raw.slice(0, SHOWN_TEXT);
  }
}

const header = (v: string | string[] | undefined) => (typeof v === 'string' ? v : '');

/** Routes of the inbox, inside the demo plugin's context (which parses forms). */
export function registerInbox(
  app: FastifyInstance,
  inbox: Inbox,
  credentials: () => Promise<DemoCredentials | undefined>,
  send: (reply: import('fastify').FastifyReply, html: string) => unknown,
): () => Promise<InboxEntry[]> {
  const now = () => new Date(app.services.deps.clock.now()).toISOString();
  const restored = async () => {
    await inbox.restore(async () => {
      const c = await credentials();
      if (!c) return [];
      const rows = await listDeliveries(app.services.deps, { merchantId: c.merchantId, limit: 400 });
      return inboxEntriesOf(rows, c);
    });
    return inbox.entries;
  };

  // The raw body is what is signed: the webhook route reads JSON as text and parses it itself.
  void app.register(async (scoped) => {
    scoped.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 262_144 }, (_req, body, done) =>
      done(null, String(body)),
    );
    scoped.post(INBOX_PATHS.webhook, { schema: { hide: true } }, async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const secret = (await credentials())?.webhookSecret;
      const id = header(request.headers['webhook-id']);
      const verified =
        secret !== undefined &&
        webhookSignatureValid(
          secret,
          id,
          header(request.headers['webhook-timestamp']),
          raw,
          header(request.headers['webhook-signature']),
        );
      const body = shownBody(raw);
      const type = body && typeof body === 'object' && 'type' in body ? String((body as { type: unknown }).type) : '?';
      inbox.add({ kind: 'webhook', receivedAt: now(), verified, event: type, id, body });
      return reply
        .code(verified ? 200 : 400)
        .type('text/plain')
        .send(verified ? 'OK' : 'bad signature');
    });
  });

  const dmn = async (
    request: import('fastify').FastifyRequest<{ Body: Record<string, string> }>,
    reply: import('fastify').FastifyReply,
  ) => {
    const f = request.body && typeof request.body === 'object' ? request.body : {};
    const c = await credentials();
    const verified = c !== undefined && dmnChecksumValid(c.merchantSecretKey, f);
    const fields = Object.fromEntries(Object.entries(f).map(([k, v]) => [k, String(v).slice(0, 200)]));
    inbox.add({
      kind: 'dmn',
      receivedAt: now(),
      verified,
      event: f.Status ?? '?',
      id: `${f.PPP_TransactionID ?? ''} ${f.Status ?? ''}`,
      body: fields,
    });
    return reply.code(200).type('text/plain').send('OK');
  };
  app.post<{ Body: Record<string, string> }>(INBOX_PATHS.dmn, { schema: { hide: true } }, dmn);
  app.post<{ Body: Record<string, string> }>('/demo/dmn', { schema: { hide: true } }, dmn);

  app.get('/demo/inbox.json', { schema: { hide: true } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { notifications: await restored() };
  });

  app.get('/demo/inbox', { schema: { hide: true } }, async (_request, reply) =>
    send(reply, inboxHtml(await restored())),
  );
  return restored;
}

function inboxHtml(entries: InboxEntry[]): string {
  const rows = entries.map(
    (e) => `<article class="n ${e.verified ? 'ok' : 'bad'}">
<header><b>${e.kind === 'webhook' ? 'Webhook' : 'DMN'}</b> <code>${esc(e.event)}</code>
<span class="v">${e.verified ? '✓ signature verified' : '✗ signature NOT verified'}</span><time>${esc(e.receivedAt)}</time>${e.restored ? '<span class="hint">from the delivery log (received before a restart)</span>' : ''}</header>
<pre>${esc(JSON.stringify(e.body, null, 2))}</pre></article>`,
  );
  return `<h1>Sandbox inbox</h1>
<p class="hint">The demo merchant's webhooks (<code>POST ${INBOX_PATHS.webhook}</code>, Standard Webhooks signature checked with
<code>webhookSecret</code>) and DMNs (<code>POST ${INBOX_PATHS.dmn}</code>, <code>advanceResponseChecksum</code> checked with
<code>merchantSecretKey</code>), newest first. This page reloads every 5 seconds; <a href="/demo/inbox.json">as JSON</a>, <a href="/">home</a>, <a href="/demo">demo shop</a>.</p>
${rows.length ? rows.join('\n') : '<p class="empty">Nothing yet: make a payment (the README walk-through, or <a href="/demo">the demo shop</a>).</p>'}`;
}

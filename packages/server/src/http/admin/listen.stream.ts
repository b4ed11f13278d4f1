import type { FastifyInstance } from 'fastify';
import { WEBHOOK_SECRET_PURPOSE } from '../../domain/notifications/notification.service.js';
import type { ListenItem } from '../../delivery/listen-hub.js';
import { AdminErrorResponse } from '../../schemas/admin/deliveries.schema.js';
import { ListenDeliveryEvent, ListenQuery, ListenSecret } from '../../schemas/admin/listen.schema.js';
import { adminAuth, callerOf, scopeOf } from './auth.js';

/** A comment line every so often keeps the stream open through idle timeouts (ours: 72 s). */
const HEARTBEAT_MS = 15_000;

/** One Server-Sent Events frame. */
function frame(item: ListenItem): string {
  if (item.type === 'missed')
    return `event: missed\ndata: ${JSON.stringify({ count: item.count, reason: item.reason })}\n\n`;
  const d = item.event.delivery;
  const data: ListenDeliveryEvent = {
    notificationId: d.notificationId,
    kind: d.kind,
    eventType: d.eventType,
    merchantId: d.merchantId,
    merchantSiteId: d.siteId,
    attempt: d.attempt,
    sentAt: new Date(d.sentAt).toISOString(),
    headers: d.headers,
    body: d.body,
  };
  return `id: ${item.event.id}\nevent: delivery\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * GET /admin/v1/listen (sandbox mode only): the caller's webhooks and DMNs as this server's relay sends
 * them, as Server-Sent Events, for `gatehouse listen` (docs/decisions/0920). A merchant's Operations
 * key sees its merchant's; an operator credential every merchant's.
 */
export function registerListenStream(app: FastifyInstance): void {
  const hub = app.services.listen;
  // Open streams end when the server closes, or closing would wait for them.
  app.addHook('preClose', (done) => {
    hub.closeAll();
    done();
  });
  app.get<{ Querystring: ListenQuery }>(
    '/admin/v1/listen',
    {
      onRequest: adminAuth(app),
      schema: {
        summary: 'Stream sent notifications (sandbox)',
        description:
          'A long-lived `text/event-stream` of the webhooks and DMNs this server sends for the caller (`event: delivery`, data: `ListenDeliveryEvent`): the body and headers byte for byte, to be forwarded unchanged (`gatehouse listen --forward-to`). Resume with `Last-Event-ID`; `event: missed` says when deliveries were dropped for a slow listener or cannot be replayed. Sandbox mode only.',
        tags: ['admin'],
        security: [{ apiKey: [] }],
        querystring: ListenQuery,
        response: {
          200: { description: 'the event stream', content: { 'text/event-stream': { schema: ListenDeliveryEvent } } },
          '4xx': AdminErrorResponse,
          500: AdminErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const { merchantId } = scopeOf(request);
      const events = request.query.events ? request.query.events.split(',') : [];
      const last = request.headers['last-event-id'];
      const sub = hub.subscribe(
        { merchantId, events },
        typeof last === 'string' && last.length <= 200 ? last : undefined,
      );
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      res.write(`retry: 1000\n: gatehouse listen ${hub.epoch}\n\n`);
      const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      const end = () => sub.close();
      res.on('close', end);
      try {
        for (let item = await sub.next(); item; item = await sub.next()) {
          if (res.destroyed) break;
          // a slow reader: wait for its socket to drain; meanwhile its queue is bounded (the hub drops)
          if (!res.write(frame(item)))
            await new Promise<void>((resolve) => {
              res.once('drain', resolve);
              res.once('close', resolve);
            });
        }
      } finally {
        clearInterval(heartbeat);
        sub.close();
        if (!res.destroyed) res.end();
      }
    },
  );

  app.get(
    '/admin/v1/listen/secret',
    {
      onRequest: adminAuth(app),
      schema: {
        summary: 'The site’s webhook secret, for a listener (sandbox)',
        description:
          'The current webhook secret of the key’s site, with which the webhooks a listener forwards are signed: `gatehouse listen --print-secret`. Sandbox mode only; an operator credential is refused (a site’s secret is its merchant’s).',
        tags: ['admin'],
        security: [{ apiKey: [] }],
        response: { 200: ListenSecret, '4xx': AdminErrorResponse, 500: AdminErrorResponse },
      },
    },
    async (request): Promise<ListenSecret> => {
      const ctx = callerOf(request);
      const deps = app.services.deps;
      const rows = await deps.storage.read.notifications.webhookSecrets(ctx.siteId, deps.clock.now());
      const current = rows.find((r) => r.expiresAt === null) ?? rows[0];
      return {
        merchantSiteId: ctx.siteId,
        secret: current ? deps.vault.open(current.secretSealed, WEBHOOK_SECRET_PURPOSE).expose() : null,
      };
    },
  );
}

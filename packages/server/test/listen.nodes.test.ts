import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openRuntime, type Runtime } from '../src/runtime.js';
import { type Forwarded, runListen } from '../src/cli/listen.command.js';
import type { ListenItem } from '../src/delivery/listen-hub.js';
import { startRelay, type Relay } from '../src/delivery/relay.js';
import { setSiteNotificationUrl, setSiteWebhookUrl } from '../src/domain/notifications/notification.service.js';
import { dialects } from './dialects.js';
import { until } from './gatehouse-process.js';
import { apiKey, type Gateway, startGateway, validOrder } from './harness.js';
import { verifyDmn, verifyWebhook } from './notify-verify.js';
import { wireCard } from './payment-cards.js';
import { type Receiver, startReceiver } from './receiver.js';

/**
 * `gatehouse listen` with two nodes on one PostgreSQL database (ADR 0961): the listener is connected
 * to node A, the only relay runs on node B, and the payment's webhook and DMN still reach the
 * listener, as sent; a delivery too large for a NOTIFY is told as missed.
 */
describe.runIf(dialects().includes('postgres'))('gatehouse listen across two nodes on PostgreSQL', () => {
  let a: Gateway;
  let appB: FastifyInstance;
  let rtB: Runtime;
  let dirB: string;
  let site: Receiver;
  let local: Receiver;
  let relayB: Relay;
  const stop = new AbortController();

  beforeAll(async () => {
    a = await startGateway({ dialect: 'postgres' });
    // node B: another process's server on node A's database (its own data folder)
    dirB = await mkdtemp(join(tmpdir(), 'gatehouse-node-b-'));
    rtB = await openRuntime(
      loadConfig(
        {
          GATEHOUSE_DATA_DIR: dirB,
          LOG_LEVEL: 'silent',
          DATABASE_URL: a.rt.config.DATABASE_URL!,
          GATEHOUSE_MASTER_KEY: a.rt.config.GATEHOUSE_MASTER_KEY!,
        },
        process.cwd(),
      ),
    );
    appB = await buildApp({ ...rtB });
    await appB.listen({ port: 0, host: '127.0.0.1' });
    site = await startReceiver();
    local = await startReceiver();
    await setSiteWebhookUrl(a.rt.deps, a.demo.merchantSiteId, `${site.url}/site-hooks`);
    await setSiteNotificationUrl(a.rt.deps, a.demo.merchantSiteId, `${site.url}/site-dmn`);
    relayB = startRelay({ ...rtB, listen: appB.services.listen });
  });
  afterAll(async () => {
    stop.abort();
    await relayB?.stop();
    await site?.close();
    await local?.close();
    await appB?.close();
    await rtB?.store.close();
    await a?.close();
    await rm(dirB, { recursive: true, force: true });
  });

  it('a listener on node A hears the webhook and DMN node B’s relay sends, unchanged', async () => {
    const log: string[] = [];
    const handled: Forwarded[] = [];
    const done = runListen(
      {
        apiBase: a.url,
        credential: a.demo.apiKey,
        forwardTo: `${local.url}/hooks`,
        events: [],
        out: (s) => log.push(s),
        err: (s) => log.push(s),
        signal: stop.signal,
        maxBackoffMs: 500,
      },
      (f) => handled.push(f),
    );
    await until(
      () => log.some((s) => s.startsWith('Ready')),
      () => log.join('\n'),
    );
    const o = await fetch(`${a.url}/orders`, {
      method: 'POST',
      headers: { ...apiKey(a), 'content-type': 'application/json' },
      body: JSON.stringify(validOrder(a)),
    }).then((r) => r.json() as Promise<{ sessionId: string }>);
    const tx = await fetch(`${a.url}/payment-api/payments`, {
      method: 'POST',
      headers: { ...apiKey(a), 'content-type': 'application/json' },
      body: JSON.stringify({
        processingEntityId: a.demo.processingEntityId,
        sessionId: o.sessionId,
        transactionType: 'Sale',
        amount: 25.5,
        currency: 'EUR',
        paymentOption: { card: wireCard('4761344136141390') },
      }),
    })
      .then((r) => r.json() as Promise<{ transactionId: string }>)
      .then((p) => p.transactionId);
    const mine = () => local.received.filter((r) => r.body.includes(tx));
    await until(
      () => mine().length === 2,
      () => log.join('\n'),
    );
    const hook = mine().find((r) => r.headers['webhook-id'])!;
    const dmn = mine().find((r) => !r.headers['webhook-id'])!;
    expect(verifyWebhook(a.demo.webhookSecret!, hook)).toMatchObject({ data: { transactionId: tx } });
    expect(verifyDmn(a.demo.merchantSecretKey, dmn)).toMatchObject({ TransactionID: tx, Status: 'APPROVED' });
    // node A's relay is not running: B sent them, and the site got the same bytes
    await until(
      () => site.received.filter((r) => r.body.includes(tx)).length === 2,
      () => 'site receiver',
    );
    expect(site.received.find((r) => r.body.includes(tx) && r.headers['webhook-id'])!.body).toBe(hook.body);
    stop.abort();
    await done;
  });

  it('a delivery too large for a NOTIFY reaches the other node’s listeners as a missed notice', async () => {
    const sub = a.app.services.listen.subscribe({ merchantId: 'm_large', events: [] });
    appB.services.listen.publish({
      notificationId: 'ntf_large',
      kind: 'webhook',
      eventType: 'transaction.approved',
      merchantId: 'm_large',
      siteId: 's_large',
      attempt: 1,
      headers: {},
      body: 'x'.repeat(10_000),
      sentAt: Date.now(),
    });
    const item = await Promise.race([
      sub.next(),
      new Promise<ListenItem | null>((r) => setTimeout(() => r(null), 20_000)),
    ]);
    sub.close();
    expect(item).toMatchObject({ type: 'missed', count: 1 });
    expect(item && item.type === 'missed' ? item.reason : '').toContain('ntf_large');
  });
});

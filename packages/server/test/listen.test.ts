import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { type Forwarded, runListen } from '../src/cli/listen.command.js';
import { startRelay, type Relay } from '../src/delivery/relay.js';
import { createApiKey, createEntity, createMerchant } from '../src/domain/merchants/merchant.service.js';
import { setSiteNotificationUrl, setSiteWebhookUrl } from '../src/domain/notifications/notification.service.js';
import { type DialectName, dialects } from './dialects.js';
import { until } from './gatehouse-process.js';
import { apiKey, type Gateway, startGateway, validOrder } from './harness.js';
import { verifyDmn, verifyWebhook } from './notify-verify.js';
import { wireCard } from './payment-cards.js';
import { type Receiver, startReceiver } from './receiver.js';

/**
 * `gatehouse listen` (docs/decisions/0920) against a real server and a real local receiver: a
 * payment's webhook and DMN arrive at the forward URL with the gateway's own body and signature
 * (verified with the site's secrets by the public `standardwebhooks` package), again after the
 * stream drops and after the server restarts; `--events` filters; a merchant hears only its own.
 */
describe.each(dialects())('gatehouse listen on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let site: Receiver;
  let local: Receiver;
  let relay: Relay;
  let app: FastifyInstance;
  const stops: AbortController[] = [];

  const listener = (o: { credential?: string; events?: string[]; forwardTo: string }) => {
    const stop = new AbortController();
    stops.push(stop);
    const log: string[] = [];
    const handled: Forwarded[] = [];
    const done = runListen(
      {
        apiBase: gw.url,
        credential: o.credential ?? gw.demo.apiKey,
        forwardTo: o.forwardTo,
        events: o.events ?? [],
        out: (s) => log.push(s),
        err: (s) => log.push(s),
        signal: stop.signal,
        maxBackoffMs: 500,
      },
      (f) => handled.push(f),
    );
    return { stop, log, handled, done };
  };

  const pay = async (card = '4761344136141390') => {
    const o = await fetch(`${gw.url}/orders`, {
      method: 'POST',
      headers: { ...apiKey(gw), 'content-type': 'application/json' },
      body: JSON.stringify(validOrder(gw)),
    }).then((r) => r.json() as Promise<{ sessionId: string }>);
    const p = await fetch(`${gw.url}/payment-api/payments`, {
      method: 'POST',
      headers: { ...apiKey(gw), 'content-type': 'application/json' },
      body: JSON.stringify({
        processingEntityId: gw.demo.processingEntityId,
        sessionId: o.sessionId,
        transactionType: 'Sale',
        amount: 25.5,
        currency: 'EUR',
        paymentOption: { card: wireCard(card) },
      }),
    }).then((r) => r.json() as Promise<{ transactionId: string }>);
    return p.transactionId;
  };

  const ofTransaction = (rx: Receiver, tx: string) => rx.received.filter((r) => r.body.includes(tx));

  beforeAll(async () => {
    gw = await startGateway({ dialect });
    app = gw.app;
    site = await startReceiver();
    local = await startReceiver();
    await setSiteWebhookUrl(gw.rt.deps, gw.demo.merchantSiteId, `${site.url}/site-hooks`);
    await setSiteNotificationUrl(gw.rt.deps, gw.demo.merchantSiteId, `${site.url}/site-dmn`);
    relay = startRelay({ ...gw.rt, listen: app.services.listen });
  });
  afterAll(async () => {
    for (const s of stops) s.abort();
    await relay?.stop();
    await site?.close();
    await local?.close();
    if (app !== gw.app) await app.close();
    await gw?.close();
  });

  it('forwards a payment’s webhook and DMN unchanged: they verify with the site’s secrets', async () => {
    const l = listener({ forwardTo: `${local.url}/hooks` });
    await until(
      () => l.log.some((s) => s.startsWith('Ready')),
      () => l.log.join('\n'),
    );
    const tx = await pay();
    await until(
      () => ofTransaction(local, tx).length === 2,
      () => JSON.stringify(local.received.map((r) => r.url)),
    );
    const [hook, dmn] = [
      ofTransaction(local, tx).find((r) => r.headers['webhook-id']),
      ofTransaction(local, tx).find((r) => !r.headers['webhook-id']),
    ];
    expect(hook?.url).toBe('/hooks');
    expect(verifyWebhook(gw.demo.webhookSecret!, hook!)).toMatchObject({
      type: 'transaction.approved',
      data: { transactionId: tx },
    });
    expect(verifyDmn(gw.demo.merchantSecretKey, dmn!)).toMatchObject({ TransactionID: tx, Status: 'APPROVED' });
    // byte for byte what the site's own receiver got
    await until(
      () => ofTransaction(site, tx).length === 2,
      () => 'site receiver',
    );
    const siteHook = ofTransaction(site, tx).find((r) => r.headers['webhook-id'])!;
    expect({
      body: hook!.body,
      id: hook!.headers['webhook-id'],
      sig: hook!.headers['webhook-signature'],
      ts: hook!.headers['webhook-timestamp'],
    }).toEqual({
      body: siteHook.body,
      id: siteHook.headers['webhook-id'],
      sig: siteHook.headers['webhook-signature'],
      ts: siteHook.headers['webhook-timestamp'],
    });
    expect(ofTransaction(site, tx).find((r) => !r.headers['webhook-id'])!.body).toBe(dmn!.body);
    // each is printed with its event type, the local status and latency
    await until(
      () => l.handled.length >= 2,
      () => l.log.join('\n'),
    );
    expect(l.log.filter((s) => s.includes('transaction.approved') && / -> 200 \(\d+ ms\)$/.test(s))).toHaveLength(2);

    // a dropped stream: it reconnects, resumes, and the next payment arrives too
    app.services.listen.closeAll();
    const tx2 = await pay();
    await until(
      () => ofTransaction(local, tx2).length === 2,
      () => l.log.join('\n'),
    );
    // one reconnection, not a loop
    expect(l.log.filter((s) => s.startsWith('Reconnected'))).toHaveLength(1);
    expect(ofTransaction(local, tx)).toHaveLength(2);

    // the server restarts on the same port: the listener reconnects to the new process
    const port = new URL(gw.url).port;
    await relay.stop();
    await app.close();
    app = await buildApp({ ...gw.rt });
    await app.listen({ port: Number(port), host: '127.0.0.1' });
    relay = startRelay({ ...gw.rt, listen: app.services.listen });
    await until(
      () => l.log.filter((s) => s.startsWith('Reconnected')).length >= 2,
      () => l.log.join('\n'),
    );
    expect(l.log.some((s) => s.startsWith('! missed') && s.includes('restarted'))).toBe(true);
    const tx3 = await pay();
    await until(
      () => ofTransaction(local, tx3).length === 2,
      () => l.log.join('\n'),
    );
    expect(
      verifyWebhook(
        gw.demo.webhookSecret!,
        ofTransaction(local, tx3).find((r) => r.headers['webhook-id'])!,
      ),
    ).toMatchObject({ data: { transactionId: tx3 } });
    l.stop.abort();
    await l.done;
  });

  it('--events forwards only the event types named', async () => {
    const l = listener({ forwardTo: `${local.url}/declined-only`, events: ['transaction.declined'] });
    await until(
      () => l.log.some((s) => s.startsWith('Ready')),
      () => l.log.join('\n'),
    );
    const approved = await pay();
    const declined = await pay('4000000000000002');
    await until(
      () => local.received.filter((r) => r.url === '/declined-only' && r.body.includes(declined)).length === 2,
      () => l.log.join('\n'),
    );
    // in order: had the approved payment passed the filter, it would have arrived first
    const here = local.received.filter((r) => r.url === '/declined-only');
    expect(here.every((r) => r.body.includes(declined))).toBe(true);
    expect(here.some((r) => r.body.includes(approved))).toBe(false);
    l.stop.abort();
    await l.done;
  });

  it('a merchant hears only its own notifications; an unknown key is refused at once', async () => {
    const other = await createMerchant(gw.rt.deps, { name: 'Other' });
    const entity = await createEntity(gw.rt.deps, { merchantId: other.merchant.id, name: 'other entity' });
    const otherKey = (
      await createApiKey(gw.rt.deps, { entityId: entity.id, siteId: other.site.id, type: 'operations' })
    ).plaintext.expose();
    const l = listener({ credential: otherKey, forwardTo: `${local.url}/other` });
    await until(
      () => l.log.some((s) => s.startsWith('Ready')),
      () => l.log.join('\n'),
    );
    await pay();
    const res = await fetch(`${gw.url}/admin/v1/test-notifications`, {
      method: 'POST',
      headers: { 'x-api-key': otherKey, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'dmn', url: `${site.url}/other-site` }),
    });
    const own = ((await res.json()) as { id: string }).id;
    await until(
      () => l.handled.length >= 1,
      () => l.log.join('\n'),
    );
    expect(l.handled.map((h) => h.notificationId)).toEqual([own]);

    const refused = listener({ credential: 'not-a-key', forwardTo: `${local.url}/x` });
    await expect(refused.done).rejects.toThrow(/refused the credential \(401/);
    l.stop.abort();
    await l.done;
  });
});

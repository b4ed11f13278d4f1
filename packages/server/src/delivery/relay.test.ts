import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DialectName, dialects } from '../../test/dialects.js';
import { apiKey, type Gateway, startGateway } from '../../test/harness.js';
import { verifyDmn, verifyWebhook } from '../../test/notify-verify.js';
import { notificationKey, type Receiver, startReceiver } from '../../test/receiver.js';
import { loadConfig } from '../config.js';
import { createSite } from '../domain/merchants/merchant.service.js';
import { rotateWebhookSecret, WEBHOOK_SECRET_OVERLAP_MS } from '../domain/notifications/notification.service.js';
import { DMN_RETRY_DELAYS_MS, WEBHOOK_RETRY_DELAYS_MS } from '../domain/notifications/retry.schedule.js';
import { enqueueNotification } from '../domain/notifications/notification.service.js';
import { webhookNotification } from './webhook.payload.js';
import type { ManualClock } from '../lib/clock.js';
import { claimDue, INTERRUPTED, settleAttempt } from '../store/outbox-relay.repo.js';
import { Relay, type RelayOptions, relayOptionsOf } from './relay.js';

/**
 * The relay against a real store and a real receiving HTTP server. Time is a manual clock moved by
 * the test; `tick()` delivers whatever is due at that moment. Nothing sleeps.
 */

const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);
const MIN = 60_000;

describe.each(dialects())('notification relay on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let clock: ManualClock;
  let rx: Receiver;
  const relays: Relay[] = [];

  const relay = (options: Partial<RelayOptions> = {}) => {
    const r = new Relay(
      { store: gw.rt.store, deps: gw.rt.deps },
      { timeoutMs: 5_000, allowPrivate: true, concurrency: 8, ...options },
    );
    relays.push(r);
    return r;
  };
  const sendTest = async (kind: 'webhook' | 'dmn', path = '/hook') => {
    const res = await gw.request('POST', '/admin/v1/test-notifications', {
      headers: apiKey(gw),
      body: { kind, url: rx.url + path },
    });
    expect(res.status, res.text).toBe(202);
    return res.json as { id: string; status: string; attempts: unknown[] };
  };
  const deliveries = async (query = '') => {
    const res = await gw.request('GET', `/admin/v1/deliveries${query}`, { headers: apiKey(gw) });
    expect(res.status, res.text).toBe(200);
    return res.json.deliveries as Array<Record<string, any>>;
  };
  const deliveryById = async (id: string) => (await deliveries('?limit=200')).find((d) => d.id === id)!;

  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: T0 });
    clock = gw.clock as ManualClock;
  });
  afterAll(async () => {
    await gw.close();
  });
  beforeEach(async () => {
    rx = await startReceiver({ clock });
  });
  afterEach(async () => {
    for (const r of relays.splice(0)) await r.stop();
    await rx.close();
    // Each test starts from an outbox with nothing due: what a test left pending ends here.
    await gw.rt.store.write((trx) =>
      trx.updateTable('outbox').set({ status: 'failed' }).where('status', 'in', ['pending', 'delivering']).execute(),
    );
  });

  it('delivers a test webhook signed per Standard Webhooks with the demo site secret', async () => {
    const queued = await sendTest('webhook');
    expect(queued).toMatchObject({ status: 'pending', attempts: [] });
    expect(await relay().tick()).toEqual({ attempted: 1, delivered: 1 });

    expect(rx.received).toHaveLength(1);
    const rec = rx.received[0]!;
    expect(rec.url).toBe('/hook');
    expect(rec.headers['content-type']).toBe('application/json');
    expect(rec.headers['webhook-id']).toBe(queued.id);
    expect(rec.headers['webhook-timestamp']).toBe(String(Math.floor(clock.now() / 1000)));
    const msg = verifyWebhook(gw.demo.webhookSecret!, rec);
    expect(msg).toMatchObject({ type: 'test.notification', timestamp: new Date(clock.now()).toISOString() });
    expect(msg.data).toMatchObject({ currency: 'USD', amount: 10, result: { status: 'approved' }, test: true });
    expect(() => verifyWebhook('whsec_' + Buffer.alloc(32, 7).toString('base64'), rec)).toThrow();

    const d = await deliveryById(queued.id);
    expect(d).toMatchObject({ status: 'delivered', attemptCount: 1, nextAttemptAt: null, lastError: null });
    expect(d.attempts).toEqual([
      expect.objectContaining({
        attemptNo: 1,
        statusCode: 200,
        error: null,
        responseExcerpt: 'OK',
        latencyMs: expect.any(Number),
      }),
    ]);
  });

  it('delivers a test DMN as a form post whose advanceResponseChecksum verifies with the merchant secret key', async () => {
    const queued = await sendTest('dmn', '/dmn');
    await relay().tick();
    expect(rx.received).toHaveLength(1);
    const f = verifyDmn(gw.demo.merchantSecretKey, rx.received[0]!);
    expect(f).toMatchObject({
      ppp_status: 'OK',
      Status: 'APPROVED',
      totalAmount: '10.00',
      currency: 'USD',
      transactionType: 'Sale',
      productId: 'test-notification',
      merchant_id: gw.demo.merchantId,
      merchant_site_id: gw.demo.merchantSiteId,
      responseTimeStamp: '2026-01-15.12:00:00',
    });
    expect(f.merchant_unique_id).toMatch(/^test-/);
    expect(rx.received[0]!.headers['webhook-signature']).toBeUndefined();
    expect((await deliveryById(queued.id)).status).toBe('delivered');
    // A wrong key does not verify.
    expect(() => verifyDmn('not-the-key', rx.received[0]!)).toThrow(/mismatch/);
  });

  it('receiver down for the first 3 attempts: retried on the webhook schedule, 4 attempts recorded, delivered once after de-duplication', async () => {
    rx.behave((_r, nth) => (nth <= 3 ? { status: 500, body: 'down' } : { status: 200, body: 'OK' }));
    const queued = await sendTest('webhook');
    const r = relay();
    expect(await r.tick()).toEqual({ attempted: 1, delivered: 0 });
    // Not due before the next retry time, due at it: 1 min, then 5 min, then 5 min.
    for (const wait of WEBHOOK_RETRY_DELAYS_MS.slice(0, 3)) {
      const d = await deliveryById(queued.id);
      expect(d.status).toBe('pending');
      expect(d.nextAttemptAt).toBe(new Date(clock.now() + wait).toISOString());
      clock.advance(wait - 1);
      expect(await r.tick()).toEqual({ attempted: 0, delivered: 0 });
      clock.advance(1);
      expect((await r.tick()).attempted).toBe(1);
    }
    const d = await deliveryById(queued.id);
    expect(d).toMatchObject({ status: 'delivered', attemptCount: 4, lastError: null });
    expect(d.attempts.map((a: any) => a.statusCode)).toEqual([500, 500, 500, 200]);
    expect(d.attempts.map((a: any) => a.error)).toEqual(['HTTP 500', 'HTTP 500', 'HTTP 500', null]);
    const first = Date.parse(d.attempts[0].startedAt);
    expect(d.attempts.map((a: any) => Date.parse(a.startedAt) - first)).toEqual([0, MIN, 6 * MIN, 11 * MIN]);

    // Every attempt is signed afresh (its own timestamp) and verifies; the application keeps one.
    expect(rx.received).toHaveLength(4);
    const app = new Map<string, unknown>();
    for (const rec of rx.received) {
      const msg = verifyWebhook(gw.demo.webhookSecret!, rec);
      if (rec.answered === 200 && !app.has(rec.headers['webhook-id']!)) app.set(rec.headers['webhook-id']!, msg);
    }
    expect([...app.keys()]).toEqual([queued.id]);
    expect(new Set(rx.received.map((x) => x.headers['webhook-timestamp'])).size).toBe(4);
  });

  it('a DMN receiver down twice is retried every 15 minutes, the same PPP_TransactionID and Status each time', async () => {
    rx.behave((_r, nth) => (nth <= 2 ? { status: 503 } : { status: 204 }));
    const queued = await sendTest('dmn', '/dmn');
    const r = relay();
    await r.tick();
    for (let i = 0; i < 2; i++) {
      clock.advance(15 * MIN - 1);
      expect((await r.tick()).attempted).toBe(0);
      clock.advance(1);
      expect((await r.tick()).attempted).toBe(1);
    }
    const d = await deliveryById(queued.id);
    expect(d).toMatchObject({ status: 'delivered', attemptCount: 3 });
    expect(d.attempts.map((a: any) => a.statusCode)).toEqual([503, 503, 204]);
    const keys = rx.received.map((rec) => {
      verifyDmn(gw.demo.merchantSecretKey, rec);
      return notificationKey(rec);
    });
    expect(new Set(keys).size).toBe(1);
  });

  it('a webhook never accepted ends failed after 17 attempts over about 24 h; a resend re-queues it with its history', async () => {
    rx.behave(() => ({ status: 500 }));
    const queued = await sendTest('webhook');
    const r = relay();
    await r.tick();
    for (const wait of WEBHOOK_RETRY_DELAYS_MS) {
      clock.advance(wait);
      expect((await r.tick()).attempted).toBe(1);
    }
    let d = await deliveryById(queued.id);
    expect(d).toMatchObject({ status: 'failed', attemptCount: 17, nextAttemptAt: null, lastError: 'HTTP 500' });
    clock.advance(7 * 24 * 60 * MIN);
    expect((await r.tick()).attempted).toBe(0);

    rx.behave(() => ({ status: 200 }));
    const res = await gw.request('POST', `/admin/v1/deliveries/${queued.id}/resend`, { headers: apiKey(gw) });
    expect(res.status, res.text).toBe(202);
    expect(res.json).toMatchObject({
      id: queued.id,
      status: 'pending',
      attemptCount: 17,
      nextAttemptAt: new Date(clock.now()).toISOString(),
    });
    expect(res.json.attempts).toHaveLength(17);
    expect(await r.tick()).toEqual({ attempted: 1, delivered: 1 });
    d = await deliveryById(queued.id);
    expect(d).toMatchObject({ status: 'delivered', attemptCount: 18 });
    expect(d.attempts.at(-1)).toMatchObject({ attemptNo: 18, statusCode: 200 });
    expect((await deliveries('?limit=200')).filter((x) => x.id === queued.id)).toHaveLength(1);
  });

  it('a DMN never accepted gets 97 attempts over 24 hours, then fails', async () => {
    rx.behave(() => ({ status: 500 }));
    const queued = await sendTest('dmn');
    const r = relay();
    await r.tick();
    for (const wait of DMN_RETRY_DELAYS_MS) {
      clock.advance(wait);
      await r.tick();
    }
    expect(await deliveryById(queued.id)).toMatchObject({ status: 'failed', attemptCount: 97 });
    expect(rx.received).toHaveLength(97);
  });

  it('does not follow a redirect: a 302 is a failed attempt and the Location is never requested', async () => {
    rx.behave((rec) => (rec.url === '/moved' ? { status: 302, headers: { location: '/elsewhere' } } : { status: 200 }));
    const queued = await sendTest('webhook', '/moved');
    await relay().tick();
    expect(rx.received.map((x) => x.url)).toEqual(['/moved']);
    const d = await deliveryById(queued.id);
    expect(d).toMatchObject({ status: 'pending', attemptCount: 1 });
    expect(d.attempts[0]).toMatchObject({ statusCode: 302, error: 'redirect not followed (302 to /elsewhere)' });
  });

  it('records a timeout when the receiver never answers', async () => {
    rx.behave(() => 'hang');
    const queued = await sendTest('webhook');
    await relay({ timeoutMs: 300 }).tick();
    const d = await deliveryById(queued.id);
    expect(d.status).toBe('pending');
    expect(d.attempts[0]).toMatchObject({ statusCode: null, error: 'timeout after 300 ms' });
    expect(d.attempts[0].latencyMs).toBeGreaterThanOrEqual(250);
  });

  it('records a refused connection', async () => {
    const closed = await startReceiver();
    const url = closed.url;
    await closed.close();
    const res = await gw.request('POST', '/admin/v1/test-notifications', {
      headers: apiKey(gw),
      body: { kind: 'webhook', url },
    });
    await relay().tick();
    const d = await deliveryById(res.json.id);
    expect(d.attempts[0].statusCode).toBeNull();
    expect(d.attempts[0].error).toMatch(/ECONNREFUSED/);
  });

  it('reads at most 1 KiB of a response', async () => {
    rx.behave(() => ({ status: 200, body: 'x'.repeat(100_000) }));
    const queued = await sendTest('webhook');
    await relay().tick();
    const d = await deliveryById(queued.id);
    expect(d.status).toBe('delivered');
    expect(d.attempts[0].responseExcerpt).toHaveLength(1024);
  });

  it('production mode refuses private-network targets (literal and by name) with a recorded error', async () => {
    const prod = loadConfig({ GATEHOUSE_MODE: 'production' }, process.cwd());
    expect(relayOptionsOf(prod).allowPrivate).toBe(false);
    expect(
      relayOptionsOf(
        loadConfig({ GATEHOUSE_MODE: 'production', GATEHOUSE_DELIVERY_ALLOW_PRIVATE: 'true' }, process.cwd()),
      ).allowPrivate,
    ).toBe(true);
    expect(relayOptionsOf(loadConfig({}, process.cwd())).allowPrivate).toBe(true);

    const port = new URL(rx.url).port;
    const ids: string[] = [];
    for (const url of [
      `http://127.0.0.1:${port}/a`,
      `http://localhost:${port}/b`,
      `http://[::1]:${port}/c`,
      'http://169.254.169.254/latest',
    ]) {
      const res = await gw.request('POST', '/admin/v1/test-notifications', {
        headers: apiKey(gw),
        body: { kind: 'webhook', url },
      });
      ids.push(res.json.id);
    }
    await relay({ ...relayOptionsOf(prod), timeoutMs: 2_000 }).tick();
    expect(rx.received).toHaveLength(0);
    for (const id of ids) {
      const d = await deliveryById(id);
      expect(d.status).toBe('pending');
      expect(d.attempts[0].statusCode).toBeNull();
      expect(d.attempts[0].error).toMatch(/^private network target refused \((127\.0\.0\.1|::1|169\.254\.169\.254)\)/);
    }
  });

  it('a relay that dies mid-delivery loses nothing: after its lease the row is claimed again, the open attempt marked interrupted', async () => {
    const queued = await sendTest('webhook');
    // A relay claims the row, then "dies": it never settles.
    const [claimed] = await gw.rt.store.write((trx) =>
      claimDue(trx, gw.rt.store.dialect, { relayId: 'dead-relay', now: clock.now(), leaseMs: 30_000, limit: 10 }),
    );
    expect(claimed).toMatchObject({ id: queued.id, status: 'delivering', attempts: 1, lockedBy: 'dead-relay' });
    const r = relay();
    expect((await r.tick()).attempted).toBe(0);
    clock.advance(30_000 - 1);
    expect((await r.tick()).attempted).toBe(0);
    clock.advance(1);
    expect(await r.tick()).toEqual({ attempted: 1, delivered: 1 });
    const d = await deliveryById(queued.id);
    expect(d).toMatchObject({ status: 'delivered', attemptCount: 2 });
    expect(d.attempts).toMatchObject([
      { attemptNo: 1, statusCode: null, error: INTERRUPTED },
      { attemptNo: 2, statusCode: 200, error: null },
    ]);
    // The dead relay waking up late cannot move the row any more.
    const moved = await gw.rt.store.write((trx) =>
      settleAttempt(trx, {
        outboxId: queued.id,
        relayId: 'dead-relay',
        attemptNo: 1,
        now: clock.now(),
        result: { statusCode: 500, latencyMs: 1, error: 'HTTP 500', responseExcerpt: '' },
        next: { status: 'pending', runAt: clock.now() + MIN },
      }),
    );
    expect(moved).toBe(false);
    expect((await deliveryById(queued.id)).status).toBe('delivered');
    expect(rx.received).toHaveLength(1);
  });

  it('a resend while an attempt is in flight is refused (409); of another merchant or unknown, 404', async () => {
    const queued = await sendTest('webhook');
    await gw.rt.store.write((trx) =>
      claimDue(trx, gw.rt.store.dialect, { relayId: 'busy', now: clock.now(), leaseMs: 30_000, limit: 10 }),
    );
    const busy = await gw.request('POST', `/admin/v1/deliveries/${queued.id}/resend`, { headers: apiKey(gw) });
    expect(busy.status).toBe(409);
    expect(busy.json).toEqual({
      result: { status: 'error', errors: { code: '5300.1003', reason: 'Still Processing' } },
    });
    const missing = await gw.request('POST', '/admin/v1/deliveries/ntf_nope/resend', { headers: apiKey(gw) });
    expect(missing.status).toBe(404);
    clock.advance(30_000);
    await relay().tick();
  });

  it('rotating the webhook secret signs with both secrets for 24 hours, then with the new one only', async () => {
    const site = await createSite(gw.rt.deps, { merchantId: gw.demo.merchantId, name: 'rotation site' });
    const first = (await rotateWebhookSecret(gw.rt.deps, site.site.id)).secret.expose();
    const rotated = await rotateWebhookSecret(gw.rt.deps, site.site.id);
    expect(rotated.previousValidUntil).toBe(clock.now() + WEBHOOK_SECRET_OVERLAP_MS);
    const second = rotated.secret.expose();
    expect(second).not.toBe(first);
    expect(second).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const send = async (key: string) => {
      await gw.rt.deps.storage.write((repos) =>
        enqueueNotification(
          repos,
          webhookNotification({
            dedupeKey: key,
            merchantId: gw.demo.merchantId,
            siteId: site.site.id,
            orderId: null,
            sessionId: null,
            transactionId: null,
            url: rx.url + '/r',
            type: 'test.notification',
            data: { key },
            at: clock.now(),
          }),
          clock.now(),
        ),
      );
      await relay().tick();
      return rx.received.at(-1)!;
    };
    const during = await send('rotation-during');
    expect(during.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(verifyWebhook(first, during).data).toEqual({ key: 'rotation-during' });
    expect(verifyWebhook(second, during).data).toEqual({ key: 'rotation-during' });

    clock.advance(WEBHOOK_SECRET_OVERLAP_MS);
    const after = await send('rotation-after');
    expect(after.headers['webhook-signature']!.split(' ')).toHaveLength(1);
    expect(verifyWebhook(second, after).data).toEqual({ key: 'rotation-after' });
    expect(() => verifyWebhook(first, after)).toThrow();
  });

  it('a site without a webhook secret: the attempt fails with a message naming the fix, and succeeds once a secret exists', async () => {
    const { site } = await createSite(gw.rt.deps, { merchantId: gw.demo.merchantId, name: 'no secret yet' });
    const { id } = await gw.rt.deps.storage.write((repos) =>
      enqueueNotification(
        repos,
        webhookNotification({
          dedupeKey: 'no-secret',
          merchantId: gw.demo.merchantId,
          siteId: site.id,
          orderId: null,
          sessionId: null,
          transactionId: null,
          url: rx.url,
          type: 'test.notification',
          data: {},
          at: clock.now(),
        }),
        clock.now(),
      ),
    );
    const r = relay();
    await r.tick();
    let d = await deliveryById(id);
    expect(d.attempts[0].error).toBe(
      `site ${site.id} has no webhook secret: create one with \`gatehouse webhooks rotate-secret --site ${site.id}\``,
    );
    expect(rx.received).toHaveLength(0);
    const { secret } = await rotateWebhookSecret(gw.rt.deps, site.id);
    clock.advance(MIN);
    await r.tick();
    d = await deliveryById(id);
    expect(d.status).toBe('delivered');
    verifyWebhook(secret.expose(), rx.received[0]!);
  });
});

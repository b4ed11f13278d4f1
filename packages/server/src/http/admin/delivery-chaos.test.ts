import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { apiKey, type Gateway, startGateway } from '../../../test/harness.js';
import { verifyDmn, verifyWebhook } from '../../../test/notify-verify.js';
import { type Receiver, startReceiver } from '../../../test/receiver.js';
import { Relay } from '../../delivery/relay.js';
import { sendTestNotification } from '../../domain/notifications/notification.service.js';
import type { ManualClock } from '../../lib/clock.js';

/**
 * Delivery chaos (sandbox, docs/decisions/0922), each mode against a real local receiver: drop (not
 * sent, retried on schedule), delay (sent late, as signed), duplicate (the same request twice) and
 * reorder (a later notification overtakes it). What a receiver's idempotency must survive.
 */
describe.each(dialects())('delivery chaos on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let rx: Receiver;
  let relay: Relay;
  const logs: Array<{ obj: Record<string, unknown>; msg: string }> = [];

  const clock = () => gw.clock as ManualClock;
  const chaos = (body: unknown) => gw.request('PUT', '/admin/v1/delivery-chaos', { headers: apiKey(gw), body });
  const send = (kind: 'webhook' | 'dmn', path: string) =>
    sendTestNotification(
      gw.rt.deps,
      { merchantId: gw.demo.merchantId, siteId: gw.demo.merchantSiteId },
      { kind, url: `${rx.url}${path}` },
    );
  const at = (path: string) => rx.received.filter((r) => r.url === path);

  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: Date.UTC(2026, 5, 1, 12) });
    rx = await startReceiver({ clock: gw.clock });
    const log = (obj: object, msg: string) => logs.push({ obj: obj as Record<string, unknown>, msg });
    relay = new Relay(
      { store: gw.rt.store, deps: gw.rt.deps, log: { info: log, warn: log, error: log } },
      { timeoutMs: 5000, allowPrivate: true, chaos: true },
    );
  });
  afterAll(async () => {
    await relay?.stop();
    await rx?.close();
    await gw?.close();
  });

  it('shows no chaos until set; sets and clears it', async () => {
    const none = await gw.request('GET', '/admin/v1/delivery-chaos', { headers: apiKey(gw) });
    expect(none.json).toEqual({ drop: 0, delay: 0, delayMs: 2000, duplicate: 0, reorder: 0, reorderMs: 5000 });
    const set = await chaos({ drop: 0.25, duplicate: 0.5 });
    expect(set.status, set.text).toBe(200);
    expect(set.json).toMatchObject({ drop: 0.25, duplicate: 0.5, delay: 0, reorder: 0 });
    expect((await gw.request('GET', '/admin/v1/delivery-chaos', { headers: apiKey(gw) })).json).toMatchObject({
      drop: 0.25,
      duplicate: 0.5,
    });
    expect((await gw.request('DELETE', '/admin/v1/delivery-chaos', { headers: apiKey(gw) })).status).toBe(204);
    expect((await gw.request('GET', '/admin/v1/delivery-chaos', { headers: apiKey(gw) })).json).toMatchObject({
      drop: 0,
      duplicate: 0,
    });
  });

  it('drop: nothing reaches the receiver, the attempt is recorded as failed and retried on schedule', async () => {
    await chaos({ drop: 1 });
    const d = await send('webhook', '/drop');
    await relay.tick();
    expect(at('/drop')).toHaveLength(0);
    const row = await gw.request('GET', '/admin/v1/deliveries?transactionId=' + d.transactionId, {
      headers: apiKey(gw),
    });
    expect(row.json.deliveries[0]).toMatchObject({
      status: 'pending',
      attemptCount: 1,
      lastError: 'chaos: dropped (sandbox delivery chaos)',
    });
    await chaos({});
    clock().advance(60 * 60 * 1000);
    await relay.tick();
    expect(at('/drop')).toHaveLength(1);
    expect(verifyWebhook(gw.demo.webhookSecret!, at('/drop')[0]!)).toMatchObject({ type: 'test.notification' });
  });

  it('duplicate: the same request twice (same webhook-id, body and signature; same DMN), one attempt recorded', async () => {
    await chaos({ duplicate: 1 });
    const hook = await send('webhook', '/dup-hook');
    await send('dmn', '/dup-dmn');
    await relay.tick();
    await chaos({});
    const [a, b] = at('/dup-hook');
    expect(at('/dup-hook')).toHaveLength(2);
    expect({ id: b!.headers['webhook-id'], sig: b!.headers['webhook-signature'], body: b!.body }).toEqual({
      id: a!.headers['webhook-id'],
      sig: a!.headers['webhook-signature'],
      body: a!.body,
    });
    expect(a!.headers['webhook-id']).toBe(hook.id);
    expect(at('/dup-dmn')).toHaveLength(2);
    expect(at('/dup-dmn')[1]!.body).toBe(at('/dup-dmn')[0]!.body);
    expect(verifyDmn(gw.demo.merchantSecretKey, at('/dup-dmn')[1]!)).toMatchObject({ Status: 'APPROVED' });
    const row = await gw.request('GET', '/admin/v1/deliveries?transactionId=' + hook.transactionId, {
      headers: apiKey(gw),
    });
    expect(row.json.deliveries[0]).toMatchObject({ status: 'delivered', attemptCount: 1 });
  });

  it('delay: the signed request is held, then sent and delivered', async () => {
    await chaos({ delay: 1, delayMs: 50 });
    const d = await send('webhook', '/late');
    await relay.tick();
    await chaos({});
    expect(at('/late')).toHaveLength(1);
    expect(verifyWebhook(gw.demo.webhookSecret!, at('/late')[0]!)).toMatchObject({ type: 'test.notification' });
    expect(
      logs.some((l) => l.msg === 'delivery chaos: delayed' && l.obj.notification === d.id && l.obj.delayMs === 50),
    ).toBe(true);
  });

  it('reorder: a notification held back arrives after one queued later', async () => {
    await chaos({ reorder: 1, reorderMs: 5000 });
    const first = await send('webhook', '/order');
    await relay.tick();
    expect(at('/order')).toHaveLength(0);
    await chaos({});
    clock().advance(1000);
    const second = await send('webhook', '/order');
    await relay.tick();
    clock().advance(5000);
    await relay.tick();
    expect(at('/order').map((r) => r.headers['webhook-id'])).toEqual([second.id, first.id]);
    for (const r of at('/order')) expect(verifyWebhook(gw.demo.webhookSecret!, r)).toBeTruthy();
    // held back, not failed: its one attempt is the delivery
    const row = await gw.request('GET', '/admin/v1/deliveries?transactionId=' + first.transactionId, {
      headers: apiKey(gw),
    });
    expect(row.json.deliveries[0]).toMatchObject({ status: 'delivered', lastError: null });
    expect(row.json.deliveries[0].attempts).toHaveLength(1);
  });

  it.each([
    ['a rate above 1', { drop: 1.5 }],
    ['a negative rate', { duplicate: -0.1 }],
    ['a delay over two minutes', { delay: 1, delayMs: 120_001 }],
    ['an unknown mode', { corrupt: 1 }],
  ])('refuses %s with 400', async (_name, body) => {
    const r = await chaos(body);
    expect(r.status, r.text).toBe(400);
    expect(r.json).toMatchObject({ result: { status: 'error', errors: { code: expect.any(String) } } });
  });
});

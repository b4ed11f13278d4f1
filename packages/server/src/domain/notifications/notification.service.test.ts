import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { verifyDmn, verifyWebhook } from '../../../test/notify-verify.js';
import { type Receiver, startReceiver } from '../../../test/receiver.js';
import { Relay } from '../../delivery/relay.js';
import type { ManualClock } from '../../lib/clock.js';
import type { Minor } from '../../lib/money.js';
import { Invalid } from '../errors.js';
import {
  enqueueNotification,
  listDeliveries,
  notifyTransactionOutcome,
  setSiteNotificationUrl,
} from './notification.service.js';
import type { TransactionOutcome } from './notification.types.js';
import { webhookNotification } from '../../delivery/webhook.payload.js';

/** Queuing notifications inside a store transaction, as payments will: atomic, idempotent, delivered. */
describe.each(dialects())('notification service on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let clock: ManualClock;
  let rx: Receiver;
  let relay: Relay;

  const count = async (where: { dedupeKey?: string; orderId?: number } = {}) => {
    let q = gw.rt.store.db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n'));
    if (where.dedupeKey) q = q.where('dedupe_key', '=', where.dedupeKey);
    if (where.orderId) q = q.where('order_id', '=', where.orderId);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };
  const outcome = (over: Partial<TransactionOutcome> = {}): TransactionOutcome => ({
    merchantId: gw.demo.merchantId,
    siteId: gw.demo.merchantSiteId,
    orderId: 100000777,
    sessionId: 'sess-777',
    transactionId: '7110000000000000777',
    pppTransactionId: '777',
    transactionType: 'Sale',
    status: 'APPROVED',
    amount: 2550 as Minor,
    currency: 'EUR',
    at: clock.now(),
    productId: 'ticket',
    clientUniqueId: 'cu-777',
    ...over,
  });

  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: Date.UTC(2026, 5, 1, 8, 0, 0) });
    clock = gw.clock as ManualClock;
    rx = await startReceiver({ clock });
    relay = new Relay({ store: gw.rt.store, deps: gw.rt.deps }, { timeoutMs: 5_000, allowPrivate: true });
  });
  afterAll(async () => {
    await relay.stop();
    await rx.close();
    await gw.close();
  });

  const event = (dedupeKey: string) =>
    webhookNotification({
      dedupeKey,
      merchantId: gw.demo.merchantId,
      siteId: gw.demo.merchantSiteId,
      orderId: null,
      sessionId: null,
      transactionId: null,
      url: rx.url,
      type: 'test.notification',
      data: {},
      at: clock.now(),
    });

  it('enqueueing the same event twice yields one row', async () => {
    const a = await gw.rt.deps.storage.write((repos) => enqueueNotification(repos, event('same-key'), clock.now()));
    clock.advance(1000);
    const b = await gw.rt.deps.storage.write((repos) => enqueueNotification(repos, event('same-key'), clock.now()));
    expect(a).toEqual({ id: expect.stringMatching(/^ntf_/), created: true });
    expect(b).toEqual({ id: a.id, created: false });
    // Twice in one transaction, too.
    const c = await gw.rt.deps.storage.write(async (repos) => [
      await enqueueNotification(repos, event('same-key-2'), clock.now()),
      await enqueueNotification(repos, event('same-key-2'), clock.now()),
    ]);
    expect(c[1]).toEqual({ id: c[0]!.id, created: false });
    expect(await count({ dedupeKey: 'same-key' })).toBe(1);
    expect(await count({ dedupeKey: 'same-key-2' })).toBe(1);
  });

  it('commits with the state change or not at all: a rolled-back transaction leaves no notification', async () => {
    await expect(
      gw.rt.deps.storage.write(async (repos) => {
        await enqueueNotification(repos, event('rolled-back'), clock.now());
        throw new Invalid('card', 'payment failed after the event was queued');
      }),
    ).rejects.toBeInstanceOf(Invalid);
    expect(await count({ dedupeKey: 'rolled-back' })).toBe(0);
  });

  it('a transaction outcome queues a webhook to webhookUrl and a DMN to notificationUrl, once however often it is reported', async () => {
    const report = () =>
      gw.rt.deps.storage.write((repos) =>
        notifyTransactionOutcome(
          repos,
          gw.rt.deps.render,
          {
            outcome: outcome(),
            webhookUrl: rx.url + '/wh',
            notificationUrl: rx.url + '/dmn',
            webhookData: {
              transactionId: '7110000000000000777',
              result: { status: 'approved' },
              sessionId: 'sess-777',
              merchantTransactionId: 'mt-777',
            },
          },
          clock.now(),
        ),
      );
    const first = await report();
    expect(first.map((q) => [q.kind, q.created])).toEqual([
      ['webhook', true],
      ['dmn', true],
    ]);
    const again = await report();
    expect(again.map((q) => q.created)).toEqual([false, false]);
    expect(await count({ orderId: 100000777 })).toBe(2);

    await relay.tick();
    const wh = rx.received.find((r) => r.url === '/wh')!;
    expect(verifyWebhook(gw.demo.webhookSecret!, wh)).toEqual({
      type: 'transaction.approved',
      timestamp: new Date(clock.now()).toISOString(),
      data: {
        transactionId: '7110000000000000777',
        result: { status: 'approved' },
        sessionId: 'sess-777',
        merchantTransactionId: 'mt-777',
      },
    });
    const f = verifyDmn(
      gw.demo.merchantSecretKey,
      rx.received.find((r) => r.url === '/dmn')!,
    );
    expect(f).toMatchObject({
      Status: 'APPROVED',
      PPP_TransactionID: '777',
      TransactionID: '7110000000000000777',
      totalAmount: '25.50',
      currency: 'EUR',
      productId: 'ticket',
      merchant_unique_id: 'cu-777',
    });

    for (const filter of [
      { orderId: 100000777 },
      { sessionId: 'sess-777' },
      { transactionId: '7110000000000000777' },
    ]) {
      const list = await listDeliveries(gw.rt.deps, { ...filter, limit: 10 });
      expect(list.map((d) => [d.kind, d.status, d.attemptLog.length]).sort()).toEqual([
        ['dmn', 'delivered', 1],
        ['webhook', 'delivered', 1],
      ]);
    }
  });

  it("without a notificationUrl the DMN goes to the site's default; without either, no DMN", async () => {
    const none = await gw.rt.deps.storage.write((repos) =>
      notifyTransactionOutcome(
        repos,
        gw.rt.deps.render,
        { outcome: outcome({ pppTransactionId: '778', transactionId: '778' }), webhookData: {} },
        clock.now(),
      ),
    );
    expect(none).toEqual([]);

    await expect(setSiteNotificationUrl(gw.rt.deps, gw.demo.merchantSiteId, 'ftp://nope')).rejects.toThrow(
      '[notificationUrl] must be an http or https URL',
    );
    await setSiteNotificationUrl(gw.rt.deps, gw.demo.merchantSiteId, rx.url + '/site-default');
    const queued = await gw.rt.deps.storage.write((repos) =>
      notifyTransactionOutcome(
        repos,
        gw.rt.deps.render,
        { outcome: outcome({ pppTransactionId: '779', transactionId: '779', status: 'DECLINED' }), webhookData: {} },
        clock.now(),
      ),
    );
    expect(queued.map((q) => q.kind)).toEqual(['dmn']);
    await relay.tick();
    const rec = rx.received.find((r) => r.url === '/site-default')!;
    expect(verifyDmn(gw.demo.merchantSecretKey, rec)).toMatchObject({
      PPP_TransactionID: '779',
      Status: 'DECLINED',
      ppp_status: 'FAIL',
    });
    await setSiteNotificationUrl(gw.rt.deps, gw.demo.merchantSiteId, null);
    expect(await gw.rt.deps.storage.read.notifications.siteNotificationUrl(gw.demo.merchantSiteId)).toBeNull();
  });
});

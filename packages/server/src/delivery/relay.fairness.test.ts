import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DialectName, dialects } from '../../test/dialects.js';
import { type Gateway, startGateway } from '../../test/harness.js';
import { type Receiver, startReceiver } from '../../test/receiver.js';
import { createMerchant } from '../domain/merchants/merchant.service.js';
import { sendTestNotification } from '../domain/notifications/notification.service.js';
import { Relay } from './relay.js';

/**
 * Fair delivery (docs/decisions/0825), measured with a slow receiver beside a fast one: 64
 * notifications of one merchant wait at a receiver that does not answer; another merchant's
 * notification, queued after them, still arrives while they hang. The slow receiver holds at most its
 * per-target share of the relay's slots. No timing is asserted: the slow receiver answers only when
 * the test releases it.
 */
describe.each(dialects())('fair delivery on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let slow: Receiver;
  let fast: Receiver;
  beforeAll(async () => {
    gw = await startGateway({ dialect });
    slow = await startReceiver();
    fast = await startReceiver();
  });
  afterAll(async () => {
    slow.release();
    await gw?.close();
    await slow?.close();
    await fast?.close();
  });

  it('a slow receiver delays only its own notifications', { timeout: 120_000 }, async () => {
    slow.behave(() => 'hang');
    fast.behave(() => ({ status: 200, body: 'OK' }));
    const demo = { merchantId: gw.demo.merchantId, siteId: gw.demo.merchantSiteId };
    for (let i = 0; i < 64; i++)
      await sendTestNotification(gw.rt.deps, demo, { kind: i % 2 ? 'dmn' : 'webhook', url: `${slow.url}/slow-${i}` });
    const relay = new Relay(
      { store: gw.rt.store, deps: gw.rt.deps },
      { timeoutMs: 60_000, allowPrivate: true, concurrency: 16, perTarget: 8, pollMs: 20 },
    );
    relay.start();
    try {
      const until = async (check: () => boolean, what: string) => {
        for (let i = 0; i < 600 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
        expect(check(), what).toBe(true);
      };
      await until(() => slow.hanging() === 8, `slow receiver holds ${slow.hanging()}`);
      // another merchant's notification, queued after the backlog
      const other = await createMerchant(gw.rt.deps, { name: 'Other' });
      await sendTestNotification(
        gw.rt.deps,
        { merchantId: other.merchant.id, siteId: other.site.id },
        { kind: 'dmn', url: `${fast.url}/fast` },
      );
      await until(
        () => fast.received.some((r) => r.url === '/fast' && r.answered === 200),
        'the fast receiver got nothing',
      );
      // meanwhile the slow receiver never held more than its share, and none of its notifications was answered
      expect(slow.hanging()).toBe(8);
      expect(slow.received.filter((r) => r.answered !== undefined)).toEqual([]);
      // released, the backlog drains, eight at a time
      slow.behave(() => ({ status: 200, body: 'OK' }));
      slow.release();
      await until(
        () => new Set(slow.received.filter((r) => r.answered === 200).map((r) => r.url)).size === 64,
        'backlog not drained',
      );
    } finally {
      await relay.stop();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Relay } from '../src/delivery/relay.js';
import { setSiteNotificationUrl, setSiteWebhookUrl } from '../src/domain/notifications/notification.service.js';
import { cliJson } from './cli-process.js';
import { type DialectName, dialects } from './dialects.js';
import { apiKey, type Gateway, startGateway, validOrder } from './harness.js';
import { wireCard } from './payment-cards.js';
import { type Receiver, startReceiver } from './receiver.js';

/**
 * A resend goes to the site's address in force now when the notification's address was the site's
 * default, and to the same address when the payment named it (docs/decisions/0826): real REST payments,
 * `gatehouse deliveries resend` as a child process and the admin API's resend, on both stores.
 */
describe.each(dialects())('resend to the site’s current address on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let rx: Receiver;
  let relay: Relay;
  let env: Record<string, string>;

  beforeAll(async () => {
    gw = await startGateway({ dialect });
    rx = await startReceiver();
    relay = new Relay({ store: gw.rt.store, deps: gw.rt.deps }, { timeoutMs: 5_000, allowPrivate: true });
    env = {};
    if (gw.rt.config.DATABASE_URL) env.DATABASE_URL = gw.rt.config.DATABASE_URL;
    if (gw.rt.config.GATEHOUSE_MASTER_KEY) env.GATEHOUSE_MASTER_KEY = gw.rt.config.GATEHOUSE_MASTER_KEY;
  });
  afterAll(async () => {
    await relay?.stop();
    await rx?.close();
    await gw?.close();
  });

  const pay = async (merchantTransactionId: string, urlDetails?: Record<string, string>) => {
    const o = await gw.request('POST', '/orders', {
      headers: apiKey(gw),
      body: validOrder(gw, { merchantTransactionId, ...(urlDetails ? { urlDetails } : {}) }),
    });
    expect(o.status, o.text).toBe(201);
    const p = await gw.request('POST', '/payment-api/payments', {
      headers: apiKey(gw),
      body: {
        processingEntityId: gw.demo.processingEntityId,
        sessionId: (o.json as { sessionId: string }).sessionId,
        transactionType: 'Sale',
        amount: 25.5,
        currency: 'EUR',
        paymentOption: { card: wireCard('4761344136141390') },
      },
    });
    expect(p.status, p.text).toBe(200);
    return (p.json as { transactionId: string }).transactionId;
  };
  const rowsOf = (transactionId: string) =>
    gw.rt.store.db
      .selectFrom('outbox')
      .select(['id', 'kind', 'target_url'])
      .where('transaction_id', '=', transactionId)
      .orderBy('kind')
      .execute();
  const paths = () => rx.received.map((r) => r.url);

  it(
    'follows the site for its default addresses, keeps an address the payment named',
    { timeout: 180_000 },
    async () => {
      const site = gw.demo.merchantSiteId;
      await setSiteWebhookUrl(gw.rt.deps, site, `${rx.url}/old-hook`);
      await setSiteNotificationUrl(gw.rt.deps, site, `${rx.url}/old-dmn`);
      const fromSite = await pay(`site-${dialect}`);
      const named = await pay(`named-${dialect}`, { webhookUrl: `${rx.url}/own-hook` });
      const [siteDmn, siteHook] = await rowsOf(fromSite);
      const [, namedHook] = await rowsOf(named);
      expect([siteDmn!.kind, siteHook!.kind, namedHook!.kind]).toEqual(['dmn', 'webhook', 'webhook']);
      expect(namedHook!.target_url).toBe(`${rx.url}/own-hook`);
      await relay.tick();
      expect(paths().sort()).toEqual(['/old-dmn', '/old-dmn', '/old-hook', '/own-hook']);

      // the site moves its receivers
      await setSiteWebhookUrl(gw.rt.deps, site, `${rx.url}/new-hook`);
      await setSiteNotificationUrl(gw.rt.deps, site, `${rx.url}/new-dmn`);
      rx.received.length = 0;

      // the CLI's resend of the webhook that went to the site's address
      const cliOut = await cliJson(gw.dataDir, ['deliveries', 'resend', siteHook!.id], env);
      expect(cliOut).toMatchObject({
        id: siteHook!.id,
        status: 'pending',
        targetUrl: `${rx.url}/new-hook`,
        targetFromSite: true,
      });
      // the admin API's resend of the DMN that went to the site's default DMN address
      const dmn = await gw.request('POST', `/admin/v1/deliveries/${siteDmn!.id}/resend`, { headers: apiKey(gw) });
      expect(dmn.status, dmn.text).toBe(202);
      expect(dmn.json).toMatchObject({ id: siteDmn!.id, targetUrl: `${rx.url}/new-dmn` });
      // a webhook URL the payment named stays, through either door
      const own = await gw.request('POST', `/admin/v1/deliveries/${namedHook!.id}/resend`, { headers: apiKey(gw) });
      expect(own.status, own.text).toBe(202);
      expect(own.json).toMatchObject({ id: namedHook!.id, targetUrl: `${rx.url}/own-hook` });
      expect(await cliJson(gw.dataDir, ['deliveries', 'resend', namedHook!.id], env)).toMatchObject({
        targetUrl: `${rx.url}/own-hook`,
        targetFromSite: false,
      });

      await relay.tick();
      expect(paths().sort()).toEqual(['/new-dmn', '/new-hook', '/own-hook']);
      // each resent row kept its earlier attempt beside the new one
      const list = await gw.request('GET', `/admin/v1/deliveries?transactionId=${fromSite}`, { headers: apiKey(gw) });
      expect(list.json.deliveries.map((d: any) => [d.kind, d.status, d.attempts.length])).toEqual(
        expect.arrayContaining([
          ['webhook', 'delivered', 2],
          ['dmn', 'delivered', 2],
        ]),
      );
    },
  );

  it('a site that has no address any more keeps the old one', { timeout: 120_000 }, async () => {
    const site = gw.demo.merchantSiteId;
    await setSiteWebhookUrl(gw.rt.deps, site, `${rx.url}/kept-hook`);
    const tx = await pay(`cleared-${dialect}`);
    const hook = (await rowsOf(tx)).find((r) => r.kind === 'webhook')!;
    await setSiteWebhookUrl(gw.rt.deps, site, null);
    const res = await gw.request('POST', `/admin/v1/deliveries/${hook.id}/resend`, { headers: apiKey(gw) });
    expect(res.status, res.text).toBe(202);
    expect(res.json).toMatchObject({ targetUrl: `${rx.url}/kept-hook` });
  });
});

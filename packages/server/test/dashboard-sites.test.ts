import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRelay, type Relay } from '../src/delivery/relay.js';
import type { ManualClock } from '../src/lib/clock.js';
import { createMerchant } from '../src/domain/merchants/merchant.service.js';
import { type DashboardBrowser, signInDemo, userWithRole } from './dashboard-client.js';
import { dialects } from './dialects.js';
import { apiKey, type Gateway, startGateway, validOrder } from './harness.js';
import { verifyWebhook } from './notify-verify.js';
import { wireCard } from './payment-cards.js';
import { type Receiver, startReceiver } from './receiver.js';

/**
 * The merchant's sites in the control panel (docs/dashboard.md): listed without a secret, the DMN
 * address and session settings changed as `gatehouse sites ...` does, the webhook secret rotated (shown
 * once; it signs the next webhook; the old one stops after its overlap); another merchant's site is 404.
 */
describe.each(dialects())('sites in the dashboard on %s', (dialect) => {
  let gw: Gateway;
  let admin: DashboardBrowser;
  let rx: Receiver;
  let relay: Relay;
  let otherSite: string;

  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: Date.UTC(2026, 10, 25, 10, 0, 0) });
    rx = await startReceiver({ clock: gw.clock });
    relay = startRelay(gw.rt);
    admin = await signInDemo(gw);
    otherSite = (await createMerchant(gw.rt.deps, { name: 'Other merchant' })).site.id;
  });
  afterAll(async () => {
    await relay?.stop();
    await rx?.close();
    await gw?.close();
  });

  const site = async () =>
    (await admin.call('GET', '/sites')).json.items.find((s: { id: string }) => s.id === gw.demo.merchantSiteId);

  /** A REST payment whose webhook goes to the receiver: the webhook as received. */
  const webhookOfPayment = async (label: string) => {
    const o = await gw.request('POST', '/orders', {
      headers: apiKey(gw),
      body: validOrder(gw, { merchantTransactionId: label, urlDetails: { webhookUrl: `${rx.url}/${label}` } }),
    });
    expect(o.status, o.text).toBe(201);
    const p = await gw.request('POST', '/payment-api/payments', {
      headers: apiKey(gw),
      body: {
        processingEntityId: gw.demo.processingEntityId,
        sessionId: o.json.sessionId,
        transactionType: 'Sale',
        amount: 25.5,
        currency: 'EUR',
        paymentOption: { card: wireCard('4761344136141390') },
      },
    });
    expect(p.status, p.text).toBe(200);
    for (let i = 0; i < 600 && !rx.received.some((r) => r.url === `/${label}`); i++)
      await new Promise((r) => setTimeout(r, 100));
    const got = rx.received.find((r) => r.url === `/${label}`);
    expect(got, `no webhook at /${label}`).toBeDefined();
    return got!;
  };

  it('lists the merchant’s own sites with their settings and never a secret', async () => {
    const r = await admin.call('GET', '/sites');
    expect(r.status, r.text).toBe(200);
    expect(r.json.items.map((s: { id: string }) => s.id)).toEqual([gw.demo.merchantSiteId]);
    expect(r.json.items[0]).toMatchObject({
      notificationUrl: null,
      uniqueClientRequestId: false,
      unreferencedRefundLimit: 1000,
      webhookSecret: { since: expect.any(String), previousUntil: null },
    });
    expect(r.text).not.toContain('whsec_');
    expect(r.text).not.toContain(gw.demo.merchantSecretKey);
    expect(r.text).not.toContain(otherSite);
  });

  it('changes the DMN address, unique clientRequestId and the unreferenced refund limit, as the CLI does', async () => {
    const r = await admin.call('PATCH', `/sites/${gw.demo.merchantSiteId}`, {
      notificationUrl: 'https://shop.example/dmn',
      uniqueClientRequestId: true,
      unreferencedRefundLimit: 50,
    });
    expect(r.status, r.text).toBe(200);
    expect(r.json.site).toMatchObject({
      notificationUrl: 'https://shop.example/dmn',
      uniqueClientRequestId: true,
      unreferencedRefundLimit: 50,
    });
    const read = gw.rt.deps.storage.read;
    expect(await read.notifications.siteNotificationUrl(gw.demo.merchantSiteId)).toBe('https://shop.example/dmn');
    expect(await read.sessions.siteSettings(gw.demo.merchantSiteId)).toMatchObject({
      uniqueClientRequestId: true,
      unreferencedRefundLimit: 50,
    });
    const cleared = await admin.call('PATCH', `/sites/${gw.demo.merchantSiteId}`, {
      notificationUrl: null,
      uniqueClientRequestId: false,
    });
    expect(cleared.json.site).toMatchObject({ notificationUrl: null, uniqueClientRequestId: false });
    expect(await site()).toMatchObject({ notificationUrl: null, unreferencedRefundLimit: 50 });
  });

  it('sets and removes the default session decline limit, as `sites configure --session-decline-limit`', async () => {
    expect(await site()).toMatchObject({ sessionDeclineLimit: null });
    const set = await admin.call('PATCH', `/sites/${gw.demo.merchantSiteId}`, { sessionDeclineLimit: 3 });
    expect(set.status, set.text).toBe(200);
    expect(set.json.site.sessionDeclineLimit).toBe(3);
    expect(await gw.rt.deps.storage.read.sessions.siteSettings(gw.demo.merchantSiteId)).toMatchObject({
      sessionDeclineLimit: 3,
    });
    const removed = await admin.call('PATCH', `/sites/${gw.demo.merchantSiteId}`, { sessionDeclineLimit: null });
    expect(removed.json.site.sessionDeclineLimit).toBeNull();
    const audit = await admin.call('GET', '/audit');
    expect(audit.json.items[0]).toMatchObject({ action: 'site.update', detail: { sessionDeclineLimit: null } });
  });

  it.each([
    ['a URL that is not http(s)', { notificationUrl: 'ftp://shop.example/dmn' }, 'notificationUrl'],
    ['a negative limit', { unreferencedRefundLimit: -1 }, 'unreferencedRefundLimit'],
    ['a limit that is not whole', { unreferencedRefundLimit: 1.5 }, 'unreferencedRefundLimit'],
    ['a flag that is not a boolean', { uniqueClientRequestId: 'yes' }, 'uniqueClientRequestId'],
    ['a decline limit of 0', { sessionDeclineLimit: 0 }, 'sessionDeclineLimit'],
    ['nothing to change', {}, undefined],
    ['an unknown field', { webhookSecret: 'whsec_x' }, undefined],
  ])('refuses %s with 400 invalid and changes nothing', async (_name, body, field) => {
    const before = await site();
    const r = await admin.call('PATCH', `/sites/${gw.demo.merchantSiteId}`, body);
    expect(r.status, r.text).toBe(400);
    expect(r.json.error.code).toBe('invalid');
    if (field) expect(r.json.error.field).toBe(field);
    expect(await site()).toEqual(before);
  });

  it('another merchant’s site is 404 for a change and a rotation', async () => {
    for (const [method, path, body] of [
      ['PATCH', `/sites/${otherSite}`, { uniqueClientRequestId: true }],
      ['POST', `/sites/${otherSite}/webhook-secret`, {}],
      ['PATCH', '/sites/no-such-site', { uniqueClientRequestId: true }],
    ] as const) {
      const r = await admin.call(method, path, body);
      expect(r.status, `${method} ${path} ${r.text}`).toBe(404);
      expect(r.json.error.code).toBe('not_found');
    }
    expect((await gw.rt.deps.storage.read.sessions.siteSettings(otherSite))?.uniqueClientRequestId ?? false).toBe(
      false,
    );
  });

  it(
    'rotates the webhook secret: shown once, it signs the next webhook, and the old one stops after its overlap',
    { timeout: 120_000 },
    async () => {
      const old = gw.demo.webhookSecret!;
      const r = await admin.call('POST', `/sites/${gw.demo.merchantSiteId}/webhook-secret`, {});
      expect(r.status, r.text).toBe(201);
      const secret = r.json.webhookSecret as string;
      expect(secret).toMatch(/^whsec_/);
      expect(secret).not.toBe(old);
      expect(r.json.previousValidUntil).toBe(new Date(gw.clock.now() + 86_400_000).toISOString());
      expect(r.json.site.webhookSecret.previousUntil).toBe(r.json.previousValidUntil);
      // never again: not in the list
      expect((await admin.call('GET', '/sites')).text).not.toContain(secret);
      // the demo credentials file follows, as with the CLI
      const file = JSON.parse(await readFile(join(gw.dataDir, 'demo-credentials.json'), 'utf8'));
      expect(file.webhookSecret).toBe(secret);

      const first = await webhookOfPayment(`rotated-${dialect}`);
      expect(verifyWebhook(secret, first).type).toBe('transaction.approved');

      (gw.clock as ManualClock).advance(86_400_000 + 60_000);
      // a session lasts 12 hours at most: sign in again
      admin = await signInDemo(gw);
      const later = await webhookOfPayment(`after-overlap-${dialect}`);
      expect(verifyWebhook(secret, later).type).toBe('transaction.approved');
      expect(() => verifyWebhook(old, later)).toThrow();
      expect((await site()).webhookSecret.previousUntil).toBeNull();
    },
  );

  it('writes every change and rotation to the audit log, without the secret', async () => {
    const audit = await admin.call('GET', '/audit');
    const actions = audit.json.items.map((i: { action: string }) => i.action);
    expect(actions).toContain('site.update');
    expect(actions).toContain('site.webhook-secret.rotate');
    expect(audit.text).not.toContain('whsec_');
    const update = audit.json.items.find((i: { action: string }) => i.action === 'site.update');
    expect(update).toMatchObject({ target: gw.demo.merchantSiteId, userEmail: gw.demo.dashboard!.email });
  });

  it('a temp user and a viewer see the sites but may neither change nor rotate (403)', async () => {
    const temp = (
      await userWithRole(gw, admin, 'temp', { expiresAt: new Date(gw.clock.now() + 86_400_000).toISOString() })
    ).browser;
    const viewer = (await userWithRole(gw, admin, 'viewer')).browser;
    for (const b of [temp, viewer]) {
      expect((await b.call('GET', '/sites')).status).toBe(200);
      expect((await b.call('POST', `/sites/${gw.demo.merchantSiteId}/webhook-secret`, {})).status).toBe(403);
      expect((await b.call('PATCH', `/sites/${gw.demo.merchantSiteId}`, { uniqueClientRequestId: true })).status).toBe(
        403,
      );
    }
  });
});

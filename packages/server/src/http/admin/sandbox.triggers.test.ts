import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { apiKey, type Gateway, startGateway } from '../../../test/harness.js';
import { type Receiver, startReceiver } from '../../../test/receiver.js';
import { Relay } from '../../delivery/relay.js';
import { createApiKey, createEntity, createMerchant } from '../../domain/merchants/merchant.service.js';
import { setSiteNotificationUrl, setSiteWebhookUrl } from '../../domain/notifications/notification.service.js';
import { setPlatformWebhookUrl } from '../../domain/platform/platform.service.js';

/**
 * Sandbox triggers and reset over HTTP (docs/sandbox.md): each scenario's objects, read back, and its
 * notifications delivered by the real relay to a real receiver; production mode refused; one merchant
 * cannot act on another's site; a reset leaves other merchants untouched.
 */

const err = (code: string) => ({ result: { status: 'error', errors: { code, reason: expect.any(String) } } });

/** scenario → the kinds and statuses made, in order, and the notifications' kind:eventType, sorted */
const EXPECTED: Record<string, { made: string[]; notifications: string[] }> = {
  approved: {
    made: ['order:open', 'transaction:approved'],
    notifications: ['dmn:transaction.approved', 'webhook:transaction.approved'],
  },
  declined: {
    made: ['order:open', 'transaction:declined'],
    notifications: ['dmn:transaction.declined', 'webhook:transaction.declined'],
  },
  '3ds-challenge': { made: ['order:open', 'transaction:approved', 'transaction:approved'], notifications: [] },
  settle: {
    made: ['order:open', 'transaction:approved', 'transaction:approved'],
    notifications: [
      'dmn:transaction.approved',
      'dmn:transaction.approved',
      'webhook:transaction.approved',
      'webhook:transaction.approved',
    ],
  },
  refund: {
    made: [expect.stringMatching(/^order:/), 'transaction:approved', 'transaction:approved'],
    notifications: [
      'dmn:transaction.approved',
      'dmn:transaction.approved',
      'webhook:transaction.approved',
      'webhook:transaction.approved',
    ],
  },
  void: {
    made: [expect.stringMatching(/^order:/), 'transaction:approved', 'transaction:approved'],
    notifications: [
      'dmn:transaction.approved',
      'dmn:transaction.approved',
      'webhook:transaction.approved',
      'webhook:transaction.approved',
    ],
  },
  'partial-approval': {
    made: [expect.stringMatching(/^order:/), 'transaction:approved'],
    notifications: ['dmn:transaction.approved', 'webhook:transaction.approved'],
  },
  'apm-pending-then-approved': {
    made: ['order:open', 'transaction:pending', 'transaction:approved'],
    notifications: [
      'dmn:transaction.approved',
      'dmn:transaction.pending',
      'webhook:transaction.approved',
      'webhook:transaction.pending',
    ],
  },
  payout: {
    made: ['user:created', 'upo:enabled', 'transaction:approved'],
    notifications: ['dmn:transaction.approved'],
  },
  'withdrawal-requested': {
    made: ['user:created', 'upo:enabled', 'withdrawalRequest:Pending'],
    notifications: ['dmn:withdrawal.pending'],
  },
  'withdrawal-approved': {
    made: [
      'user:created',
      'upo:enabled',
      'withdrawalRequest:Pending',
      'withdrawalRequest:InProgress',
      'withdrawalOrder:Approved',
    ],
    notifications: ['dmn:withdrawal.inprogress', 'dmn:withdrawal.pending', 'dmn:withdrawal_order.approved'],
  },
  'withdrawal-settled': {
    made: [
      'user:created',
      'upo:enabled',
      'withdrawalRequest:Pending',
      'withdrawalRequest:InProgress',
      'withdrawalOrder:Approved',
      'transaction:approved',
      'withdrawalOrder:Settled',
      'withdrawalRequest:Approved',
    ],
    notifications: [
      'dmn:transaction.approved',
      'dmn:withdrawal.approved',
      'dmn:withdrawal.inprogress',
      'dmn:withdrawal.pending',
      'dmn:withdrawal_order.approved',
      'dmn:withdrawal_order.settled',
    ],
  },
  'subscription-charged': {
    made: ['user:created', 'upo:enabled', 'plan:ACTIVE', 'transaction:approved', 'subscription:ACTIVE'],
    notifications: ['dmn:transaction.approved'],
  },
  'subscription-failed': {
    made: ['user:created', 'upo:enabled', 'plan:ACTIVE', 'transaction:declined', 'subscription:ACTIVE'],
    notifications: ['dmn:transaction.declined'],
  },
  'kyc-approved': {
    made: ['accountOwner:MISSING_DATA', 'accountOwner:IN_PROGRESS', 'accountOwner:ACTIVE'],
    notifications: ['webhook:kyc.status_updated', 'webhook:kyc.status_updated'],
  },
  'kyc-rejected': {
    made: ['accountOwner:MISSING_DATA', 'accountOwner:IN_PROGRESS', 'accountOwner:REJECTED'],
    notifications: ['webhook:kyc.status_updated', 'webhook:kyc.status_updated'],
  },
};

describe.each(dialects())('sandbox triggers on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let rx: Receiver;
  let relay: Relay;
  let other: { key: string; siteId: string; merchantId: string };

  const trigger = (scenario: string, headers = apiKey(gw), body: unknown = {}) =>
    gw.request('POST', `/admin/v1/sandbox/triggers/${scenario}`, { headers, body });

  beforeAll(async () => {
    gw = await startGateway({ dialect });
    rx = await startReceiver();
    relay = new Relay({ store: gw.rt.store, deps: gw.rt.deps }, { timeoutMs: 5_000, allowPrivate: true });
    const site = gw.demo.merchantSiteId;
    await setSiteWebhookUrl(gw.rt.deps, site, `${rx.url}/hooks`);
    await setSiteNotificationUrl(gw.rt.deps, site, `${rx.url}/dmn`);
    await setPlatformWebhookUrl(gw.rt.deps, site, `${rx.url}/platform`);
    const m = await createMerchant(gw.rt.deps, { name: 'Other' });
    const entity = await createEntity(gw.rt.deps, { merchantId: m.merchant.id, name: 'other' });
    const key = await createApiKey(gw.rt.deps, { entityId: entity.id, siteId: m.site.id, type: 'operations' });
    other = { key: key.plaintext.expose(), siteId: m.site.id, merchantId: m.merchant.id };
  });
  afterAll(async () => {
    await relay?.stop();
    await rx?.close();
    await gw?.close();
  });

  it('lists every scenario with what it makes', async () => {
    const res = await gw.request('GET', '/admin/v1/sandbox/triggers', { headers: apiKey(gw) });
    expect(res.status).toBe(200);
    expect(res.json.scenarios.map((s: { name: string }) => s.name)).toEqual(Object.keys(EXPECTED));
    for (const s of res.json.scenarios) expect(s.summary.length).toBeGreaterThan(20);
  });

  it.each(Object.keys(EXPECTED))(
    '%s makes its objects through the real operations, and the relay delivers its notifications',
    { timeout: 60_000 },
    async (scenario) => {
      const res = await trigger(scenario);
      expect(res.status, res.text).toBe(200);
      const r = res.json;
      expect(r).toMatchObject({ scenario, merchantId: gw.demo.merchantId, merchantSiteId: gw.demo.merchantSiteId });
      expect(r.made.map((m: { kind: string; status: string }) => `${m.kind}:${m.status}`)).toEqual(
        EXPECTED[scenario]!.made,
      );
      expect(
        r.notifications.map((n: { kind: string; eventType: string }) => `${n.kind}:${n.eventType}`).sort(),
      ).toEqual(EXPECTED[scenario]!.notifications);
      // read back: each notification is in the delivery log, and reaches the receiver
      const before = rx.received.length;
      await relay.tick();
      const log = await gw.request('GET', '/admin/v1/deliveries?limit=200', { headers: apiKey(gw) });
      expect(log.status, log.text).toBe(200);
      for (const n of r.notifications) {
        expect(log.json.deliveries.find((d: { id: string }) => d.id === n.id)).toMatchObject({
          eventType: n.eventType,
          status: 'delivered',
        });
      }
      expect(rx.received.length - before).toBe(r.notifications.length);
    },
  );

  it('reads the objects back through the public APIs', { timeout: 60_000 }, async () => {
    const partial = (await trigger('partial-approval')).json;
    const tx = partial.made.find((m: { kind: string }) => m.kind === 'transaction');
    expect(tx.detail).toMatchObject({ type: 'Sale', amount: '5.00', requestedAmount: '10.00', currency: 'EUR' });
    const order = partial.made[0];
    const status = await gw.request('GET', `/orders/status?sessionId=${order.detail.sessionId}`, {
      headers: apiKey(gw),
    });
    expect(status.status, status.text).toBe(200);
    expect(status.text).toContain(tx.id);

    const challenge = (await trigger('3ds-challenge')).json;
    expect(challenge.next.url).toMatch(new RegExp(`^${gw.url}/acs/challenge/`));
    const page = await fetch(challenge.next.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('10.00 EUR');

    const apm = (await trigger('apm-pending-then-approved')).json;
    const again = await gw.request('POST', `/admin/v1/apm-payments/${apm.made[2].id}/complete`, {
      headers: apiKey(gw),
      body: { outcome: 'approved' },
    });
    // completed already by the trigger: a second completion is refused naming its state
    expect(again.status).toBe(400);
    expect(again.text).toContain('approved');
  });

  it('is refused without a credential, and on another merchant’s site', async () => {
    expect((await gw.request('POST', '/admin/v1/sandbox/triggers/approved', { body: {} })).status).toBe(401);
    const theirs = await trigger('approved', apiKey(gw), { merchantSiteId: other.siteId });
    expect(theirs.status).toBe(404);
    expect(theirs.json).toEqual(err('5000.1040'));
    const mine = await trigger('approved', { 'x-api-key': other.key }, { merchantSiteId: gw.demo.merchantSiteId });
    expect(mine.status).toBe(404);
    const unknown = await trigger('no-such-thing');
    expect(unknown.status).toBe(400);
    expect(unknown.json.result.errors.reason).toContain('approved');
  });

  it('resets one merchant’s data and leaves the other merchant’s untouched', { timeout: 60_000 }, async () => {
    const theirs = (await trigger('refund', { 'x-api-key': other.key })).json;
    expect(theirs.merchantId).toBe(other.merchantId);
    const mine = (await trigger('payout')).json;
    const res = await gw.request('POST', '/admin/v1/sandbox/reset', { headers: apiKey(gw), body: {} });
    expect(res.status, res.text).toBe(200);
    expect(res.json.merchantId).toBe(gw.demo.merchantId);
    expect(res.json.deleted.transactions).toBeGreaterThan(0);
    const myLog = await gw.request('GET', '/admin/v1/deliveries', { headers: apiKey(gw) });
    expect(myLog.json.deliveries).toEqual([]);
    expect(await gw.rt.deps.storage.read.payments.find(mine.made[2].id)).toBeUndefined();
    // the other merchant's payments and notifications are still there
    const theirLog = await gw.request('GET', '/admin/v1/deliveries', { headers: { 'x-api-key': other.key } });
    expect(theirLog.json.deliveries.length).toBe(theirs.notifications.length);
    expect(await gw.rt.deps.storage.read.payments.find(theirs.made[1].id)).toMatchObject({ status: 'approved' });
    // the reset merchant's credentials keep working
    expect((await trigger('approved')).status).toBe(200);
  });
});

describe('sandbox triggers in production mode', () => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await startGateway({ env: { GATEHOUSE_MODE: 'production' } });
  });
  afterAll(async () => {
    await gw?.close();
  });

  it('are refused with 404 Sandbox only, and so is the reset', async () => {
    for (const [method, path] of [
      ['GET', '/admin/v1/sandbox/triggers'],
      ['POST', '/admin/v1/sandbox/triggers/approved'],
      ['POST', '/admin/v1/sandbox/reset'],
    ] as const) {
      const res = await gw.request(method, path, { headers: apiKey(gw), ...(method === 'POST' ? { body: {} } : {}) });
      expect(res.status, path).toBe(404);
      expect(res.json.result.errors).toEqual({ code: '5000.1040', reason: expect.stringContaining('Sandbox only') });
    }
    expect(await gw.rt.deps.storage.read.merchants.countMerchants()).toBe(1);
  });
});

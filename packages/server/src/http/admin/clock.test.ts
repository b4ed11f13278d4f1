import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { apiKey, type Gateway, startGateway, validOrder } from '../../../test/harness.js';
import { sessionClient } from '../../../test/session-client.js';
import { wireClient } from '../../../test/wire-client.js';
import { CATALOGUE_CHECKSUM_FIELDS as F } from '../../security/catalogue-checksum.js';
import { createApiKey, createEntity, createMerchant } from '../../domain/merchants/merchant.service.js';
import { enqueueNotification, setSiteNotificationUrl } from '../../domain/notifications/notification.service.js';
import { webhookNotification } from '../../delivery/webhook.payload.js';
import { Relay } from '../../delivery/relay.js';
import { realNow } from '../../lib/clock.js';

/**
 * Test clocks (docs/decisions/0940) over HTTP on a real server: a merchant's clock advanced past a
 * session's expiry, a subscription's next charge and a webhook's retry; another merchant's clock
 * unmoved; the routes refused in production mode.
 */
describe.each(dialects())('test clocks on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let other: { merchantId: string; siteId: string; key: string; secret: string };

  const advance = (by: string, headers = apiKey(gw)) =>
    gw.request('POST', '/admin/v1/sandbox/clock/advance', { headers, body: { by } });
  const show = (headers = apiKey(gw)) => gw.request('GET', '/admin/v1/sandbox/clock', { headers });

  beforeAll(async () => {
    gw = await startGateway({ dialect });
    const m = await createMerchant(gw.rt.deps, { name: 'Other' });
    const entity = await createEntity(gw.rt.deps, { merchantId: m.merchant.id, name: 'other entity' });
    const key = await createApiKey(gw.rt.deps, { entityId: entity.id, siteId: m.site.id, type: 'operations' });
    other = {
      merchantId: m.merchant.id,
      siteId: m.site.id,
      key: key.plaintext.expose(),
      secret: m.merchantSecretKey.expose(),
    };
  });
  afterAll(async () => {
    await gw.close();
  });

  it('starts on the real time and refuses a duration that is none', async () => {
    const r = await show();
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ merchantId: gw.demo.merchantId, offsetMs: 0, offset: '0s' });
    for (const by of ['soon', '0s', '401d']) {
      const bad = await advance(by);
      expect(bad.status, by).toBe(400);
      expect(bad.json.result.status).toBe('error');
    }
  });

  it("expires a session once advanced past its idle time, and leaves another merchant's clock and sessions alone", async () => {
    const mine = sessionClient(gw);
    const theirs = sessionClient(gw, {
      merchantId: other.merchantId,
      merchantSiteId: other.siteId,
      merchantSecretKey: other.secret,
    });
    const a = await mine.openOrder();
    const b = await theirs.openOrder();
    const status = (token: string) =>
      gw.request('POST', '/ppp/api/v1/getPaymentStatus.do', { body: { sessionToken: token } });
    expect((await status(a.sessionToken)).json.errCode).not.toBe(1069);

    const r = await advance('16m');
    expect(r.status, r.text).toBe(200);
    expect(r.json.clock).toMatchObject({ merchantId: gw.demo.merchantId, offsetMs: 16 * 60_000, offset: '16m' });
    expect(Date.parse(r.json.clock.now) - Date.parse(r.json.clock.realNow)).toBe(16 * 60_000);

    const expired = await status(a.sessionToken);
    expect(expired.json).toMatchObject({ status: 'ERROR', errCode: 1069 });
    // merchant B's clock did not move: its session, opened at the same time, lives on
    const live = await status(b.sessionToken);
    expect(live.json.errCode, live.text).not.toBe(1069);
    expect((await show({ 'x-api-key': other.key })).json).toMatchObject({ merchantId: other.merchantId, offsetMs: 0 });
    // a signed call still carries the real time and is accepted: the timestamp window is the real clock's
    const fresh = await mine.openOrder();
    expect(fresh.sessionToken).toMatch(/./);
    expect((await status(fresh.sessionToken)).json.errCode).not.toBe(1069);
  });

  it('expires an access token on the merchant clock', async () => {
    const token = await gw.request('POST', '/oauth2/token', { headers: apiKey(gw), body: {} });
    expect(token.status, token.text).toBe(200);
    const bearer = { authorization: `Bearer ${token.json.access_token}` };
    const before = await gw.request('POST', '/orders', { headers: bearer, body: validOrder(gw) });
    expect(before.status, before.text).toBeLessThan(300);
    expect((await advance('16m')).status).toBe(200);
    const after = await gw.request('POST', '/orders', { headers: bearer, body: validOrder(gw) });
    expect(after.status, after.text).toBe(401);
  });

  it('charges a subscription once advanced past its next charge, through the due-charge runner, and queues its DMN', async () => {
    const w = wireClient(gw);
    const ok = async (m: keyof typeof F, fields: Record<string, unknown>) => {
      const r = await w.call(m, F[m], fields);
      expect(r.json, r.text).toMatchObject({ status: 'SUCCESS' });
      return r.json;
    };
    await setSiteNotificationUrl(gw.rt.deps, gw.demo.merchantSiteId, 'http://127.0.0.1:9/dmn');
    const userTokenId = 'clock-user';
    await ok('createUser', {
      userTokenId,
      firstName: 'Ada',
      lastName: 'Byron',
      countryCode: 'GB',
      email: 'ada@example.com',
    });
    const { userPaymentOptionId } = await ok('addUPOCreditCard', {
      userTokenId,
      ccCardNumber: '4761344136141390',
      ccExpMonth: '12',
      ccExpYear: '2035',
      ccNameOnCard: 'Ada',
    });
    const { planId } = await ok('createPlan', {
      name: 'Monthly',
      recurringAmount: '4.00',
      currency: 'EUR',
      endAfter: { day: '0', month: '0', year: '1' },
    });
    const { subscriptionId } = await ok('createSubscription', {
      userTokenId,
      planId,
      userPaymentOptionId,
      endAfter: { day: '0', month: '0', year: '1' },
    });
    // the first cycle is due at once: an advance of a second runs it
    expect((await advance('1s')).json.dueCharges).toMatchObject({ attempted: 1, approved: 1 });
    const charges = async () =>
      (await gw.rt.deps.storage.read.subscriptions.charges(subscriptionId)).map((c) => [c.cycle, c.status]);
    expect(await charges()).toEqual([[0, 'approved']]);
    const dmns = async () =>
      Number(
        (
          await gw.rt.store.db
            .selectFrom('outbox')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('kind', '=', 'dmn')
            .where('merchant_id', '=', gw.demo.merchantId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await dmns();
    // a month and a day on, the next cycle is due: the advance charges it, once
    const r = await advance('32d');
    expect(r.json.dueCharges).toMatchObject({ attempted: 1, approved: 1, declined: 0, failed: 0 });
    expect(await charges()).toEqual([
      [0, 'approved'],
      [1, 'approved'],
    ]);
    expect(await dmns()).toBeGreaterThan(before);
    expect((await advance('1s')).json.dueCharges).toMatchObject({ attempted: 0 });
  });

  it("attempts a webhook's retry once advanced past it, and not before", async () => {
    await gw.rt.deps.storage.write((repos) =>
      enqueueNotification(
        repos,
        webhookNotification({
          dedupeKey: `clock-retry-${dialect}`,
          merchantId: other.merchantId,
          siteId: other.siteId,
          orderId: null,
          sessionId: null,
          transactionId: null,
          url: 'http://127.0.0.1:9/closed',
          type: 'transaction.approved',
          data: { clock: true },
          at: realNow(gw.rt.clock),
        }),
        realNow(gw.rt.clock),
      ),
    );
    const relay = new Relay(
      { store: gw.rt.store, deps: gw.rt.deps },
      { timeoutMs: 2_000, allowPrivate: true, id: 'clock-test' },
    );
    try {
      const attempts = async () =>
        Number(
          (
            await gw.rt.store.db
              .selectFrom('outbox')
              .select('attempts')
              .where('dedupe_key', '=', `clock-retry-${dialect}`)
              .executeTakeFirstOrThrow()
          ).attempts,
        );
      await relay.tick();
      expect(await attempts()).toBe(1);
      // the retry waits for its time
      await relay.tick();
      expect(await attempts()).toBe(1);
      expect((await advance('1h', { 'x-api-key': other.key })).status).toBe(200);
      await relay.tick();
      expect(await attempts()).toBe(2);
    } finally {
      await relay.stop();
      await gw.request('POST', '/admin/v1/sandbox/clock/reset', { headers: { 'x-api-key': other.key }, body: {} });
    }
  });

  it('puts the clock back on the real time at reset', async () => {
    const r = await gw.request('POST', '/admin/v1/sandbox/clock/reset', { headers: apiKey(gw) });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ merchantId: gw.demo.merchantId, offsetMs: 0 });
  });

  it("refuses a merchant key another merchant's clock", async () => {
    const r = await gw.request('GET', `/admin/v1/sandbox/clock?merchantId=${other.merchantId}`, {
      headers: apiKey(gw),
    });
    expect(r.status).toBe(403);
  });
});

describe('test clocks in production mode', () => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await startGateway({ env: { GATEHOUSE_MODE: 'production' } });
  });
  afterAll(async () => {
    await gw.close();
  });

  it('refuses them: production runs on the real clock', async () => {
    for (const [method, path, body] of [
      ['GET', '/admin/v1/sandbox/clock', undefined],
      ['POST', '/admin/v1/sandbox/clock/advance', { by: '1d' }],
      ['POST', '/admin/v1/sandbox/clock/reset', {}],
      ['GET', '/admin/v1/sandbox/faults', undefined],
      ['PUT', `/admin/v1/sandbox/faults/${gw.demo.merchantSiteId}`, { mode: 'timeout' }],
    ] as const) {
      const r = await gw.request(method, path, { headers: apiKey(gw), ...(body ? { body } : {}) });
      expect(r.status, `${method} ${path}`).toBe(403);
      expect(r.json.result.errors.reason).toContain('sandbox mode only');
    }
    expect(gw.rt.sandbox).toBeUndefined();
  });
});

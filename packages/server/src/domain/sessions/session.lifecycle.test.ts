import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { type SessionClient, sessionClient } from '../../../test/session-client.js';
import { credentialCommands } from '../../cli/credentials.commands.js';
import type { ManualClock } from '../../lib/clock.js';
import { createMerchant, createSite } from '../merchants/merchant.service.js';
import { recordDecline } from './session.service.js';
import { configureSite } from './site-settings.service.js';

/**
 * The sessions model of docs/session-api.md through the real server, with the injected clock moved:
 * idle expiry 15 minutes after the last use, one order per token, the decline limit, clientRequestId
 * uniqueness per site, and preventOverride.
 */

const MIN = 60_000;
const BILLING = { country: 'DE', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };

describe.each(dialects())('session lifecycle on %s', (dialect) => {
  let gw: Gateway;
  let s: SessionClient;
  let clock: ManualClock;
  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: Date.UTC(2026, 0, 15, 9, 0, 0) });
    clock = gw.clock as ManualClock;
    s = sessionClient(gw);
  });
  afterAll(async () => {
    await gw.close();
  });

  const status = (sessionToken: string) => s.call('getPaymentStatus', { sessionToken });
  const update = (o: { sessionToken: string; orderId: string }, fields: Record<string, unknown> = {}) =>
    s.send('updateOrder', { sessionToken: o.sessionToken, orderId: o.orderId, clientUniqueId: 'u-upd', ...fields });
  const storedOrder = async (orderId: string) =>
    (await gw.rt.deps.storage.read.orders.findSessionOrder(Number(orderId)))!;

  describe('idle expiry', () => {
    it('keeps a session for 15 minutes after its last use, and not a millisecond longer', async () => {
      const o = await s.openOrder();
      clock.advance(15 * MIN - 1);
      expect((await update(o, { amount: '11.00' })).json.status).toBe('SUCCESS');
      // The update was a use: the next 15 minutes count from it.
      clock.advance(15 * MIN - 1);
      expect((await status(o.sessionToken)).json).toMatchObject({ status: 'SUCCESS', amount: '11.00' });
      clock.advance(15 * MIN);
      for (const r of [await status(o.sessionToken), await update(o, { amount: '12.00' })]) {
        expect(r.json).toMatchObject({ status: 'ERROR', errCode: 1069, reason: 'Session expired' });
      }
      // Expired stays expired, and the refused update changed nothing.
      clock.advance(1);
      expect((await status(o.sessionToken)).json.errCode).toBe(1069);
      expect((await storedOrder(o.orderId)).pricing?.amount).toBe(1100);
    });

    it('expires exactly at 15 minutes after the last use', async () => {
      const o = await s.openOrder();
      clock.advance(15 * MIN);
      expect((await status(o.sessionToken)).json.errCode).toBe(1069);
    });

    it('expires an unused token from getSessionToken too', async () => {
      const fresh = (await s.send('getSessionToken', {})).json.sessionToken as string;
      const stale = (await s.send('getSessionToken', {})).json.sessionToken as string;
      clock.advance(14 * MIN);
      expect((await s.openOrder({ sessionToken: fresh })).sessionToken).toBe(fresh);
      clock.advance(MIN);
      const r = await s.send('openOrder', { sessionToken: stale, clientUniqueId: 'u', amount: '1', currency: 'EUR' });
      expect(r.json).toMatchObject({ status: 'ERROR', errCode: 1069 });
      // A refused call is not a use.
      expect((await status(fresh)).json.status).toBe('SUCCESS');
    });
  });

  describe('one order per session token', () => {
    it('binds openOrder to a token from getSessionToken, once', async () => {
      const token = (await s.send('getSessionToken', {})).json.sessionToken as string;
      expect((await status(token)).json).toMatchObject({ status: 'SUCCESS', transactionStatus: 'PENDING' });
      expect((await status(token)).json.orderId).toBeUndefined();
      const first = await s.openOrder({ sessionToken: token, amount: '7.00' });
      expect(first.sessionToken).toBe(token);
      const again = await s.send('openOrder', {
        sessionToken: token,
        clientUniqueId: 'u2',
        amount: '8.00',
        currency: 'EUR',
      });
      expect(again.json).toMatchObject({
        status: 'ERROR',
        errCode: 1064,
        reason: 'Only one order can be opened per session token',
        sessionToken: token,
      });
      expect((await status(token)).json).toMatchObject({ orderId: first.orderId, amount: '7.00' });
    });

    it('refuses a second order on a token that openOrder issued', async () => {
      const o = await s.openOrder();
      const r = await s.send('openOrder', {
        sessionToken: o.sessionToken,
        clientUniqueId: 'u',
        amount: '1',
        currency: 'EUR',
      });
      expect(r.json.errCode).toBe(1064);
    });

    it('lets exactly one of concurrent openOrder calls bind a token', async () => {
      const token = (await s.send('getSessionToken', {})).json.sessionToken as string;
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          s.send('openOrder', { sessionToken: token, clientUniqueId: `c-${i}`, amount: '1.00', currency: 'EUR' }),
        ),
      );
      expect(results.filter((r) => r.json.status === 'SUCCESS')).toHaveLength(1);
      expect(results.filter((r) => r.json.errCode === 1064)).toHaveLength(5);
      const orders = await gw.rt.store.db.selectFrom('orders').select('id').where('session_id', '=', token).execute();
      expect(orders).toHaveLength(1);
    });

    it('keeps every change of concurrent updates of one order', async () => {
      const o = await s.openOrder();
      const classes = ['merchantDetails', 'userDetails', 'shippingAddress', 'deviceDetails', 'addendums'];
      const values = [
        { customField1: 'a' },
        { firstName: 'B' },
        { city: 'C' },
        { deviceType: 'TV' },
        { localPayment: { debitType: 'E' } },
      ];
      const results = await Promise.all(classes.map((c, i) => update(o, { [c]: values[i] })));
      expect(results.map((r) => r.json.status)).toEqual(Array(classes.length).fill('SUCCESS'));
      const d = (await storedOrder(o.orderId)).details;
      classes.forEach((c, i) => expect(d[c], c).toEqual(values[i]));
    });

    it('answers a token of another site as expired', async () => {
      const { site, merchantSecretKey } = await createSite(gw.rt.deps, {
        merchantId: gw.demo.merchantId,
        name: 'Other',
      });
      const other = sessionClient(gw, {
        ...s.creds,
        merchantSiteId: site.id,
        merchantSecretKey: merchantSecretKey.expose(),
      });
      const token = (await s.send('getSessionToken', {})).json.sessionToken as string;
      const r = await other.send('openOrder', {
        sessionToken: token,
        clientUniqueId: 'u',
        amount: '1',
        currency: 'EUR',
      });
      expect(r.json).toMatchObject({ status: 'ERROR', errCode: 1069 });
      const o = await s.openOrder();
      expect(
        (await other.send('updateOrder', { sessionToken: o.sessionToken, orderId: o.orderId, clientUniqueId: 'u' }))
          .json.errCode,
      ).toBe(1069);
    });
  });

  describe('sessionCardDeclineLimit', () => {
    it('expires the session at once when the limit of declines is reached', async () => {
      const o = await s.openOrder({ sessionCardDeclineLimit: '2' });
      const first = await recordDecline(gw.rt.deps, o.sessionToken);
      expect(first).toMatchObject({ declineCount: 1, declineLimit: 2, expiredAt: null });
      expect((await status(o.sessionToken)).json.status).toBe('SUCCESS');
      const second = await recordDecline(gw.rt.deps, o.sessionToken);
      expect(second).toMatchObject({ declineCount: 2, expiredAt: clock.now() });
      // No time has passed: the limit alone ended it.
      expect((await status(o.sessionToken)).json).toMatchObject({ status: 'ERROR', errCode: 1069 });
      expect((await update(o, { amount: '1.00' })).json.errCode).toBe(1069);
      await expect(recordDecline(gw.rt.deps, o.sessionToken)).rejects.toMatchObject({ code: 'session_expired' });
    });

    it('does not limit declines by default', async () => {
      const o = await s.openOrder();
      for (let i = 0; i < 5; i++) await recordDecline(gw.rt.deps, o.sessionToken);
      expect((await status(o.sessionToken)).json.status).toBe('SUCCESS');
    });
  });

  describe('clientRequestId uniqueness per site', () => {
    it('only echoes a repeated clientRequestId while the site setting is off (the default)', async () => {
      for (let i = 0; i < 2; i++) {
        const r = await s.send('openOrder', {
          clientRequestId: 'repeat-off',
          clientUniqueId: `u${i}`,
          amount: '1',
          currency: 'EUR',
        });
        expect(r.json).toMatchObject({ status: 'SUCCESS', clientRequestId: 'repeat-off' });
      }
    });

    it('refuses a repeated clientRequestId on the site once the setting is on, across methods', async () => {
      const { merchant, site, merchantSecretKey } = await createMerchant(gw.rt.deps, { name: 'Strict' });
      const strict = sessionClient(gw, {
        merchantId: merchant.id,
        merchantSiteId: site.id,
        merchantSecretKey: merchantSecretKey.expose(),
      });
      expect(await configureSite(gw.rt.deps, site.id, { uniqueClientRequestId: true })).toEqual({
        uniqueClientRequestId: true,
      });

      expect((await strict.send('getSessionToken', { clientRequestId: 'cr-1' })).json.status).toBe('SUCCESS');
      const dup = await strict.send('openOrder', {
        clientRequestId: 'cr-1',
        clientUniqueId: 'u',
        amount: '1',
        currency: 'EUR',
      });
      expect(dup.json).toMatchObject({
        status: 'ERROR',
        errCode: 1066,
        reason: 'Duplicate clientRequestId',
        clientRequestId: 'cr-1',
      });

      // A request refused before the domain does not use up its clientRequestId.
      const invalid = await strict.send('openOrder', {
        clientRequestId: 'cr-2',
        clientUniqueId: 'u',
        amount: 'x',
        currency: 'EUR',
      });
      expect(invalid.json.errCode).toBe(1040);
      const o = await strict.openOrder({ clientRequestId: 'cr-2' });
      expect(
        (
          await strict.send('updateOrder', {
            sessionToken: o.sessionToken,
            orderId: o.orderId,
            clientUniqueId: 'u',
            clientRequestId: 'cr-2',
          })
        ).json.errCode,
      ).toBe(1066);
      expect(
        (
          await strict.send('updateOrder', {
            sessionToken: o.sessionToken,
            orderId: o.orderId,
            clientUniqueId: 'u',
            clientRequestId: 'cr-3',
          })
        ).json.status,
      ).toBe('SUCCESS');

      // Per site: the demo site (setting off) is not affected, nor is a second site of the same merchant.
      expect((await s.send('getSessionToken', { clientRequestId: 'cr-1' })).json.status).toBe('SUCCESS');
      const second = await createSite(gw.rt.deps, { merchantId: merchant.id, name: 'Strict 2' });
      await configureSite(gw.rt.deps, second.site.id, { uniqueClientRequestId: true });
      const strict2 = sessionClient(gw, {
        ...strict.creds,
        merchantSiteId: second.site.id,
        merchantSecretKey: second.merchantSecretKey.expose(),
      });
      expect((await strict2.send('getSessionToken', { clientRequestId: 'cr-1' })).json.status).toBe('SUCCESS');

      // Calls without a clientRequestId are never refused for it.
      expect((await strict.send('getSessionToken', {})).json.status).toBe('SUCCESS');
      expect((await strict.send('getSessionToken', {})).json.status).toBe('SUCCESS');

      // Turned off again: repeats are echoed.
      await configureSite(gw.rt.deps, site.id, { uniqueClientRequestId: false });
      expect((await strict.send('getSessionToken', { clientRequestId: 'cr-1' })).json.status).toBe('SUCCESS');
    });

    it('lets exactly one of concurrent calls with one clientRequestId through', async () => {
      const { merchant, site, merchantSecretKey } = await createMerchant(gw.rt.deps, { name: 'Racy' });
      await configureSite(gw.rt.deps, site.id, { uniqueClientRequestId: true });
      const racy = sessionClient(gw, {
        merchantId: merchant.id,
        merchantSiteId: site.id,
        merchantSecretKey: merchantSecretKey.expose(),
      });
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          racy.send('openOrder', { clientRequestId: 'same', clientUniqueId: `u${i}`, amount: '1', currency: 'EUR' }),
        ),
      );
      expect(results.filter((r) => r.json.status === 'SUCCESS')).toHaveLength(1);
      expect(results.filter((r) => r.json.errCode === 1066)).toHaveLength(5);
    });

    it('is set with `gatehouse sites configure --site S --unique-client-request-id true|false`', async () => {
      const cmd = credentialCommands.find((c) => c.spec.name === 'sites configure')!;
      const { site } = await createSite(gw.rt.deps, { merchantId: gw.demo.merchantId, name: 'Cli' });
      const on = await cmd.run(gw.rt, { site: site.id, 'unique-client-request-id': 'true' }, []);
      expect(on.json).toEqual({ merchantSiteId: site.id, uniqueClientRequestId: true });
      expect(on.text).toContain('unique clientRequestId  true');
      const shown = await cmd.run(gw.rt, { site: site.id }, []);
      expect(shown.json).toEqual({ merchantSiteId: site.id, uniqueClientRequestId: true });
      await expect(cmd.run(gw.rt, { site: site.id, 'unique-client-request-id': 'yes' }, [])).rejects.toThrow(
        /true or false/,
      );
      await expect(cmd.run(gw.rt, { site: 'nope', 'unique-client-request-id': 'true' }, [])).rejects.toThrow(
        /Site not found/,
      );
      // Other settings of the site are kept.
      const row = await gw.rt.store.db
        .selectFrom('sites')
        .select('settings')
        .where('id', '=', site.id)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(row.settings)).toEqual({ uniqueClientRequestId: true });
    });
  });

  describe('preventOverride', () => {
    const opened = {
      billingAddress: { ...BILLING, city: 'London', zip: 'N1 9GU', phone: '+441234' },
      userDetails: { firstName: 'Ada', lastName: 'Lovelace', city: 'London', language: 'en' },
      shippingAddress: { firstName: 'Ada', city: 'London', zip: 'N1 9GU', careOf: 'Babbage' },
    };
    const later = {
      billingAddress: { country: 'FR', email: 'marie@example.fr', firstName: 'Marie', lastName: 'Curie' },
      userDetails: { firstName: 'Marie' },
      shippingAddress: { city: 'Paris' },
    };

    it.each([
      ['unset', undefined],
      ['0', '0'],
    ] as Array<[string, '0' | undefined]>)(
      'with preventOverride %s a later class replaces the kept one whole (its other values become null)',
      async (_label, preventOverride) => {
        const o = await s.openOrder({ ...opened, preventOverride });
        expect((await update(o, { ...later, merchantDetails: { customField1: 'new' } })).json.status).toBe('SUCCESS');
        const d = (await storedOrder(o.orderId)).details;
        expect(d.billingAddress).toEqual(later.billingAddress);
        expect(d.userDetails).toEqual(later.userDetails);
        expect(d.shippingAddress).toEqual(later.shippingAddress);
        expect(d.merchantDetails).toEqual({ customField1: 'new' });
        // A class the update leaves out is kept as it was.
        expect((await update(o, { amount: '3.00' })).json.status).toBe('SUCCESS');
        expect((await storedOrder(o.orderId)).details.billingAddress).toEqual(later.billingAddress);
      },
    );

    it('with preventOverride 1 later input for the three classes is ignored, other members still change', async () => {
      const o = await s.openOrder({ ...opened, preventOverride: '1' });
      const r = await update(o, { ...later, amount: '4.00', merchantDetails: { customField2: 'kept' } });
      expect(r.json.status).toBe('SUCCESS');
      const order = await storedOrder(o.orderId);
      expect(order.details.billingAddress).toEqual(opened.billingAddress);
      expect(order.details.userDetails).toEqual(opened.userDetails);
      expect(order.details.shippingAddress).toEqual(opened.shippingAddress);
      expect(order.details.merchantDetails).toEqual({ customField2: 'kept' });
      expect(order.pricing?.amount).toBe(400);
    });

    it('with preventOverride 1 the opening values stay even when they were blank', async () => {
      const o = await s.openOrder({ preventOverride: '1' });
      expect((await update(o, later)).json.status).toBe('SUCCESS');
      const d = (await storedOrder(o.orderId)).details;
      expect(d.billingAddress).toBeUndefined();
      expect(d.userDetails).toBeUndefined();
      expect(d.shippingAddress).toBeUndefined();
    });
  });
});

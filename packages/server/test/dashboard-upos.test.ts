import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../src/domain/merchants/merchant.service.js';
import { CATALOGUE_CHECKSUM_FIELDS } from '../src/security/catalogue-checksum.js';
import { type DashboardBrowser, signInDemo, userWithRole } from './dashboard-client.js';
import { dialects } from './dialects.js';
import { type Gateway, startGateway } from './harness.js';
import { type WireClient, wireClient } from './wire-client.js';

/**
 * Stored payment options in the control panel (docs/dashboard.md): a customer's UPOs found by
 * userTokenId, suspended, enabled and deleted through the session API's operations, which then see
 * the same state (getUserUPOs, a payment with the UPO); another merchant's UPO is 404; audited.
 */

const F = CATALOGUE_CHECKSUM_FIELDS;
const A = ['merchantId', 'merchantSiteId', 'clientRequestId', 'amount', 'currency', 'timeStamp'];

describe.each(dialects())('stored payment options in the dashboard on %s', (dialect) => {
  let gw: Gateway;
  let admin: DashboardBrowser;
  let w: WireClient;
  let other: WireClient;
  let n = 0;
  const ok = (r: { json: any; text: string }) => {
    expect(r.json, r.text).toMatchObject({ status: 'SUCCESS', errCode: 0 });
    return r.json;
  };
  /** A customer of the site with a stored Visa (and, with `apm`, a stored APM account). */
  const customer = async (as = w, apm = false) => {
    const userTokenId = `dash-upo-${++n}`;
    const base = { userTokenId, clientRequestId: `c${n}` };
    ok(
      await as.call('createUser', F.createUser, {
        ...base,
        firstName: 'Ada',
        lastName: 'Byron',
        countryCode: 'GB',
        email: 'ada@example.com',
      }),
    );
    const card = ok(
      await as.call('addUPOCreditCard', F.addUPOCreditCard, {
        ...base,
        ccCardNumber: '4761344136141390',
        ccExpMonth: '12',
        ccExpYear: '2030',
        ccNameOnCard: 'Ada Byron',
      }),
    );
    const apmUpo = apm
      ? ok(
          await as.call('addUPOAPM', F.addUPOAPM, {
            ...base,
            paymentMethodName: 'apmgw_expresscheckout',
            apmData: { email: 'ada.byron@example.com' },
          }),
        )
      : undefined;
    return { userTokenId, cardId: card.userPaymentOptionId as string, apmId: apmUpo?.userPaymentOptionId as string };
  };
  const sessionUpos = async (userTokenId: string) =>
    ok(await w.call('getUserUPOs', F.getUserDetails, { userTokenId, clientRequestId: 'c' })).paymentMethods as Array<
      Record<string, any>
    >;
  const payWith = async (userTokenId: string, upoId: string) => {
    const o = ok(
      await w.call('openOrder', A, { clientUniqueId: `p${++n}`, amount: '5.00', currency: 'EUR', userTokenId }),
    );
    return (
      await w.call('payment', A, {
        sessionToken: o.sessionToken,
        userTokenId,
        clientUniqueId: `p${n}`,
        amount: '5.00',
        currency: 'EUR',
        paymentOption: { userPaymentOptionId: upoId },
        billingAddress: { country: 'GB', email: 'ada@example.com', firstName: 'Ada', lastName: 'Byron' },
      })
    ).json;
  };

  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: Date.UTC(2026, 10, 25, 10, 0, 0) });
    admin = await signInDemo(gw);
    w = wireClient(gw);
    const m = await createMerchant(gw.rt.deps, { name: 'Other merchant' });
    other = wireClient(gw, {
      ...gw.demo,
      merchantId: m.merchant.id,
      merchantSiteId: m.site.id,
      merchantSecretKey: m.merchantSecretKey.expose(),
    });
  });
  afterAll(async () => {
    await gw.close();
  });

  it('lists a customer’s card and APM account masked, with brand, expiry and status', async () => {
    const c = await customer(w, true);
    const r = await admin.call('GET', `/payment-options?userTokenId=${encodeURIComponent(c.userTokenId)}`);
    expect(r.status, r.text).toBe(200);
    expect(r.json.items).toEqual([
      expect.objectContaining({
        id: c.cardId,
        merchantSiteId: gw.demo.merchantSiteId,
        userTokenId: c.userTokenId,
        paymentMethod: 'cc_card',
        masked: expect.stringMatching(/^476134\*+1390$/),
        last4: '1390',
        brand: expect.stringMatching(/visa/i),
        expiry: '12/2030',
        status: 'enabled',
      }),
      expect.objectContaining({ id: c.apmId, paymentMethod: 'apmgw_expresscheckout', masked: 'email ••••.com' }),
    ]);
    expect(r.text).not.toContain('4761344136141390');
    expect(r.text).not.toContain('ada.byron@example.com');
    // nobody's: an empty list
    expect((await admin.call('GET', '/payment-options?userTokenId=nobody')).json.items).toEqual([]);
  });

  it('suspends a card (the session API lists it disabled and refuses to pay with it), enables it again', async () => {
    const c = await customer();
    const s = await admin.call('POST', `/payment-options/${c.cardId}/suspend`, {});
    expect(s.status, s.text).toBe(200);
    expect(s.json.item).toMatchObject({ id: c.cardId, status: 'suspended' });
    expect((await sessionUpos(c.userTokenId))[0]).toMatchObject({ upoStatus: 'disabled' });
    expect(await payWith(c.userTokenId, c.cardId)).toMatchObject({ status: 'ERROR' });
    const listed = await admin.call('GET', `/payment-options?userTokenId=${c.userTokenId}`);
    expect(listed.json.items[0].status).toBe('suspended');

    const e = await admin.call('POST', `/payment-options/${c.cardId}/enable`, {});
    expect(e.status, e.text).toBe(200);
    expect(e.json.item.status).toBe('enabled');
    expect((await sessionUpos(c.userTokenId))[0]).toMatchObject({ upoStatus: 'enabled' });
    expect(await payWith(c.userTokenId, c.cardId)).toMatchObject({ status: 'SUCCESS', transactionStatus: 'APPROVED' });
  });

  it('deletes a card: gone for the session API too, and a second delete is 404', async () => {
    const c = await customer();
    const d = await admin.call('DELETE', `/payment-options/${c.cardId}`);
    expect(d.status, d.text).toBe(204);
    expect(await sessionUpos(c.userTokenId)).toEqual([]);
    expect((await admin.call('GET', `/payment-options?userTokenId=${c.userTokenId}`)).json.items).toEqual([]);
    const again = await admin.call('DELETE', `/payment-options/${c.cardId}`);
    expect(again.status).toBe(404);
    expect(again.json.error.code).toBe('not_found');
  });

  it('another merchant’s UPO is 404 for every action and is left as it was', async () => {
    const theirs = await customer(other);
    for (const [method, path] of [
      ['POST', `/payment-options/${theirs.cardId}/suspend`],
      ['POST', `/payment-options/${theirs.cardId}/enable`],
      ['DELETE', `/payment-options/${theirs.cardId}`],
      ['DELETE', '/payment-options/999999999'],
      ['DELETE', '/payment-options/not-a-number'],
    ] as const) {
      const r = await admin.call(method, path, method === 'POST' ? {} : undefined);
      expect(r.status, `${method} ${path} ${r.text}`).toBe(404);
      expect(r.json.error.code).toBe('not_found');
    }
    expect((await admin.call('GET', `/payment-options?userTokenId=${theirs.userTokenId}`)).json.items).toEqual([]);
    const still = ok(
      await other.call('getUserUPOs', F.getUserDetails, { userTokenId: theirs.userTokenId, clientRequestId: 'c' }),
    );
    expect(still.paymentMethods).toEqual([expect.objectContaining({ upoStatus: 'enabled' })]);
  });

  it.each([
    ['no userTokenId', 'GET', '/payment-options', undefined, 'userTokenId'],
    ['an empty userTokenId', 'GET', '/payment-options?userTokenId=', undefined, 'userTokenId'],
    ['a body with unknown fields', 'POST', '/payment-options/1/suspend', { force: true }, undefined],
  ])('refuses %s with 400 invalid in the panel’s shape', async (_name, method, path, body, field) => {
    const r = await admin.call(method, path, body);
    expect(r.status, r.text).toBe(400);
    expect(r.json.error.code).toBe('invalid');
    if (field) expect(r.json.error.field).toBe(field);
  });

  it('writes suspend, enable and delete to the audit log', async () => {
    const c = await customer();
    await admin.call('POST', `/payment-options/${c.cardId}/suspend`, {});
    await admin.call('POST', `/payment-options/${c.cardId}/enable`, {});
    await admin.call('DELETE', `/payment-options/${c.cardId}`);
    const audit = await admin.call('GET', '/audit');
    const mine = audit.json.items.filter((i: { target: string }) => i.target === c.cardId);
    expect(mine.map((i: { action: string }) => i.action)).toEqual(['upo.delete', 'upo.enable', 'upo.suspend']);
    expect(mine[0]).toMatchObject({
      userEmail: gw.demo.dashboard!.email,
      detail: { siteId: gw.demo.merchantSiteId, userTokenId: c.userTokenId },
    });
  });

  it('a viewer lists but may not suspend or delete (403), and nothing changes', async () => {
    const c = await customer();
    const viewer = (await userWithRole(gw, admin, 'viewer')).browser;
    expect((await viewer.call('GET', `/payment-options?userTokenId=${c.userTokenId}`)).json.items).toHaveLength(1);
    expect((await viewer.call('POST', `/payment-options/${c.cardId}/suspend`, {})).status).toBe(403);
    expect((await viewer.call('DELETE', `/payment-options/${c.cardId}`)).status).toBe(403);
    expect((await sessionUpos(c.userTokenId))[0]).toMatchObject({ upoStatus: 'enabled' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../domain/merchants/merchant.service.js';
import { CATALOGUE_CHECKSUM_FIELDS, type CatalogueMethodName } from '../../security/catalogue-checksum.js';
import { dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { type WireClient, wireClient } from '../../../test/wire-client.js';

/**
 * Users, stored payment options and plans of the real gateway's catalogue (docs/session-methods.md) through
 * the real server: happy path, bad checksum (1001), a missing required field named in the reason, and
 * another merchant's ids refused with nothing changed.
 */

const F = CATALOGUE_CHECKSUM_FIELDS;
const PERIOD = (m: string, y = '0') => ({ day: '0', month: m, year: y });

describe.each(dialects())('catalogue methods on %s', (dialect) => {
  let gw: Gateway;
  let w: WireClient;
  let other: WireClient;
  let n = 0;
  const uid = () => `user-${++n}`;
  const call = (m: CatalogueMethodName, fields: Record<string, unknown>, as = w) => as.call(m, F[m], fields);
  const ok = (r: { json: any; text: string }) => {
    expect(r.json, r.text).toMatchObject({ status: 'SUCCESS', errCode: 0, reason: '' });
    return r.json;
  };
  const user = async (as = w) => {
    const userTokenId = uid();
    ok(
      await call(
        'createUser',
        {
          userTokenId,
          clientRequestId: 'c',
          firstName: 'Ada',
          lastName: 'Byron',
          countryCode: 'GB',
          email: 'ada@example.com',
        },
        as,
      ),
    );
    return userTokenId;
  };
  const card = async (userTokenId: string, as = w, number = '4761344136141390') =>
    ok(
      await call(
        'addUPOCreditCard',
        {
          userTokenId,
          clientRequestId: 'c',
          ccCardNumber: number,
          ccExpMonth: '12',
          ccExpYear: '2030',
          ccNameOnCard: 'Ada Byron',
        },
        as,
      ),
    ).userPaymentOptionId as string;
  const upos = async (userTokenId: string, as = w) =>
    ok(
      await as.call('getUserUPOs', ['merchantId', 'merchantSiteId', 'userTokenId', 'clientRequestId', 'timeStamp'], {
        userTokenId,
        clientRequestId: 'c',
      }),
    ).paymentMethods as Array<Record<string, any>>;

  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: Date.UTC(2026, 10, 25, 10, 0, 0) });
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

  describe('users', () => {
    it('createUser answers a userId; getUserDetails returns the details; updateUser replaces what it sends', async () => {
      const userTokenId = uid();
      const c = ok(
        await call('createUser', {
          userTokenId,
          clientRequestId: 'c1',
          firstName: 'Ada',
          lastName: 'Byron',
          address: '12 St James Sq',
          city: 'London',
          zip: 'SW1Y',
          countryCode: 'gb',
          email: 'ada@example.com',
          locale: 'en_UK',
        }),
      );
      expect(c.userId).toMatch(/^\d+$/);
      const d = ok(await call('getUserDetails', { userTokenId, clientRequestId: 'c2' }));
      expect(d.userDetails).toEqual({
        firstName: 'Ada',
        lastName: 'Byron',
        address: '12 St James Sq',
        city: 'London',
        zip: 'SW1Y',
        countryCode: 'GB',
        email: 'ada@example.com',
        locale: 'en_UK',
      });
      expect(d.userId).toBe(c.userId);
      const u = ok(
        await call('updateUser', { userTokenId, clientRequestId: 'c3', lastName: 'Lovelace', city: 'Ockham' }),
      );
      expect(u.userId).toBe(c.userId);
      expect(ok(await call('getUserDetails', { userTokenId })).userDetails).toMatchObject({
        firstName: 'Ada',
        lastName: 'Lovelace',
        city: 'Ockham',
        address: '12 St James Sq',
      });
    });

    it('a second createUser of the same userTokenId is 1010; an unknown user is 1010', async () => {
      const userTokenId = await user();
      const again = await call('createUser', {
        userTokenId,
        firstName: 'B',
        lastName: 'C',
        countryCode: 'GB',
        email: 'b@example.com',
      });
      expect(again.json).toMatchObject({ status: 'ERROR', errCode: 1010 });
      expect(again.json.reason).toContain('userTokenId');
      expect((await call('getUserDetails', { userTokenId: 'nobody' })).json).toMatchObject({
        status: 'ERROR',
        errCode: 1010,
      });
      expect((await call('updateUser', { userTokenId: 'nobody', firstName: 'X' })).json).toMatchObject({
        status: 'ERROR',
        errCode: 1010,
      });
    });

    it("another merchant's user is unknown: 1010, and its details stay as they were", async () => {
      const theirs = await user(other);
      expect((await call('getUserDetails', { userTokenId: theirs })).json).toMatchObject({
        status: 'ERROR',
        errCode: 1010,
      });
      expect((await call('updateUser', { userTokenId: theirs, lastName: 'Hacked' })).json).toMatchObject({
        status: 'ERROR',
        errCode: 1010,
      });
      expect(ok(await call('getUserDetails', { userTokenId: theirs }, other)).userDetails.lastName).toBe('Byron');
    });

    it.each([
      ['createUser', { firstName: 'x'.repeat(31) }, '[firstName] size must be'],
      ['createUser', { state: 'ABC' }, '[state] size must be'],
      ['createUser', { email: 'not-an-email' }, '[email]'],
      ['createUser', { locale: 'english' }, '[locale]'],
      ['updateUser', { zip: 'x'.repeat(11) }, '[zip] size must be'],
    ] as const)('%s with %j keeps the field rule: 1019 naming it', async (m, patch, reason) => {
      const r = await call(m, {
        userTokenId: uid(),
        firstName: 'A',
        lastName: 'B',
        countryCode: 'GB',
        email: 'a@b.uk',
        ...patch,
      });
      expect(r.json).toMatchObject({ status: 'ERROR', errCode: 1019 });
      expect(r.json.reason).toContain(reason);
    });
  });

  describe('stored payment options', () => {
    it('addUPOCreditCard stores a card (masked) that getUserUPOs lists and a payment can use', async () => {
      const userTokenId = await user();
      const r = ok(
        await call('addUPOCreditCard', {
          userTokenId,
          clientRequestId: 'c',
          ccCardNumber: '4761344136141390',
          ccExpMonth: '09',
          ccExpYear: '30',
          ccNameOnCard: 'Ada Byron',
          billingAddress: { firstName: 'Ada', lastName: 'Byron', countryCode: 'GB', email: 'ada@example.com' },
        }),
      );
      expect(r).toMatchObject({
        userPaymentOptionId: expect.stringMatching(/^\d+$/),
        bin: '476134',
        last4Digits: '1390',
        brand: expect.any(String),
        uniqueCC: expect.any(String),
        ccToken: expect.any(String),
      });
      const list = await upos(userTokenId);
      expect(list).toEqual([
        expect.objectContaining({
          userPaymentOptionId: r.userPaymentOptionId,
          upoStatus: 'enabled',
          expiryDate: '203009',
        }),
      ]);
      expect(JSON.stringify(list)).not.toContain('4761344136141390');
      const rows = await gw.rt.store.db.selectFrom('card_vault').selectAll().execute();
      expect(JSON.stringify(rows)).not.toContain('4761344136141390');
    });

    it('a card of a user that does not exist is 1010; a bad number 1004 naming ccCardNumber; an expired card 1029', async () => {
      const base = {
        clientRequestId: 'c',
        ccCardNumber: '4761344136141390',
        ccExpMonth: '12',
        ccExpYear: '2030',
        ccNameOnCard: 'A',
      };
      expect((await call('addUPOCreditCard', { userTokenId: 'ghost', ...base })).json).toMatchObject({
        status: 'ERROR',
        errCode: 1010,
      });
      const userTokenId = await user();
      const luhn = (await call('addUPOCreditCard', { userTokenId, ...base, ccCardNumber: '4761344136141391' })).json;
      expect(luhn).toMatchObject({ status: 'ERROR', errCode: 1004 });
      expect(luhn.reason).toContain('ccCardNumber');
      const expired = (await call('addUPOCreditCard', { userTokenId, ...base, ccExpYear: '2020' })).json;
      expect(expired).toMatchObject({ status: 'ERROR', errCode: 1029 });
      expect(await upos(userTokenId)).toEqual([]);
    });

    it('suspendUPO lists it disabled and a payment with it is refused; enableUPO lets it pay again', async () => {
      const userTokenId = await user();
      const id = await card(userTokenId);
      ok(await call('suspendUPO', { userTokenId, clientRequestId: 'c', userPaymentOptionId: id }));
      expect((await upos(userTokenId))[0]).toMatchObject({ userPaymentOptionId: id, upoStatus: 'disabled' });
      const pay = async () => {
        const A = ['merchantId', 'merchantSiteId', 'clientRequestId', 'amount', 'currency', 'timeStamp'];
        const o = ok(
          await w.call('openOrder', A, { clientUniqueId: 'upo-pay', amount: '5.00', currency: 'EUR', userTokenId }),
        );
        return (
          await w.call('payment', A, {
            sessionToken: o.sessionToken,
            userTokenId,
            clientUniqueId: 'upo-pay',
            amount: '5.00',
            currency: 'EUR',
            paymentOption: { userPaymentOptionId: id },
            billingAddress: { country: 'GB', email: 'ada@example.com', firstName: 'Ada', lastName: 'Byron' },
          })
        ).json;
      };
      const refused = await pay();
      expect(refused).toMatchObject({ status: 'ERROR', errCode: 1011 });
      expect(refused.reason).toContain('suspended');
      ok(await call('enableUPO', { userTokenId, clientRequestId: 'c', userPaymentOptionId: id }));
      expect((await upos(userTokenId))[0]).toMatchObject({ upoStatus: 'enabled' });
      expect(await pay()).toMatchObject({ status: 'SUCCESS', transactionStatus: 'APPROVED' });
    });

    it('editUPOCC changes expiry and holder; addUPOAPM and editUPOAPM keep the APM data', async () => {
      const userTokenId = await user();
      const id = await card(userTokenId);
      ok(
        await call('editUPOCC', {
          userTokenId,
          clientRequestId: 'c',
          userPaymentOptionId: id,
          ccExpMonth: '03',
          ccExpYear: '2031',
          ccNameOnCard: 'A Lovelace',
        }),
      );
      expect((await upos(userTokenId))[0]).toMatchObject({ expiryDate: '203103' });
      const apm = ok(
        await call('addUPOAPM', {
          userTokenId,
          clientRequestId: 'c',
          paymentMethodName: 'apmgw_expresscheckout',
          apmData: { email: 'ada@example.com' },
        }),
      ).userPaymentOptionId;
      ok(
        await call('editUPOAPM', {
          userTokenId,
          clientRequestId: 'c',
          userPaymentOptionId: apm,
          apmData: { email: 'ada@lovelace.uk' },
        }),
      );
      const listed = (await upos(userTokenId)).find((u) => u.userPaymentOptionId === apm);
      expect(listed).toMatchObject({
        paymentMethodName: 'apmgw_expresscheckout',
        upoData: { email: 'ada@lovelace.uk' },
      });
      // a card edit on an APM UPO, an APM edit on a card UPO: 1011
      expect(
        (await call('editUPOAPM', { userTokenId, userPaymentOptionId: id, apmData: { email: 'x@y.z' } })).json,
      ).toMatchObject({ errCode: 1011 });
      expect(
        (
          await call('editUPOCC', {
            userTokenId,
            userPaymentOptionId: apm,
            ccExpMonth: '01',
            ccExpYear: '2032',
            ccNameOnCard: 'X',
          })
        ).json,
      ).toMatchObject({ errCode: 1011 });
    });

    it('addUPOCreditCardByTempToken stores the card of a ccTempToken of the same session, once', async () => {
      const userTokenId = await user();
      const t = ok(
        await w.call('getSessionToken', ['merchantId', 'merchantSiteId', 'clientRequestId', 'timeStamp'], {
          clientRequestId: 'tt',
        }),
      );
      const A = ['merchantId', 'merchantSiteId', 'clientRequestId', 'amount', 'currency', 'timeStamp'];
      const tok = await w.call('cardTokenization', A, {
        sessionToken: t.sessionToken,
        cardData: {
          cardNumber: '5555555555554444',
          cardHolderName: 'Ada',
          expirationMonth: '12',
          expirationYear: '2030',
        },
      });
      const ccTempToken = ok(tok).ccTempToken as string;
      const r = ok(
        await call('addUPOCreditCardByTempToken', {
          sessionToken: t.sessionToken,
          userTokenId,
          clientRequestId: 'c',
          ccTempToken,
        }),
      );
      expect(r).toMatchObject({ last4Digits: '4444', userPaymentOptionId: expect.stringMatching(/^\d+$/) });
      const again = await call('addUPOCreditCardByTempToken', {
        sessionToken: t.sessionToken,
        userTokenId,
        clientRequestId: 'c',
        ccTempToken,
      });
      expect(again.json).toMatchObject({ status: 'ERROR', errCode: 1061 });
    });

    it("another merchant's UPO is 1011 for every method, and it stays as it was", async () => {
      const theirUser = await user(other);
      const theirs = await card(theirUser, other);
      const mine = await user();
      for (const userTokenId of [theirUser, mine]) {
        for (const m of ['suspendUPO', 'enableUPO'] as const) {
          expect(
            (await call(m, { userTokenId, userPaymentOptionId: theirs })).json,
            `${m} ${userTokenId}`,
          ).toMatchObject({ status: 'ERROR' });
        }
        expect(
          (
            await call('editUPOCC', {
              userTokenId,
              userPaymentOptionId: theirs,
              ccExpMonth: '01',
              ccExpYear: '2033',
              ccNameOnCard: 'X',
            })
          ).json,
        ).toMatchObject({ status: 'ERROR' });
      }
      expect((await call('suspendUPO', { userTokenId: mine, userPaymentOptionId: theirs })).json).toMatchObject({
        errCode: 1011,
      });
      expect((await upos(theirUser, other))[0]).toMatchObject({ upoStatus: 'enabled', expiryDate: '203012' });
    });
  });

  describe('plans', () => {
    const plan = (extra: Record<string, unknown> = {}) => ({
      name: `Monthly ${++n}`,
      initialAmount: '0',
      recurringAmount: '9.99',
      currency: 'EUR',
      startAfter: PERIOD('0'),
      recurringPeriod: PERIOD('1'),
      endAfter: PERIOD('0', '1'),
      planStatus: 'ACTIVE',
      ...extra,
    });

    it('createPlan answers a planId; getPlansList counts it; editPlan changes it', async () => {
      const before = ok(await call('getPlansList', {})).total as number;
      const p = ok(await call('createPlan', plan())).planId as string;
      const list = ok(await call('getPlansList', {}));
      expect(list.total).toBe(before + 1);
      expect(list.plans.find((x: any) => x.planId === p)).toMatchObject({
        initialAmount: '0.00',
        recurringAmount: '9.99',
        currency: 'EUR',
        planStatus: 'ACTIVE',
        recurringPeriod: PERIOD('1'),
      });
      ok(await call('editPlan', { planId: p, recurringAmount: '12.50', planStatus: 'INACTIVE' }));
      const after = ok(await call('getPlansList', {})).plans.find((x: any) => x.planId === p);
      expect(after).toMatchObject({ recurringAmount: '12.50', planStatus: 'INACTIVE' });
      const active = ok(await call('getSubscriptionPlans', { clientRequestId: 'c' })).plans as any[];
      expect(active.some((x) => x.planId === p)).toBe(false);
    });

    it('initialAmount defaults to the recurringAmount; amounts keep their currency rule (1040)', async () => {
      const p = ok(await call('createPlan', plan({ initialAmount: undefined }))).planId;
      expect(ok(await call('getPlansList', {})).plans.find((x: any) => x.planId === p)).toMatchObject({
        initialAmount: '9.99',
      });
      const bad = (await call('createPlan', plan({ recurringAmount: '9.999' }))).json;
      expect(bad).toMatchObject({ status: 'ERROR', errCode: 1040 });
      expect(bad.reason).toContain('recurringAmount');
    });

    it("another merchant's plan is refused by editPlan and stays as it was", async () => {
      const theirs = ok(await call('createPlan', plan(), other)).planId;
      const r = await call('editPlan', { planId: theirs, recurringAmount: '0.01' });
      expect(r.json).toMatchObject({ status: 'ERROR' });
      expect(r.json.reason).toContain('planId');
      expect(ok(await call('getPlansList', {}, other)).plans.find((x: any) => x.planId === theirs)).toMatchObject({
        recurringAmount: '9.99',
      });
      expect(ok(await call('getPlansList', {})).plans.some((x: any) => x.planId === theirs)).toBe(false);
    });
  });

  // Every method: a bad checksum is 1001 and changes nothing; a missing required field is named.
  const REQUIRED: Array<[CatalogueMethodName, Record<string, unknown>, string]> = [
    ['createUser', { userTokenId: 'r1', firstName: 'A', lastName: 'B', countryCode: 'GB', email: 'a@b.uk' }, 'email'],
    ['updateUser', { userTokenId: 'r1', firstName: 'A' }, 'userTokenId'],
    ['getUserDetails', { userTokenId: 'r1' }, 'userTokenId'],
    [
      'addUPOCreditCard',
      { userTokenId: 'r1', ccCardNumber: '4761344136141390', ccExpMonth: '12', ccExpYear: '2030' },
      'ccCardNumber',
    ],
    [
      'addUPOCreditCardByTempToken',
      { sessionToken: '0'.repeat(36), userTokenId: 'r1', ccTempToken: 't' },
      'ccTempToken',
    ],
    [
      'addUPOAPM',
      { userTokenId: 'r1', paymentMethodName: 'apmgw_expresscheckout', apmData: { email: 'a@b.uk' } },
      'paymentMethodName',
    ],
    [
      'editUPOCC',
      { userTokenId: 'r1', userPaymentOptionId: '1', ccExpMonth: '12', ccExpYear: '2030', ccNameOnCard: 'A' },
      'userPaymentOptionId',
    ],
    ['editUPOAPM', { userTokenId: 'r1', userPaymentOptionId: '1', apmData: { email: 'a@b.uk' } }, 'apmData'],
    ['suspendUPO', { userTokenId: 'r1', userPaymentOptionId: '1' }, 'userPaymentOptionId'],
    ['enableUPO', { userTokenId: 'r1', userPaymentOptionId: '1' }, 'userTokenId'],
    ['createPlan', { name: 'P', recurringAmount: '1.00', currency: 'EUR', endAfter: PERIOD('1') }, 'endAfter'],
    ['editPlan', { planId: '1', recurringAmount: '1.00' }, 'planId'],
  ];
  it.each(REQUIRED)('%s: a bad checksum is 1001; without %s the reason names it', async (m, fields, required) => {
    const signed = w.signed(F[m], fields);
    const bad = await w.post(m, { ...signed, checksum: 'ab'.repeat(32) });
    expect(bad.json).toMatchObject({ status: 'ERROR', errCode: 1001, reason: 'Invalid checksum' });
    const missing = { ...fields };
    delete missing[required];
    const r = await w.post(m, w.signed(F[m], missing));
    expect(r.json, r.text).toMatchObject({ status: 'ERROR' });
    expect(r.json.reason).toBe(`[${required}] must not be null`);
  });

  it('getPlansList and getSubscriptionPlans refuse a bad checksum (1001)', async () => {
    for (const m of ['getPlansList', 'getSubscriptionPlans'] as const) {
      const b = w.signed(F[m], {});
      expect((await w.post(m, { ...b, checksum: 'cd'.repeat(32) })).json).toMatchObject({ errCode: 1001 });
    }
  });

  it('accepts the checksum with booleans written as the PHP SDK writes them (true → 1)', async () => {
    const userTokenId = await user();
    const body = w.signed([], {
      userTokenId,
      clientRequestId: 'php',
      paymentMethodName: 'apmgw_expresscheckout',
      apmData: { email: 'a@b.uk', verified: 'true' },
    });
    // re-sign by hand with the PHP rendering of a boolean member of apmData
    const { checksumOver } = await import('../../../test/wire-client.js');
    const php: Record<string, unknown> = { ...body, apmData: { email: 'a@b.uk', verified: true } };
    php.checksum = checksumOver(
      F.addUPOAPM,
      { ...php, apmData: { email: 'a@b.uk', verified: '1' } },
      gw.demo.merchantSecretKey,
    );
    ok(await w.post('addUPOAPM', php));
  });
});

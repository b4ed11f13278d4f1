import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../domain/merchants/merchant.service.js';
import { CATALOGUE_CHECKSUM_FIELDS, type CatalogueMethodName } from '../../security/catalogue-checksum.js';
import { dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { type WireClient, wireClient } from '../../../test/wire-client.js';

/**
 * addUPOCreditCardByToken (docs/session-methods.md, docs/decisions/0134): the card of a ccToken that
 * addUPOCreditCard answered is stored for another user without its number; an unknown or foreign
 * ccToken, or another card's bin / last4Digits, is 1061 and stores nothing.
 */

const F = CATALOGUE_CHECKSUM_FIELDS;
const A = ['merchantId', 'merchantSiteId', 'clientRequestId', 'amount', 'currency', 'timeStamp'];

describe.each(dialects())('addUPOCreditCardByToken on %s', (dialect) => {
  let gw: Gateway;
  let w: WireClient;
  let other: WireClient;
  let n = 0;
  const call = (m: CatalogueMethodName, fields: Record<string, unknown>, as = w) => as.call(m, F[m], fields);
  const ok = (r: { json: any; text: string }) => {
    expect(r.json, r.text).toMatchObject({ status: 'SUCCESS', errCode: 0, reason: '' });
    return r.json;
  };
  const user = async (as = w) => {
    const userTokenId = `bytoken-${++n}`;
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
  const addCard = async (userTokenId: string, as = w) =>
    ok(
      await call(
        'addUPOCreditCard',
        {
          userTokenId,
          clientRequestId: 'c',
          ccCardNumber: '4761344136141390',
          ccExpMonth: '12',
          ccExpYear: '2030',
          ccNameOnCard: 'Ada Byron',
        },
        as,
      ),
    );
  const byToken = (userTokenId: string, card: Record<string, any>, extra: Record<string, unknown> = {}, as = w) =>
    call(
      'addUPOCreditCardByToken',
      {
        userTokenId,
        clientRequestId: `bt-${++n}`,
        ccExpMonth: '11',
        ccExpYear: '2031',
        ccNameOnCard: 'Grace Hopper',
        ccToken: card.ccToken,
        brand: card.brand,
        uniqueCC: card.uniqueCC,
        bin: card.bin,
        last4Digits: card.last4Digits,
        ...extra,
      },
      as,
    );
  const upos = async (userTokenId: string, as = w) =>
    ok(await as.call('getUserUPOs', F.getUserDetails, { userTokenId, clientRequestId: 'c' })).paymentMethods as Array<
      Record<string, any>
    >;

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

  it("stores the ccToken's card for another user, with the expiry and holder sent, and it pays", async () => {
    const card = await addCard(await user());
    const u2 = await user();
    const r = ok(
      await byToken(u2, card, {
        billingAddress: { firstName: 'Grace', lastName: 'Hopper', countryCode: 'US', email: 'g@example.com' },
      }),
    );
    expect(r).toMatchObject({
      userPaymentOptionId: expect.stringMatching(/^\d+$/),
      bin: '476134',
      last4Digits: '1390',
      uniqueCC: card.uniqueCC,
    });
    expect(r.userPaymentOptionId).not.toBe(card.userPaymentOptionId);
    expect(await upos(u2)).toEqual([
      expect.objectContaining({
        userPaymentOptionId: r.userPaymentOptionId,
        expiryDate: '203111',
        upoData: expect.objectContaining({ cardHolderName: 'Grace Hopper', last4Digits: '1390' }),
      }),
    ]);
    // the same card again for the same user: the same UPO
    expect(ok(await byToken(u2, card)).userPaymentOptionId).toBe(r.userPaymentOptionId);
    // the new UPO's own ccToken works too
    const u3 = await user();
    expect(ok(await byToken(u3, r)).last4Digits).toBe('1390');

    const o = ok(
      await w.call('openOrder', A, { clientUniqueId: 'bt-pay', amount: '5.00', currency: 'EUR', userTokenId: u2 }),
    );
    const paid = await w.call('payment', A, {
      sessionToken: o.sessionToken,
      userTokenId: u2,
      clientUniqueId: 'bt-pay',
      amount: '5.00',
      currency: 'EUR',
      paymentOption: { userPaymentOptionId: r.userPaymentOptionId },
      billingAddress: { country: 'GB', email: 'ada@example.com', firstName: 'Ada', lastName: 'Byron' },
    });
    expect(paid.json).toMatchObject({ status: 'SUCCESS', transactionStatus: 'APPROVED' });
  });

  it('an unknown, altered or foreign ccToken is 1061; a wrong bin or last4Digits 1061; an expired date 1029; nothing is stored', async () => {
    const card = await addCard(await user());
    const theirs = await addCard(await user(other), other);
    const u = await user();
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ ccToken: 'no-such-token' }, 1061, 'ccToken'],
      [{ ccToken: `${card.userPaymentOptionId}-${'0'.repeat(32)}` }, 1061, 'ccToken'],
      [{ ccToken: theirs.ccToken }, 1061, 'ccToken'],
      [{ bin: '555555' }, 1061, 'bin'],
      [{ last4Digits: '0000' }, 1061, 'last4Digits'],
      [{ ccExpYear: '2025' }, 1029, 'ccExpYear'],
    ];
    for (const [patch, errCode, field] of cases) {
      const r = (await byToken(u, card, patch)).json;
      expect(r, JSON.stringify(patch)).toMatchObject({ status: 'ERROR', errCode });
      expect(r.reason).toContain(`[${field}]`);
    }
    expect(await upos(u)).toEqual([]);
    // and the other merchant cannot use ours
    const theirUser = await user(other);
    expect((await byToken(theirUser, card, {}, other)).json).toMatchObject({ status: 'ERROR', errCode: 1061 });
    expect(await upos(theirUser, other)).toEqual([]);
    // a user that does not exist: 1010
    expect((await byToken('ghost', card)).json).toMatchObject({ status: 'ERROR', errCode: 1010 });
  });
});

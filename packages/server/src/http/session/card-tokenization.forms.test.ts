import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { wireCard } from '../../../test/payment-cards.js';
import { type SessionClient, sessionClient } from '../../../test/session-client.js';
import { createMerchant } from '../../domain/merchants/merchant.service.js';

/**
 * cardTokenization's two forms (server facts 2.2, docs/decisions/0135): sessionToken and cardData
 * only, authorised by the live sessionToken; or signed, verified as before (wrong checksum 1001). A
 * dead or foreign sessionToken is refused and nothing is stored.
 */

const T0 = Date.UTC(2026, 2, 10, 9, 30);
const DEAD = '00000000-0000-4000-8000-000000000000';

describe.each(dialects())('cardTokenization with and without checksum on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let sc: SessionClient;
  let theirs: SessionClient;

  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: T0 });
    sc = sessionClient(gw);
    const m = await createMerchant(gw.rt.deps, { name: 'Other merchant' });
    theirs = sessionClient(gw, {
      merchantId: m.merchant.id,
      merchantSiteId: m.site.id,
      merchantSecretKey: m.merchantSecretKey.expose(),
    });
  });
  afterAll(async () => {
    await gw.close();
  });

  const unsigned = (body: Record<string, unknown>) => sc.call('cardTokenization', body).then((r) => r.json);
  const tokens = async () => (await gw.rt.store.db.selectFrom('card_tokens').select('token').execute()).length;
  const payWith = (sessionToken: string, ccTempToken: string) =>
    sc
      .send('payment', { sessionToken, amount: '10.00', currency: 'EUR', paymentOption: { card: { ccTempToken } } })
      .then((x) => x.json);

  it('sessionToken and cardData alone: the live session authorises it, and its payment uses the token', async () => {
    const { sessionToken } = await sc.openOrder();
    const t = await unsigned({ sessionToken, cardData: wireCard('4761344136141390') });
    expect(t).toMatchObject({ status: 'SUCCESS', errCode: 0, reason: '', last4Digits: '1390' });
    expect(t.ccTempToken).toMatch(/^[0-9a-f-]{36}$/);
    expect(await payWith(sessionToken, t.ccTempToken)).toMatchObject({
      status: 'SUCCESS',
      transactionStatus: 'APPROVED',
    });
    const again = await unsigned({ sessionToken, clientRequestId: 'ct-u', cardData: wireCard('5555555555554444') });
    expect(again).toMatchObject({ status: 'SUCCESS', last4Digits: '4444', clientRequestId: 'ct-u' });
  });

  it('the signed form still works, and a checksum sent is always verified (1001)', async () => {
    const { sessionToken } = await sc.openOrder();
    expect(
      (
        await sc.send('cardTokenization', {
          sessionToken,
          clientRequestId: 'ct-s',
          cardData: wireCard('4761344136141390'),
        })
      ).json,
    ).toMatchObject({ status: 'SUCCESS' });
    const before = await tokens();
    const body = sc.signed('cardTokenization', {
      sessionToken,
      clientRequestId: 'ct-bad',
      cardData: wireCard('4761344136141390'),
    });
    expect(await unsigned({ ...body, checksum: 'ab'.repeat(32) })).toMatchObject({
      status: 'ERROR',
      errCode: 1001,
      reason: 'Invalid checksum',
    });
    // a checksum makes it the signed form (docs/decisions/0135, amended): a checksum without the ids, 1013
    const { checksum: _c, ...noChecksum } = body;
    const unsignedWithIds = await unsigned({ ...noChecksum, cardData: wireCard('4000027891380961') });
    expect(unsignedWithIds).toMatchObject({ status: 'SUCCESS' });
    expect(await tokens()).toBe(before + 1);
    const { merchantId: _m, merchantSiteId: _s, timeStamp: _t, ...bare } = body;
    expect(await unsigned(bare)).toMatchObject({ status: 'ERROR', errCode: 1013 });
    expect(await tokens()).toBe(before + 1);
  });

  it("a dead sessionToken (1069), a missing one, or another merchant's session or ids are refused; nothing is stored", async () => {
    const { sessionToken } = await sc.openOrder();
    const { sessionToken: foreign } = await theirs.openOrder();
    const before = await tokens();
    expect(await unsigned({ sessionToken: DEAD, cardData: wireCard('4761344136141390') })).toMatchObject({
      status: 'ERROR',
      errCode: 1069,
    });
    expect(await unsigned({ cardData: wireCard('4761344136141390') })).toMatchObject({
      status: 'ERROR',
      reason: expect.stringContaining('sessionToken'),
    });
    // signed by us with the other merchant's session: its session is not ours
    expect(
      (await sc.send('cardTokenization', { sessionToken: foreign, cardData: wireCard('4761344136141390') })).json,
    ).toMatchObject({ status: 'ERROR', errCode: 1069 });
    // signed by the other merchant with our session: 1069 too
    expect(
      (await theirs.send('cardTokenization', { sessionToken, cardData: wireCard('4761344136141390') })).json,
    ).toMatchObject({ status: 'ERROR', errCode: 1069 });
    // their ids with our session, unsigned: not the session's merchant, refused (1013)
    expect(
      await unsigned({
        merchantId: theirs.creds.merchantId,
        merchantSiteId: theirs.creds.merchantSiteId,
        sessionToken,
        cardData: wireCard('4761344136141390'),
      }),
    ).toMatchObject({ status: 'ERROR', errCode: 1013 });
    expect(
      await unsigned({
        merchantId: theirs.creds.merchantId,
        merchantSiteId: theirs.creds.merchantSiteId,
        timeStamp: '20260310093000',
        sessionToken,
        cardData: wireCard('4761344136141390'),
      }),
    ).toMatchObject({ status: 'ERROR', errCode: 1013 });
    expect(await tokens()).toBe(before);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { wireCard } from '../../../test/payment-cards.js';
import { type SessionClient, sessionClient } from '../../../test/session-client.js';
import type { ManualClock } from '../../lib/clock.js';
import { buildWithdrawalRequest } from '@gatehouse/client';
import { CATALOGUE_CHECKSUM_FIELDS } from '../../security/catalogue-checksum.js';
import { wireClient } from '../../../test/wire-client.js';

/**
 * The timeStamp window of signed session calls through the real server (docs/decisions/0822): a stale
 * signed body is refused with 1021 and moves nothing; the replay record of a money-moving body
 * outlives the window, so the same body is answered from its record until the window closes and
 * refused after; a body is never run twice, however the clock moves.
 */
describe.each(dialects())('the timeStamp window of signed session calls on %s', (dialect: DialectName) => {
  const H = 3_600_000;
  const T0 = Date.UTC(2026, 2, 10, 9, 30);
  let gw: Gateway;
  let sc: SessionClient;
  let seq = 0;
  const clock = () => gw.clock as ManualClock;
  /** the merchant's local time at UTC+`offsetH` */
  const stamp = (offsetH = 0) => new Date(gw.clock.now() + offsetH * H).toISOString().replace(/\D/g, '').slice(0, 14);

  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: T0 });
    sc = sessionClient(gw);
  });
  afterAll(async () => gw?.close());

  const transactions = async () =>
    Number(
      (
        await gw.rt.store.db
          .selectFrom('transactions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const authorise = async () => {
    const { sessionToken } = await sc.openOrder();
    const r = await sc.send('payment', {
      sessionToken,
      clientRequestId: `a-${++seq}`,
      amount: '10.00',
      currency: 'EUR',
      transactionType: 'Auth',
      paymentOption: { card: wireCard('4761344136141390') },
      billingAddress: { zip: '10001', country: 'US' },
    });
    expect(r.json).toMatchObject({ transactionStatus: 'APPROVED' });
    return r.json.transactionId as string;
  };
  const settleBody = (relatedTransactionId: string, timeStamp: string | number, amount = '4.00') =>
    sc.signed('settleTransaction', {
      clientRequestId: `s-${++seq}`,
      clientUniqueId: `c-${seq}`,
      amount,
      currency: 'EUR',
      relatedTransactionId,
      timeStamp,
    });

  it('a settle stamped two days ago is refused with 1021 and settles nothing; so is one a day ahead', async () => {
    const auth = await authorise();
    const before = await transactions();
    for (const ts of [
      new Date(gw.clock.now() - 48 * H).toISOString().replace(/\D/g, '').slice(0, 14),
      stamp(24 + 14),
    ]) {
      const r = await sc.call('settleTransaction', settleBody(auth, ts));
      expect(r.json).toMatchObject({
        status: 'ERROR',
        errCode: 1021,
        reason: 'Invalid timeStamp: outside the accepted window of the current time',
      });
      expect(r.json.transactionStatus).toBeUndefined();
    }
    // the other signed calls too: an order, a session token
    const old = new Date(gw.clock.now() - 48 * H).toISOString().replace(/\D/g, '').slice(0, 14);
    expect((await sc.send('getSessionToken', { clientRequestId: `g-${++seq}`, timeStamp: old })).json).toMatchObject({
      status: 'ERROR',
      errCode: 1021,
    });
    expect(
      (await sc.send('openOrder', { clientUniqueId: `o-${seq}`, amount: '1.00', currency: 'EUR', timeStamp: old }))
        .json,
    ).toMatchObject({ status: 'ERROR', errCode: 1021 });
    expect(await transactions()).toBe(before);
    // a checksum that does not hold is 1001 first: an unsigned caller learns nothing of the window
    const forged = { ...settleBody(auth, old), checksum: 'ab'.repeat(32) };
    expect((await sc.call('settleTransaction', forged)).json).toMatchObject({ errCode: 1001 });
  });

  it('merchants in every time zone, with a string or a JSON number, the month in the minutes: accepted', async () => {
    for (const offset of [-12, -3, 0, 5.5, 14]) {
      const auth = await authorise();
      const ts = stamp(offset);
      const r = await sc.call('settleTransaction', settleBody(auth, offset === 0 ? Number(ts) : ts));
      expect({ offset, r: r.json }).toMatchObject({ offset, r: { status: 'SUCCESS', transactionStatus: 'APPROVED' } });
    }
    const auth = await authorise();
    const t = stamp();
    const php = `${t.slice(0, 10)}${t.slice(4, 6)}${t.slice(12)}`;
    expect((await sc.call('settleTransaction', settleBody(auth, php))).json).toMatchObject({
      transactionStatus: 'APPROVED',
    });
  });

  it('the aged replay: answered from its record past the old 24 hours, refused once the window closes, never run twice', async () => {
    const auth = await authorise();
    // a merchant at UTC+14: its stamp is accepted for the longest time after it is sent
    const body = settleBody(auth, stamp(14), '3.00');
    const first = await sc.call('settleTransaction', body);
    expect(first.json).toMatchObject({ status: 'SUCCESS', transactionStatus: 'APPROVED' });
    const count = await transactions();
    // 27 hours on: the stamp is still inside its window; the record (kept beyond it) answers the first answer
    clock().advance(27 * H);
    const again = await sc.call('settleTransaction', body);
    expect(again.text).toBe(first.text);
    expect(await transactions()).toBe(count);
    // the window closed: refused, and still nothing moved
    clock().advance(2 * H);
    expect((await sc.call('settleTransaction', body)).json).toMatchObject({ status: 'ERROR', errCode: 1021 });
    // expired records are purged, and the body is refused all the same
    clock().advance(3 * 24 * H);
    expect((await sc.call('settleTransaction', body)).json).toMatchObject({ status: 'ERROR', errCode: 1021 });
    expect(await transactions()).toBe(count);
    // the rest of the authorisation is untouched: a fresh body settles it
    expect((await sc.call('settleTransaction', settleBody(auth, stamp(), '7.00'))).json).toMatchObject({
      transactionStatus: 'APPROVED',
    });
  });

  it('a withdrawal call and a signed verify3d are refused with 1021 out of the window, and answered in it', async () => {
    const old = new Date(gw.clock.now() - 48 * H);
    const stale = buildWithdrawalRequest(sc.creds, { clientRequestId: `w-${++seq}` }, { now: old });
    const staleAnswer = await gw.request('POST', '/ppp/api/withdrawal/getRequests.do', { body: stale });
    expect(staleAnswer.json).toMatchObject({ status: 'ERROR', errCode: 1021 });
    const fresh = buildWithdrawalRequest(
      sc.creds,
      { clientRequestId: `w-${++seq}` },
      { now: new Date(gw.clock.now()) },
    );
    expect((await gw.request('POST', '/ppp/api/withdrawal/getRequests.do', { body: fresh })).json).toMatchObject({
      status: 'SUCCESS',
    });
    const { sessionToken } = await sc.openOrder();
    const verify = wireClient(gw).signed(CATALOGUE_CHECKSUM_FIELDS.verify3d, {
      sessionToken,
      clientRequestId: `v-${++seq}`,
      amount: '10.00',
      currency: 'EUR',
      timeStamp: stamp(-48),
    });
    expect((await sc.call('verify3d', verify)).json).toMatchObject({ status: 'ERROR', errCode: 1021 });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  A_TX,
  aCard,
  aPay,
  aReads,
  checksumText,
  type Facts,
  ok,
  requestId,
  startFacts,
  VISA_DEBIT,
} from '../clients.js';

/** docs/gateway-facts.md, "Settle, refund, void, payout". */

describe('gateway facts: settle, refund, void and payout methods', () => {
  let f: Facts;
  beforeAll(async () => {
    f = await startFacts();
  });
  afterAll(async () => {
    await f?.gw.close();
  });

  const ref = (who: 'P' | 'A' | 'N', relatedTransactionId: string, amount = '10.00') => {
    const n = f.seq();
    return {
      clientRequestId: requestId(who, n),
      clientUniqueId: `${who}-ref-${n}`,
      amount,
      currency: 'EUR',
      relatedTransactionId,
    };
  };

  it('F-2.3.1 settleTransaction: answers transactionStatus and the echoed clientUniqueId', async () => {
    const auth = await f.fx.paid('Auth');
    const fields = {
      ...ref('P', auth.transactionId),
      authCode: auth.authCode,
      descriptorMerchantName: 'Books',
      descriptorMerchantPhone: '4420',
      comment: 'ship',
      urlDetails: { notificationUrl: 'https://merchant.example/dmn' },
    };
    const j = ok(await f.P.send('settleTransaction', fields));
    expect(j).toMatchObject({ transactionStatus: 'APPROVED', clientUniqueId: fields.clientUniqueId });
    expect(j.transactionId).toMatch(/^\d+$/);
  });

  it('F-2.3.2 refundTransaction: answers transactionStatus', async () => {
    const sale = await f.fx.paid('Sale');
    const j = ok(
      await f.P.send('refundTransaction', {
        ...ref('P', sale.transactionId),
        authCode: sale.authCode,
        comment: 'returned',
        urlDetails: { notificationUrl: 'https://merchant.example/dmn' },
      }),
    );
    expect(j.transactionStatus).toBe('APPROVED');
    // A: no relatedTransactionId, a userTokenId and a card or a userPaymentOptionId
    const c = await f.fx.card();
    const byCard = ok(
      await f.A.send(
        'refundTransaction',
        { ...unreferencedFields(), userTokenId: c.userTokenId, paymentOption: { card: aCard(VISA_DEBIT) } },
        { order: A_TX },
      ),
    );
    expect(aReads(byCard).ok, JSON.stringify(byCard)).toBe(true);
    const byUpo = ok(
      await f.A.send(
        'refundTransaction',
        { ...unreferencedFields(), userTokenId: c.userTokenId, paymentOption: { userPaymentOptionId: c.upo } },
        { order: A_TX },
      ),
    );
    expect(aReads(byUpo).ok, JSON.stringify(byUpo)).toBe(true);
  });

  it('F-2.3.3 voidTransaction: answers transactionStatus', async () => {
    const sale = await f.fx.paid('Sale');
    const p = ok(
      await f.P.send(
        'voidTransaction',
        {
          ...ref('P', sale.transactionId),
          authCode: sale.authCode,
          descriptorMerchantName: 'Books',
          descriptorMerchantPhone: '4420',
          comment: 'cancelled',
        },
        { order: [...VOID_ORDER] },
      ),
    );
    expect(p.transactionStatus).toBe('APPROVED');
    const other = await aPay(f);
    const n = f.seq();
    const a = ok(
      await f.A.send(
        'voidTransaction',
        {
          relatedTransactionId: other.transactionId,
          clientRequestId: requestId('A', n),
          clientUniqueId: `a-void-${n}`,
          sessionToken: other.sessionToken,
        },
        { order: A_TX },
      ),
    );
    expect(a.transactionStatus).toBe('APPROVED');
  });

  it('F-2.3.4 A signs settle, refund and void over the present subset of its list', async () => {
    const auth = await aPay(f, { transactionType: 'Auth' });
    const fields = ref('A', auth.transactionId);
    const body = f.A.body('settleTransaction', fields, { order: A_TX });
    const { merchantId, merchantSiteId } = f.gw.demo;
    expect(checksumText('A', 'settleTransaction', A_TX, body)).toBe(
      `${merchantId}${merchantSiteId}${fields.clientRequestId}${fields.clientUniqueId}10.00EUR${auth.transactionId}${body.timeStamp}`,
    );
    expect(ok(await f.A.send('settleTransaction', fields, { order: A_TX })).transactionStatus).toBe('APPROVED');
    const sale = await aPay(f);
    expect(
      ok(await f.A.send('refundTransaction', ref('A', sale.transactionId), { order: A_TX })).transactionStatus,
    ).toBe('APPROVED');
  });

  it('F-2.3.5 A sends no sessionToken with settle or refund but one with void', async () => {
    const auth = await aPay(f, { transactionType: 'Auth' });
    f.A.bearer = undefined;
    const settle = f.A.body('settleTransaction', ref('A', auth.transactionId, '5.00'), { order: A_TX });
    expect(settle).not.toHaveProperty('sessionToken');
    expect(
      ok(await f.A.send('settleTransaction', ref('A', auth.transactionId, '5.00'), { order: A_TX })).transactionStatus,
    ).toBe('APPROVED');
    const other = await aPay(f, { transactionType: 'Auth' });
    const v = ok(
      await f.A.send(
        'voidTransaction',
        { ...ref('A', other.transactionId), sessionToken: other.sessionToken },
        { order: A_TX },
      ),
    );
    expect(v.transactionStatus).toBe('APPROVED');
  });

  it('F-2.4.1 payout: A, answers transactionStatus and the echoed clientRequestId', async () => {
    const c = await f.fx.card();
    const n = f.seq();
    const p = ok(
      await f.P.send('payout', {
        userTokenId: c.userTokenId,
        clientRequestId: requestId('P', n),
        clientUniqueId: `p-po-${n}`,
        amount: '5.00',
        currency: 'EUR',
        userPaymentOption: { userPaymentOptionId: c.upo },
        deviceDetails: { ipAddress: '203.0.113.7' },
        urlDetails: { notificationUrl: 'https://merchant.example/dmn' },
        userDetails: { firstName: 'Ada', lastName: 'Byron', birthdate: '1815-12-10' },
        dynamicDescriptor: { merchantName: 'Books', merchantPhone: '4420' },
        merchantDetails: { customField1: 'x' },
        comment: 'winnings',
      }),
    );
    expect(p).toMatchObject({ transactionStatus: 'APPROVED', clientRequestId: requestId('P', n) });
    const m = f.seq();
    const a = ok(
      await f.A.send('payout', {
        userTokenId: c.userTokenId,
        clientRequestId: requestId('A', m),
        clientUniqueId: `a-po-${m}`,
        amount: '5.00',
        currency: 'EUR',
        cardData: aCard(VISA_DEBIT, { selectedBrand: 'visa' }),
      }),
    );
    expect(aReads(a).ok, JSON.stringify(a)).toBe(true);
  });

  /** an unreferenced refund's fields as A sends them */
  function unreferencedFields() {
    const n = f.seq();
    return { clientRequestId: requestId('A', n), clientUniqueId: `a-unref-${n}`, amount: '2.00', currency: 'EUR' };
  }
});

/** P's void checksum: refund's list (P sends the descriptor fields too, outside the list) */
const VOID_ORDER = [
  'merchantId',
  'merchantSiteId',
  'clientRequestId',
  'clientUniqueId',
  'amount',
  'currency',
  'relatedTransactionId',
  'authCode',
  'comment',
  'urlDetails',
  'timeStamp',
];

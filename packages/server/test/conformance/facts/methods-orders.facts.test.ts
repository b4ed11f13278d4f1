import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aPay, type Facts, nOrder, ok, pOrder, refused, requestId, startFacts } from '../clients.js';

/** docs/gateway-facts.md, "Session and orders". */

describe('gateway facts: session and order methods', () => {
  let f: Facts;
  beforeAll(async () => {
    f = await startFacts();
  });
  afterAll(async () => {
    await f?.gw.close();
  });

  it('F-2.1.1 getSessionToken: S, answers sessionToken', async () => {
    expect(ok(await f.P.send('getSessionToken', {})).sessionToken).toMatch(/^[0-9a-f-]{36}$/);
    expect(ok(await f.A.send('getSessionToken', { clientRequestId: requestId('A', f.seq()) })).sessionToken).toMatch(
      /^[0-9a-f-]{36}$/,
    );
    expect(ok(await f.N.send('getSessionToken', { clientRequestId: requestId('N', f.seq()) })).sessionToken).toMatch(
      /^[0-9a-f-]{36}$/,
    );
    const wrongSite = { ...f.gw.demo, merchantSiteId: '1234567' };
    const { client } = await import('../clients.js');
    const bad = refused(
      await client(f.gw, 'N', wrongSite).send('getSessionToken', { clientRequestId: requestId('N', f.seq()) }),
      /Invalid merchant site id/,
    );
    expect(bad.sessionToken ?? '').toBe('');
  });

  it('F-2.1.2 openOrder: A, answers orderId and sessionToken', async () => {
    const p = await pOrder(f, {
      userTokenId: `order-user-${f.seq()}`,
      amountDetails: { totalShipping: '0', totalHandling: '0', totalDiscount: '0', totalTax: '0' },
      items: [{ name: 'Book', type: 'Physical', price: '10.00', quantity: '1' }],
      deviceDetails: { deviceType: 'DESKTOP', ipAddress: '203.0.113.7' },
      userDetails: { firstName: 'Ada', lastName: 'Byron', email: 'ada@example.com', country: 'GB' },
      shippingAddress: { firstName: 'Ada', lastName: 'Byron', country: 'GB' },
      billingAddress: { firstName: 'Ada', lastName: 'Byron', email: 'ada@example.com', country: 'GB' },
      dynamicDescriptor: { merchantName: 'Books', merchantPhone: '4420' },
      merchantDetails: { customField1: 'a' },
      addendums: { airlines: { reservationDetails: { ticketNumber: '1' } } },
      currencyConversion: { originalAmount: '11.00', originalCurrency: 'USD' },
    });
    expect(p.orderId).toMatch(/^\d+$/);
    expect(p.sessionToken).toMatch(/^[0-9a-f-]{36}$/);
    const n = await nOrder(f);
    expect(n.orderId).toMatch(/^\d+$/);
  });

  it('F-2.1.3 updateOrder: A, answers status', async () => {
    const o = await nOrder(f);
    const j = ok(
      await f.N.send('updateOrder', {
        sessionToken: o.sessionToken,
        orderId: o.orderId,
        clientRequestId: requestId('N', f.seq()),
        clientUniqueId: `n-upd-${f.seq()}`,
        amount: '12.00',
        currency: 'EUR',
      }),
    );
    expect(j.status).toBe('SUCCESS');
  });

  it('F-2.1.4 getOrderDetails: S, answers status', async () => {
    const o = await nOrder(f);
    const j = ok(
      await f.N.send('getOrderDetails', {
        sessionToken: o.sessionToken,
        orderId: o.orderId,
        clientRequestId: requestId('N', f.seq()),
      }),
    );
    expect(j.status).toBe('SUCCESS');
  });

  it('F-2.1.5 getPaymentStatus: sessionToken only, answers the last payment', async () => {
    const paid = await aPay(f);
    const p = ok(await f.P.send('getPaymentStatus', { sessionToken: paid.sessionToken }, { ids: true }));
    expect(p).toMatchObject({ transactionStatus: 'APPROVED', transactionId: paid.transactionId });
    const n = ok(await f.N.send('getPaymentStatus', { sessionToken: paid.sessionToken }));
    expect(n).toMatchObject({ transactionStatus: 'APPROVED', transactionId: paid.transactionId });
  });
});

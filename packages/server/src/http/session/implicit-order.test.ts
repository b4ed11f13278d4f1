import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { wireCard } from '../../../test/payment-cards.js';
import { type SessionClient, sessionClient } from '../../../test/session-client.js';

/**
 * getSessionToken, then payment.do with no openOrder between, as the PHP SDK pays (docs/decisions/0140):
 * the payment's own fields open the session's order, once the request passed its checks.
 */
describe.each(dialects())('a payment on a session without an order, on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let sc: SessionClient;
  let seq = 0;

  const token = async () =>
    (await sc.send('getSessionToken', { clientRequestId: `t-${++seq}` })).json.sessionToken as string;
  const pay = (sessionToken: string, fields: Record<string, unknown> = {}) =>
    sc
      .send('payment', {
        sessionToken,
        clientRequestId: `p-${++seq}`,
        clientUniqueId: `shop-${seq}`,
        amount: '12.34',
        currency: 'EUR',
        paymentOption: { card: wireCard('4761344136141390') },
        billingAddress: { email: 'ada@example.com', country: 'GB' },
        deviceDetails: { ipAddress: '127.0.0.1' },
        ...fields,
      })
      .then((r) => r.json);
  const status = (sessionToken: string) => sc.send('getPaymentStatus', { sessionToken }).then((r) => r.json);

  beforeAll(async () => {
    gw = await startGateway({ dialect });
    sc = sessionClient(gw);
  });
  afterAll(() => gw.close());

  it('pays: the order is opened from the payment, and the session then has it', async () => {
    const sessionToken = await token();
    const r = await pay(sessionToken);
    expect(r).toMatchObject({ status: 'SUCCESS', transactionStatus: 'APPROVED', amount: '12.34', currency: 'EUR' });
    expect(r.orderId).toMatch(/^\d+$/);
    expect(await status(sessionToken)).toMatchObject({
      transactionStatus: 'APPROVED',
      transactionId: r.transactionId,
      amount: '12.34',
      currency: 'EUR',
    });
    // from now on the session has an order: updateOrder sees it, openOrder on the token is refused
    const again = await sc.send('openOrder', { sessionToken, clientUniqueId: 'x', amount: '1.00', currency: 'EUR' });
    expect(again.json.status).toBe('ERROR');
  });

  it('a request refused for a field opens no order: the next, valid payment sets the amount', async () => {
    const sessionToken = await token();
    const bad = await pay(sessionToken, { paymentOption: { card: wireCard('4761344136141390', { CVV: '' }) } });
    expect(bad).toMatchObject({ status: 'ERROR' });
    expect(bad.reason).toMatch(/cardData\.CVV is invalid/);
    const badAmount = await pay(sessionToken, { amount: '12.345' });
    expect(badAmount.status).toBe('ERROR');
    const ok = await pay(sessionToken, { amount: '5.00' });
    expect(ok, JSON.stringify(ok)).toMatchObject({ status: 'SUCCESS', transactionStatus: 'APPROVED', amount: '5.00' });
  });

  it('racing payments on one orderless session open one order and approve once', async () => {
    const sessionToken = await token();
    const answers = await Promise.all(Array.from({ length: 5 }, () => pay(sessionToken)));
    const approved = answers.filter((a) => a.transactionStatus === 'APPROVED');
    expect(approved).toHaveLength(1);
    expect(new Set(answers.filter((a) => a.orderId !== undefined).map((a) => a.orderId)).size).toBe(1);
    for (const a of answers) if (a !== approved[0]) expect(a.status).toBe('ERROR');
  });

  it('another site cannot pay the session', async () => {
    const sessionToken = await token();
    const other = await gw.request('POST', '/ppp/api/v1/payment.do', {
      body: sc.signed('payment', {
        sessionToken,
        merchantSiteId: '0',
        amount: '1.00',
        currency: 'EUR',
        paymentOption: { card: wireCard('4761344136141390') },
      }),
    });
    expect(other.json.status).toBe('ERROR');
    expect((await pay(sessionToken)).transactionStatus).toBe('APPROVED');
  });
});

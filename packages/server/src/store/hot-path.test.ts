import { buildRequest } from '@gatehouse/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSiteNotificationUrl } from '../domain/notifications/notification.service.js';
import { restPaymentResponse } from '../render/rest-payment.render.js';
import { dialects } from '../../test/dialects.js';
import { type Gateway, startGateway } from '../../test/harness.js';
import { mismatchedStatements } from './sqlite/fixed-statement.js';

/**
 * The payment path's fixed statements (ADR 0813) and its outcome as a planned write (ADR 0814), through
 * the real server: every statement is compiled once (its parameters are its values in order), and what
 * the planned write answers and notifies is what the stored row says.
 */

const CARD = {
  cardNumber: '4761344136141390',
  cardHolderName: 'Ada Byron',
  expirationMonth: '12',
  expirationYear: '2030',
  CVV: '217',
};

describe.each(dialects())('the payment hot path on %s', (dialect) => {
  let gw: Gateway;
  let orders = 0;
  beforeAll(async () => {
    gw = await startGateway({ dialect });
    // the DMN goes to the site's address, read before the outcome's write
    await setSiteNotificationUrl(gw.rt.deps, gw.demo.merchantSiteId, 'https://receiver.example.com/dmn');
  });
  afterAll(() => gw.close());

  const order = async () => {
    const body = {
      processingEntityId: gw.demo.processingEntityId,
      merchantTransactionId: `hot-${++orders}`,
      amount: 12.5,
      currency: 'USD',
      permittedOperations: ['payments'],
      urlDetails: { webhookUrl: 'https://receiver.example.com/hooks' },
    };
    const r = await gw.request('POST', '/orders', { headers: { 'x-api-key': gw.demo.apiKey }, body });
    expect(r.status, r.text).toBe(201);
    return r.json.sessionId as string;
  };
  const sale = (sessionId: string, key: string) =>
    gw.request('POST', '/payment-api/payments', {
      headers: { 'x-api-key': gw.demo.apiKey, 'idempotency-key': key },
      body: {
        processingEntityId: gw.demo.processingEntityId,
        sessionId,
        transactionType: 'Sale',
        amount: 12.5,
        currency: 'USD',
        paymentOption: { card: CARD },
      },
    });

  it('a REST Sale answers, notifies and replays what its stored row says', async () => {
    const sessionId = await order();
    const r = await sale(sessionId, `hot-key-${dialect}`);
    expect(r.status, r.text).toBe(200);
    expect(r.json.result.status).toBe('approved');
    const stored = (await gw.rt.deps.storage.read.payments.find(r.json.transactionId))!;
    expect(stored.status).toBe('approved');
    expect(r.json).toEqual(JSON.parse(JSON.stringify(restPaymentResponse(stored))));
    const queued = await gw.rt.deps.storage.read.notifications.list({ transactionId: stored.id, limit: 10 });
    expect(queued.map((d) => d.kind).sort()).toEqual(['dmn', 'webhook']);
    const webhook = JSON.parse(queued.find((d) => d.kind === 'webhook')!.payload);
    expect(webhook.type).toBe('transaction.approved');
    expect(webhook.data).toMatchObject(JSON.parse(JSON.stringify(restPaymentResponse(stored))));
    // the idempotency record holds the same answer
    const again = await sale(sessionId, `hot-key-${dialect}`);
    expect(again.status).toBe(r.status);
    expect(again.json).toEqual(r.json);
  });

  it('a session openOrder and payment run on statements compiled once', async () => {
    const creds = {
      merchantId: gw.demo.merchantId,
      merchantSiteId: gw.demo.merchantSiteId,
      merchantSecretKey: gw.demo.merchantSecretKey,
    };
    for (let i = 0; i < 2; i++) {
      const o = await gw.request('POST', '/ppp/api/v1/openOrder.do', {
        body: buildRequest('openOrder', creds, { clientUniqueId: `hot-${i}`, amount: '10.00', currency: 'EUR' }),
      });
      expect(o.json.status, o.text).toBe('SUCCESS');
      const p = await gw.request('POST', '/ppp/api/v1/payment.do', {
        body: buildRequest('payment', creds, {
          sessionToken: o.json.sessionToken,
          clientRequestId: `hot-pay-${i}`,
          amount: '10.00',
          currency: 'EUR',
          paymentOption: { card: CARD },
          billingAddress: { zip: '10001', country: 'US', email: 'ada@example.com' },
        }),
      });
      expect(p.json.transactionStatus, p.text).toBe('APPROVED');
      const stored = (await gw.rt.deps.storage.read.payments.find(p.json.transactionId))!;
      expect(stored.status).toBe('approved');
    }
    // a statement whose parameters are not its values in order would be compiled on every call
    expect(mismatchedStatements().filter((n) => !n.includes(':test.'))).toEqual([]);
  });
});

import { expect } from 'vitest';
import { apiKey, type Gateway } from './harness.js';
import { wireCard } from './payment-cards.js';
import type { SessionClient } from './session-client.js';

/** The 3-D Secure 2 flow driven over both APIs (docs/decisions/0310); the browser part is the caller's. */

let seq = 0;

export async function sessionInit(sc: SessionClient, number: string, holder = 'John Smith') {
  const { sessionToken } = await sc.openOrder({ amount: '10.00', currency: 'EUR' });
  const card = wireCard(number, { cardHolderName: holder });
  const init = (
    await sc.send('initPayment', {
      sessionToken,
      clientRequestId: `i-${++seq}`,
      amount: '10.00',
      currency: 'EUR',
      paymentOption: { card },
    })
  ).json;
  return { sessionToken, card, init };
}

export async function sessionPay(
  sc: SessionClient,
  sessionToken: string,
  card: Record<string, string>,
  relatedTransactionId: string,
  notificationURL: string,
  extra: Record<string, unknown> = {},
) {
  return (
    await sc.send('payment', {
      sessionToken,
      clientRequestId: `p-${++seq}`,
      amount: '10.00',
      currency: 'EUR',
      relatedTransactionId,
      paymentOption: {
        card: {
          ...card,
          threeD: {
            methodCompletionInd: 'Y',
            notificationURL,
            platformType: '02',
            browserDetails: { acceptHeader: 'text/html', language: 'en', screenHeight: '800', screenWidth: '1280' },
            ...extra,
          },
        },
      },
      billingAddress: { zip: '10001', country: 'US' },
    })
  ).json;
}

export function restPay(gw: Gateway, body: Record<string, unknown>) {
  return gw.request('POST', '/payment-api/payments', {
    headers: apiKey(gw),
    body: {
      processingEntityId: gw.demo.processingEntityId,
      currency: 'EUR',
      amount: 10,
      transactionType: 'Sale',
      ...body,
    },
  });
}

export function restCard(number: string, threeD?: Record<string, unknown>, holder = 'John Smith') {
  return { card: { ...wireCard(number, { cardHolderName: holder }), ...(threeD ? { threeD } : {}) } };
}

export function decodeB64Json(s: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(s, 'base64url').toString('utf8')) as Record<string, unknown>;
}

export function expectMethodData(threeD: Record<string, any>, gw: Gateway) {
  expect(threeD).toMatchObject({
    version: '2.2.0',
    v2supported: 'true',
    serverTransId: expect.stringMatching(/^[0-9a-f-]{36}$/),
  });
  expect(threeD.methodUrl).toMatch(new RegExp(`^${gw.url}/acs/method/\\d+$`));
  expect(decodeB64Json(threeD.methodPayload)).toMatchObject({ threeDSServerTransID: threeD.serverTransId });
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from './harness.js';
import { type SessionClient, sessionClient } from './session-client.js';
import { wireClient } from './wire-client.js';

/**
 * The simulated provider's pages in production mode (docs/decisions/0824, amended): the APM redirect page
 * and the KYC page stand for a bank or a KYC provider, so there a shopper may only continue (the payment
 * stays pending for the operator) and nobody decides a KYC check of their own; in the sandbox they decide.
 */
const S = ['merchantId', 'merchantSiteId', 'clientRequestId', 'timeStamp'] as const;

async function post(url: string, action?: string) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(action ? { action } : {}).toString(),
    redirect: 'manual',
  });
  return { status: res.status, html: await res.text() };
}

describe('the simulated provider pages in production mode', () => {
  let gw: Gateway;
  let sc: SessionClient;
  let seq = 0;

  beforeAll(async () => {
    gw = await startGateway({ env: { GATEHOUSE_MODE: 'production' } });
    sc = sessionClient(gw);
  });
  afterAll(async () => gw?.close());

  it('an APM redirect page offers only Continue; Approve and Decline are refused and the payment stays pending', async () => {
    const { sessionToken } = await sc.openOrder({ amount: '10.00', currency: 'EUR' });
    const r = (
      await sc.send('payment', {
        sessionToken,
        clientRequestId: `apm-${++seq}`,
        amount: '10.00',
        currency: 'EUR',
        paymentOption: { alternativePaymentMethod: { paymentMethod: 'apmgw_RedirectPay', email: 'jane@example.com' } },
      })
    ).json;
    expect(r).toMatchObject({ status: 'SUCCESS', transactionStatus: 'REDIRECT' });
    const page = await (await fetch(r.redirectUrl)).text();
    expect(page).toContain('id="pending"');
    expect(page).not.toContain('id="approve"');
    for (const action of ['approve', 'decline']) {
      const answer = await post(r.redirectUrl, action);
      expect(answer.status, action).toBe(403);
    }
    expect((await gw.rt.deps.storage.read.payments.find(r.transactionId))?.status).toBe('pending');
    const cont = await post(r.redirectUrl, 'pending');
    expect(cont.status).toBeLessThan(400);
    expect((await gw.rt.deps.storage.read.payments.find(r.transactionId))?.status).toBe('pending');
  });

  it('a KYC page shows the status only and refuses a decision', async () => {
    const k = (
      await wireClient(gw).call('eKYC', S, {
        userTokenId: 'kyc-user',
        userId: 'id-kyc-user',
        clientUniqueId: 'cu-1',
        clientRequestId: `k-${++seq}`,
        userDetails: { firstName: 'Ada', lastName: 'Byron', country: 'GB' },
        ekycUserDetails: {
          userName: 'ada',
          dateOfBirth: '1815-12-10',
          identification: 'X1',
          identificationType: 'passport',
        },
      })
    ).json;
    expect(k).toMatchObject({ status: 'SUCCESS', kycStatus: 'Pending' });
    const path = new URL(k.url).pathname;
    const page = await gw.request('GET', path);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('/approve');
    expect((await gw.request('POST', `${path}/approve`)).status).toBe(403);
    expect((await gw.request('GET', path)).text).toContain('<strong id="status">Pending</strong>');
  });
});

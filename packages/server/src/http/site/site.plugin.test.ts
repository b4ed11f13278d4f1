import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKey, type Gateway, startGateway } from '../../../test/harness.js';
import { TEST_CARDS } from '../../acquirer/test-cards.js';
import { CO_BADGED_RANGES } from '../../acquirer/co-badged.js';
import { pointDemoAtInbox } from '../../bootstrap/demo-inbox.js';
import { startRelay } from '../../delivery/relay.js';
import type { Relay } from '../../delivery/relay.js';

/** The sandbox's own pages: landing page, favicon, and the inbox of the demo merchant's notifications. */

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('sandbox pages', () => {
  let gw: Gateway;
  let relay: Relay | undefined;
  beforeAll(async () => {
    gw = await startGateway();
  });
  afterAll(async () => {
    await relay?.stop();
    await gw?.close();
  });

  it('GET / is a landing page with the links, the credentials file and every test card, under a strict CSP', async () => {
    const res = await fetch(`${gw.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toMatch(
      /^default-src 'none'; style-src 'nonce-[^']+'; img-src 'self';/,
    );
    const html = await res.text();
    for (const link of ['/demo', '/demo/inbox', '/docs', '/openapi.json']) expect(html).toContain(`href="${link}"`);
    expect(html).toContain(`${gw.dataDir}/demo-credentials.json`);
    // every number in a cell that does not wrap, and the expiry rule of docs/testing.md
    for (const card of TEST_CARDS) expect(html).toContain(`<td class="card-number"><code>${card.number}</code></td>`);
    expect(html).toContain('.card-number,.card-number+td{white-space:nowrap}');
    expect(html).toContain('Any expiry date from the current month on');
    for (const range of CO_BADGED_RANGES) expect(html).toContain(range.example);
    expect(html).toContain('<link rel="icon" href="/favicon.svg"');
    expect(html).not.toContain(gw.demo.apiKey);
  });

  it('serves the favicon at /favicon.svg and /favicon.ico', async () => {
    for (const path of ['/favicon.svg', '/favicon.ico']) {
      const res = await fetch(gw.url + path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/svg+xml');
      expect(await res.text()).toMatch(/^<svg /);
    }
  });

  it('answers a browser a 404 page for an unknown path, and an API client the JSON error body', async () => {
    const page = await fetch(gw.url + '/no/such/page?x=<b>', {
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<h1>Page not found</h1>');
    expect(html).toContain('<code>/no/such/page</code>');
    expect(html).not.toContain('<b>');
    for (const [path, accept] of [
      ['/no/such/page', 'application/json'],
      ['/no/such/page', '*/*'],
      ['/orders/nothing', 'text/html'],
      ['/admin/v1/nothing', 'text/html'],
    ]) {
      const api = await fetch(gw.url + path!, { headers: { accept: accept! } });
      expect(api.status, `${path} ${accept}`).toBe(404);
      expect(
        ((await api.json()) as { result: { errors: { code: string } } }).result.errors.code,
        `${path} ${accept}`,
      ).toBe('5000.1040');
    }
  });

  it('has no landing page in production mode, but the favicon', async () => {
    const prod = await startGateway({ env: { GATEHOUSE_MODE: 'production' } });
    try {
      const home = await fetch(`${prod.url}/`);
      expect(home.status).toBe(404);
      expect(((await home.json()) as { result: { status: string } }).result.status).toBe('error');
      expect((await fetch(`${prod.url}/favicon.ico`)).status).toBe(200);
    } finally {
      await prod.close();
    }
  });

  it('the inbox refuses a forged webhook signature and a wrong DMN checksum, and says so', async () => {
    const body = JSON.stringify({ type: 'transaction.approved', data: {} });
    const forged = await fetch(`${gw.url}/demo/inbox/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': 'msg_forged',
        'webhook-timestamp': '1',
        'webhook-signature': 'v1,AAAA',
      },
      body,
    });
    expect(forged.status).toBe(400);
    await fetch(`${gw.url}/demo/inbox/dmn`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        Status: 'APPROVED',
        PPP_TransactionID: '1',
        advanceResponseChecksum: 'nope',
      }).toString(),
    });
    const { notifications } = (await (await fetch(`${gw.url}/demo/inbox.json`)).json()) as { notifications: any[] };
    expect(notifications.slice(0, 2)).toEqual([
      expect.objectContaining({ kind: 'dmn', verified: false, event: 'APPROVED' }),
      expect.objectContaining({ kind: 'webhook', verified: false, id: 'msg_forged', event: 'transaction.approved' }),
    ]);
    const page = await (await fetch(`${gw.url}/demo/inbox`)).text();
    expect(page).toContain('signature NOT verified');
  });

  it('a REST payment of the demo merchant, without urlDetails, delivers its webhook and DMN to the inbox, both verified', async () => {
    const { dmnUrl } = await pointDemoAtInbox(gw.rt.deps, gw.demo, gw.url);
    expect(dmnUrl).toBe(`${gw.url}/demo/inbox/dmn`);
    relay = startRelay(gw.rt);
    const order = await gw.request('POST', '/orders', {
      headers: apiKey(gw),
      body: {
        processingEntityId: gw.demo.processingEntityId,
        amount: 12,
        currency: 'EUR',
        permittedOperations: ['payments'],
        // no urlDetails: the demo site's webhook URL points at the inbox (0907)
      },
    });
    expect(order.status).toBe(201);
    const sessionId = (order.json as { sessionId: string }).sessionId;
    const pay = await gw.request('POST', '/payment-api/payments', {
      headers: apiKey(gw),
      body: {
        processingEntityId: gw.demo.processingEntityId,
        sessionId,
        transactionType: 'Sale',
        amount: 12,
        currency: 'EUR',
        paymentOption: {
          card: {
            cardNumber: '4761344136141390',
            cardHolderName: 'Jane Roe',
            expirationMonth: '12',
            expirationYear: '2030',
            CVV: '123',
          },
        },
      },
    });
    expect((pay.json as { result: { status: string } }).result.status).toBe('approved');
    const transactionId = (pay.json as { transactionId: string }).transactionId;
    let mine: any[] = [];
    for (let i = 0; i < 600 && mine.length < 2; i++) {
      const { notifications } = (await (await fetch(`${gw.url}/demo/inbox.json`)).json()) as { notifications: any[] };
      mine = notifications.filter((n) => JSON.stringify(n.body).includes(transactionId));
      if (mine.length < 2) await pause(100);
    }
    expect(mine.map((n) => [n.kind, n.verified, n.event]).sort()).toEqual([
      ['dmn', true, 'APPROVED'],
      ['webhook', true, 'transaction.approved'],
    ]);
    const webhook = mine.find((n) => n.kind === 'webhook');
    expect(webhook.id).toMatch(/^ntf_/);
    const dmn = mine.find((n) => n.kind === 'dmn').body as Record<string, string>;
    const sum = createHash('sha256')
      .update(
        `${gw.demo.merchantSecretKey}${dmn.totalAmount}${dmn.currency}${dmn.responseTimeStamp}${dmn.PPP_TransactionID}${dmn.Status}${dmn.productId ?? ''}`,
      )
      .digest('hex');
    expect(dmn.advanceResponseChecksum).toBe(sum);
  });
});

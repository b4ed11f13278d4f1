import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { Relay, relayOptionsOf } from '../../delivery/relay.js';
import { setSiteNotificationUrl } from '../../domain/notifications/notification.service.js';
import { INBOX_PATHS } from './inbox.js';

/**
 * The demo cashier (docs/decisions/0540) over HTTP: the page's server side (a user with a saved card,
 * an order with its userTokenId), the request the browser sends, then the back-office steps the page
 * calls, each a signed session call whose body and answer come back, and the DMNs in the inbox.
 */

describe('demo cashier', () => {
  let gw: Gateway;
  let relay: Relay;
  beforeAll(async () => {
    gw = await startGateway();
    // as `npm start` does in sandbox mode: the demo site's DMNs go to the inbox
    await setSiteNotificationUrl(gw.rt.deps, gw.demo.merchantSiteId, `${gw.url}${INBOX_PATHS.dmn}`);
    relay = new Relay({ store: gw.rt.store, deps: gw.rt.deps }, relayOptionsOf(gw.rt.config));
  });
  afterAll(async () => {
    await relay?.stop();
    await gw?.close();
  });

  const page = async (query = '') => {
    const res = await fetch(`${gw.url}/demo/cashier${query}`);
    const html = await res.text();
    const init = JSON.parse(/<script id="demo-init" type="application\/json"[^>]*>([^<]+)<\/script>/.exec(html)![1]!);
    return { res, html, init };
  };
  const step = async (path: string, body: unknown) => {
    const res = await fetch(`${gw.url}/demo/cashier/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as any };
  };

  it('opens an order for a new user with a saved card, in the theme and locale asked', async () => {
    const { res, html, init } = await page('?theme=tiles&locale=he');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(html).toContain('<a href="/demo/cashier" aria-current="page">');
    expect(init).toMatchObject({
      merchantId: gw.demo.merchantId,
      merchantSiteId: gw.demo.merchantSiteId,
      sessionToken: expect.stringMatching(/^[0-9a-f-]{36}$/),
      userTokenId: expect.stringMatching(/^demo-payee-[0-9a-f]{8}$/),
      upoId: expect.stringMatching(/^\d+$/),
      theme: 'tiles',
      locale: 'he',
    });
    const other = await page('?theme=cashier&locale=xx');
    expect(other.init).toMatchObject({ theme: 'horizontal', locale: 'en' });
    expect(other.init.userTokenId).not.toBe(init.userTokenId);
    const upos = (await gw.request('POST', '/client/v1/getUserUPOs', { body: { sessionToken: init.sessionToken } }))
      .json;
    expect(JSON.stringify(upos)).toContain('1390');
  });

  it('a withdrawal from the page, then getRequests, approve and settle, each shown; the DMNs in the inbox', async () => {
    const { init } = await page();
    const submitted = (
      await gw.request('POST', '/client/v1/submitWdRequest', {
        body: { sessionToken: init.sessionToken, upoId: init.upoId, amount: '15.00', userId: init.userTokenId },
      })
    ).json;
    expect(submitted).toMatchObject({ wdRequestStatus: 'Pending', wdRequestId: expect.anything() });
    const wdRequestId = Number(submitted.wdRequestId);

    const found = await step('requests', { wdRequestId });
    expect(found.status).toBe(200);
    expect(found.json.call).toBe('/ppp/api/withdrawal/getRequests.do');
    expect(found.json.request).toMatchObject({
      merchantId: gw.demo.merchantId,
      wdRequestId,
      checksum: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(JSON.stringify(found.json.request)).not.toContain(gw.demo.merchantSecretKey);
    expect(found.json.answer).toMatchObject({ status: 'SUCCESS', totalCount: '1' });
    expect(found.json.answer.withdrawalRequests[0]).toMatchObject({
      wdRequestStatus: 'Pending',
      requestedAmount: '15.00',
      requestedCurrency: 'EUR',
      userTokenId: init.userTokenId,
    });

    const approved = await step('approve', { wdRequestId });
    expect(approved.json.call).toBe('/ppp/api/withdrawal/approveRequest.do');
    expect(approved.json.answer).toMatchObject({
      status: 'SUCCESS',
      wdRequestStatus: 'InProgress',
      wdOrderStatus: 'Approved',
    });
    const settled = await step('settle', { wdOrderId: Number(approved.json.answer.wdOrderId) });
    expect(settled.json.call).toBe('/ppp/api/withdrawal/settleWithdrawalOrder.do');
    expect(settled.json.answer).toMatchObject({ status: 'SUCCESS', wdOrderStatus: 'Settled' });

    for (let i = 0; i < 5 && (await relay.tick()).attempted > 0; i++);
    const dmns = (await (await fetch(`${gw.url}/demo/cashier/dmns?wd=${wdRequestId}`)).json()) as any;
    const seen = dmns.notifications.map((n: any) => [n.fields.wdOrderId ? 'order' : 'request', n.fields.Status]);
    expect(seen).toEqual(
      expect.arrayContaining([
        ['request', 'InProgress'],
        ['order', 'Approved'],
        ['order', 'Settled'],
        ['request', 'Approved'],
      ]),
    );
    for (const n of dmns.notifications) expect(n.checksumValid).toBe(true);
    const none = (await (await fetch(`${gw.url}/demo/cashier/dmns?wd=999999`)).json()) as any;
    expect(none.notifications).toEqual([]);
  });

  it('takes the back-office steps as JSON only, with a valid id; a refused step is the gateway answer', async () => {
    const form = await fetch(`${gw.url}/demo/cashier/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'wdRequestId=1',
    });
    expect(form.status).toBe(415);
    expect((await step('approve', { wdRequestId: 'x' })).status).toBe(400);
    expect((await step('settle', {})).status).toBe(400);
    const unknown = await step('approve', { wdRequestId: 987654 });
    expect(unknown.status).toBe(200);
    expect(unknown.json.answer).toMatchObject({ status: 'ERROR' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { demoPageEnabled, loadConfig } from '../../config.js';

/** The demo shop (docs/decisions/0407): where it is served, the order it opens, the DMNs it shows. */

describe('demo shop', () => {
  it('is on by default in sandbox mode with SQLite, off with PostgreSQL or in production, and configurable', () => {
    const c = (env: Record<string, string>) => demoPageEnabled(loadConfig(env, '/tmp'));
    expect(c({})).toBe(true);
    expect(c({ DATABASE_URL: 'postgres://x@127.0.0.1/db', GATEHOUSE_MASTER_KEY: '11'.repeat(32) })).toBe(false);
    expect(c({ GATEHOUSE_MODE: 'production' })).toBe(false);
    expect(c({ GATEHOUSE_MODE: 'production', GATEHOUSE_DEMO_PAGE: 'true' })).toBe(true);
    expect(c({ GATEHOUSE_DEMO_PAGE: 'false' })).toBe(false);
  });

  describe('served', () => {
    let gw: Gateway;
    beforeAll(async () => {
      gw = await startGateway();
    });
    afterAll(async () => {
      await gw?.close();
    });

    it('GET /demo opens an order for the demo merchant and loads the SDK with a strict CSP', async () => {
      const res = await fetch(`${gw.url}/demo`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      const html = await res.text();
      const init = JSON.parse(/<script id="demo-init" type="application\/json"[^>]*>([^<]+)<\/script>/.exec(html)![1]!);
      expect(init).toMatchObject({
        merchantId: gw.demo.merchantId,
        merchantSiteId: gw.demo.merchantSiteId,
        sessionToken: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
      const status = (
        await gw.request('POST', '/ppp/api/v1/getPaymentStatus.do', { body: { sessionToken: init.sessionToken } })
      ).json;
      expect(status).toMatchObject({
        status: 'SUCCESS',
        amount: '15.00',
        currency: 'EUR',
        transactionStatus: 'PENDING',
      });
      expect(html).toContain('<script src="/sdk/v1/websdk.js"');
    });

    it('shows a received DMN with its checksum checked, by merchant_unique_id', async () => {
      const post = (body: Record<string, string>) =>
        fetch(`${gw.url}/demo/dmn`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(body).toString(),
        });
      expect(
        (
          await post({
            Status: 'APPROVED',
            merchant_unique_id: 'demo-x1',
            totalAmount: '15.00',
            advanceResponseChecksum: 'forged',
          })
        ).status,
      ).toBe(200);
      const events = (await (await fetch(`${gw.url}/demo/events?cu=demo-x1`)).json()) as any;
      expect(events.notifications).toEqual([
        expect.objectContaining({ checksumValid: false, fields: expect.objectContaining({ Status: 'APPROVED' }) }),
      ]);
      expect(((await (await fetch(`${gw.url}/demo/events?cu=demo-other`)).json()) as any).notifications).toEqual([]);
    });
  });

  it('the inbox keeps what it cannot render as text and keeps answering (deep, long, broken bodies)', async () => {
    const gw = await startGateway();
    try {
      let deep = '"x"';
      for (let i = 0; i < 5000; i++) deep = '{"a":' + deep + '}';
      const shallow = JSON.stringify({ type: 'ok.event', data: { a: { b: 1 } } });
      for (const body of [deep, '[' + deep + ']', '{"type":', 'x'.repeat(200_000), shallow]) {
        const res = await fetch(`${gw.url}/demo/inbox/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        expect(res.status).toBe(400); // stored, unsigned
      }
      const json = await fetch(`${gw.url}/demo/inbox.json`);
      expect(json.status).toBe(200);
      const entries = ((await json.json()) as { notifications: Array<{ body: unknown; event: string }> }).notifications;
      expect(entries).toHaveLength(5);
      expect(entries[0]).toMatchObject({ event: 'ok.event', body: { type: 'ok.event', data: { a: { b: 1 } } } });
      for (const e of entries.slice(1)) expect(typeof e.body).toBe('string');
      expect((entries[4]!.body as string).startsWith('{"a":{"a":')).toBe(true);
      expect((await fetch(`${gw.url}/demo/inbox`)).status).toBe(200);
    } finally {
      await gw.close();
    }
  });

  it('is not served when turned off', async () => {
    const gw = await startGateway({ env: { GATEHOUSE_DEMO_PAGE: 'false' } });
    try {
      expect((await fetch(`${gw.url}/demo`)).status).toBe(404);
    } finally {
      await gw.close();
    }
  });
});

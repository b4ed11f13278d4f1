import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { apiKey, type Gateway, startGateway } from '../../../test/harness.js';
import { createApiKey, createEntity, createMerchant } from '../../domain/merchants/merchant.service.js';
import { enqueueNotification } from '../../domain/notifications/notification.service.js';
import { webhookNotification } from '../../delivery/webhook.payload.js';
import type { ManualClock } from '../../lib/clock.js';

/** The admin API over HTTP: listing and resending deliveries, test notifications, auth and errors. */
describe.each(dialects())('admin deliveries API on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let otherKey: string;
  let disputeKey: string;

  const err = (code: string, reason: string) => ({ result: { status: 'error', errors: { code, reason } } });
  const enqueue = (
    key: string,
    over: { orderId?: number; sessionId?: string; transactionId?: string; merchantId?: string } = {},
  ) =>
    gw.rt.deps.storage.write((repos) =>
      enqueueNotification(
        repos,
        webhookNotification({
          dedupeKey: key,
          merchantId: over.merchantId ?? gw.demo.merchantId,
          siteId: gw.demo.merchantSiteId,
          orderId: over.orderId ?? null,
          sessionId: over.sessionId ?? null,
          transactionId: over.transactionId ?? null,
          url: 'http://127.0.0.1:9/never',
          type: 'transaction.approved',
          data: { key },
          at: gw.clock.now(),
        }),
        gw.clock.now(),
      ),
    );

  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: Date.UTC(2026, 1, 2, 3, 4, 5) });
    const other = await createMerchant(gw.rt.deps, { name: 'Other' });
    const entity = await createEntity(gw.rt.deps, { merchantId: other.merchant.id, name: 'other entity' });
    otherKey = (
      await createApiKey(gw.rt.deps, { entityId: entity.id, siteId: other.site.id, type: 'operations' })
    ).plaintext.expose();
    disputeKey = (
      await createApiKey(gw.rt.deps, {
        entityId: gw.demo.processingEntityId,
        siteId: gw.demo.merchantSiteId,
        type: 'dispute',
      })
    ).plaintext.expose();
  });
  afterAll(async () => {
    await gw.close();
  });

  describe('happy', () => {
    it('lists by orderId, sessionId and transactionId, newest first, with attempts', async () => {
      const a = await enqueue('adm-a', { orderId: 100000501, sessionId: 's-501', transactionId: 't-501' });
      (gw.clock as ManualClock).advance(1000);
      const b = await enqueue('adm-b', { orderId: 100000501, sessionId: 's-501', transactionId: 't-502' });
      for (const q of ['orderId=100000501', 'sessionId=s-501']) {
        const res = await gw.request('GET', `/admin/v1/deliveries?${q}`, { headers: apiKey(gw) });
        expect(res.status).toBe(200);
        expect(res.json.deliveries.map((d: any) => d.id)).toEqual([b.id, a.id]);
      }
      const res = await gw.request('GET', '/admin/v1/deliveries?transactionId=t-502', { headers: apiKey(gw) });
      expect(res.json.deliveries).toHaveLength(1);
      expect(res.json.deliveries[0]).toEqual({
        id: b.id,
        kind: 'webhook',
        eventType: 'transaction.approved',
        status: 'pending',
        targetUrl: 'http://127.0.0.1:9/never',
        orderId: 100000501,
        sessionId: 's-501',
        transactionId: 't-502',
        payload: JSON.stringify({
          type: 'transaction.approved',
          timestamp: new Date(gw.clock.now()).toISOString(),
          data: { key: 'adm-b' },
        }),
        attemptCount: 0,
        nextAttemptAt: new Date(gw.clock.now()).toISOString(),
        lastError: null,
        createdAt: new Date(gw.clock.now()).toISOString(),
        deliveredAt: null,
        attempts: [],
      });
    });

    it('limits a listing', async () => {
      for (let i = 0; i < 3; i++) await enqueue(`adm-limit-${i}`, { orderId: 100000600 });
      const res = await gw.request('GET', '/admin/v1/deliveries?orderId=100000600&limit=2', { headers: apiKey(gw) });
      expect(res.json.deliveries).toHaveLength(2);
    });

    it('queues a test webhook and a test DMN from the key’s site (202)', async () => {
      for (const kind of ['webhook', 'dmn'] as const) {
        const res = await gw.request('POST', '/admin/v1/test-notifications', {
          headers: apiKey(gw),
          body: { kind, url: 'http://127.0.0.1:9/t' },
        });
        expect(res.status, res.text).toBe(202);
        expect(res.json).toMatchObject({
          kind,
          eventType: 'test.notification',
          status: 'pending',
          targetUrl: 'http://127.0.0.1:9/t',
          attemptCount: 0,
          attempts: [],
        });
        expect(res.json.id).toMatch(/^ntf_/);
      }
    });
  });

  describe('error', () => {
    it.each([
      [
        'GET',
        '/admin/v1/deliveries?orderId=abc',
        undefined,
        err('5000.1001', '[orderId] must match the pattern ^[0-9]{1,15}$'),
      ],
      [
        'GET',
        '/admin/v1/deliveries?limit=0',
        undefined,
        err('5000.1001', '[limit] must match the pattern ^(?:[1-9][0-9]?|1[0-9][0-9]|200)$'),
      ],
      ['GET', '/admin/v1/deliveries?color=red', undefined, err('5000.1001', '[color] is not a known field')],
      [
        'POST',
        '/admin/v1/test-notifications',
        { kind: 'sms', url: 'http://x.test/' },
        err('5000.1001', '[kind] must be one of webhook, dmn'),
      ],
      ['POST', '/admin/v1/test-notifications', { kind: 'dmn' }, err('5000.1000', '[url] must not be null')],
      [
        'POST',
        '/admin/v1/test-notifications',
        { kind: 'dmn', url: 'not a url' },
        err('5000.1001', '[url] must be a valid URI'),
      ],
      [
        'POST',
        '/admin/v1/test-notifications',
        { kind: 'dmn', url: 'ftp://x.test/' },
        err('5000.1001', '[url] must be an http or https URL'),
      ],
    ])('%s %s %j → 400', async (method, path, body, expected) => {
      const res = await gw.request(method, path, { headers: apiKey(gw), ...(body ? { body } : {}) });
      expect(res.status).toBe(400);
      expect(res.json).toEqual(expected);
    });

    it('malformed JSON and a wrong content type are 400 5000.1002', async () => {
      const bad = await gw.request('POST', '/admin/v1/test-notifications', {
        headers: { ...apiKey(gw), 'content-type': 'application/json' },
        raw: '{"kind":',
      });
      expect(bad.status).toBe(400);
      expect(bad.json.result.errors.code).toBe('5000.1002');
      const text = await gw.request('POST', '/admin/v1/test-notifications', {
        headers: { ...apiKey(gw), 'content-type': 'text/plain' },
        raw: 'hi',
      });
      expect(text.status).toBe(400);
      expect(text.json.result.errors.code).toBe('5000.1002');
    });

    it('resending an unknown notification is 404', async () => {
      const res = await gw.request('POST', '/admin/v1/deliveries/ntf_unknown/resend', { headers: apiKey(gw) });
      expect(res.status).toBe(404);
      expect(res.json).toEqual(err('5000.1040', 'Delivery not found'));
    });
  });

  describe('security', () => {
    const routes: Array<[string, string, unknown]> = [
      ['GET', '/admin/v1/deliveries', undefined],
      ['POST', '/admin/v1/deliveries/ntf_x/resend', undefined],
      ['POST', '/admin/v1/test-notifications', { kind: 'webhook', url: 'http://127.0.0.1:9/' }],
    ];
    it.each(routes)('%s %s without a key, with a bad key: 401; with a dispute key: 403', async (method, path, body) => {
      const bad: Array<Record<string, string>> = [
        {},
        { 'x-api-key': 'gh_key_nope' },
        { authorization: 'Bearer whatever' },
      ];
      for (const headers of bad) {
        const res = await gw.request(method, path, { headers, ...(body ? { body } : {}) });
        expect(res.status).toBe(401);
        expect(res.json).toEqual(err('7300.3000', 'Authorization error'));
      }
      const res = await gw.request(method, path, { headers: { 'x-api-key': disputeKey }, ...(body ? { body } : {}) });
      expect(res.status).toBe(403);
      expect(res.json).toEqual(err('7300.3000', 'Authorization error'));
    });

    it("another merchant's key sees none of these deliveries and cannot resend them", async () => {
      const mine = await enqueue('adm-mine', { orderId: 100000700 });
      const list = await gw.request('GET', '/admin/v1/deliveries?orderId=100000700', {
        headers: { 'x-api-key': otherKey },
      });
      expect(list.status).toBe(200);
      expect(list.json.deliveries).toEqual([]);
      const all = await gw.request('GET', '/admin/v1/deliveries?limit=200', { headers: { 'x-api-key': otherKey } });
      expect(all.json.deliveries.some((d: any) => d.id === mine.id)).toBe(false);
      const resend = await gw.request('POST', `/admin/v1/deliveries/${mine.id}/resend`, {
        headers: { 'x-api-key': otherKey },
      });
      expect(resend.status).toBe(404);
      expect((await gw.rt.deps.storage.read.notifications.find(mine.id))?.retryBase).toBe(0);
    });
  });
});

describe('admin API in production mode', () => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await startGateway({ env: { GATEHOUSE_MODE: 'production' } });
  });
  afterAll(async () => {
    await gw.close();
  });

  it('has no test-notification endpoint (404); deliveries are still listed', async () => {
    const res = await gw.request('POST', '/admin/v1/test-notifications', {
      headers: apiKey(gw),
      body: { kind: 'webhook', url: 'https://example.com/' },
    });
    expect(res.status).toBe(404);
    const list = await gw.request('GET', '/admin/v1/deliveries', { headers: apiKey(gw) });
    expect(list.status).toBe(200);
  });
});

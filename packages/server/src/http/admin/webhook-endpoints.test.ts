import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { apiKey, type Gateway, startGateway } from '../../../test/harness.js';
import { verifyWebhook } from '../../../test/notify-verify.js';
import { type Receiver, startReceiver } from '../../../test/receiver.js';
import { webhookNotification } from '../../delivery/webhook.payload.js';
import { Relay } from '../../delivery/relay.js';
import { createApiKey, createEntity, createMerchant } from '../../domain/merchants/merchant.service.js';
import { enqueueNotification } from '../../domain/notifications/notification.service.js';
import type { ManualClock } from '../../lib/clock.js';
import { issueOperatorKey } from '../../security/operator-keys.js';
import { insertOperatorCredential } from '../../store/operator-credentials.repo.js';

/**
 * Several webhook endpoints per site (docs/decisions/0921) over HTTP: each receives only the event
 * types of its filter, signed with its own secret (verified by `standardwebhooks`), retried on its
 * own; the site's webhook URL keeps working as its default endpoint; a merchant reaches only its own.
 */
describe.each(dialects())('webhook endpoints on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let rx: Receiver;
  let relay: Relay;
  let otherKey: string;
  let operator: string;
  let n = 0;

  const clock = () => gw.clock as ManualClock;
  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = apiKey(gw)) =>
    gw.request(method, path, { headers, ...(body === undefined ? {} : { body }) });
  const queue = (type: string) =>
    gw.rt.deps.storage.write((repos) =>
      enqueueNotification(
        repos,
        webhookNotification({
          dedupeKey: `ep-test-${++n}`,
          merchantId: gw.demo.merchantId,
          siteId: gw.demo.merchantSiteId,
          orderId: null,
          sessionId: null,
          transactionId: `tx-${n}`,
          url: `${rx.url}/default`,
          type,
          data: { n },
          at: gw.clock.now(),
        }),
        gw.clock.now(),
      ),
    );
  const at = (path: string) => rx.received.filter((r) => r.url === path);

  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: Date.UTC(2026, 5, 1, 12) });
    rx = await startReceiver({ clock: gw.clock });
    relay = new Relay({ store: gw.rt.store, deps: gw.rt.deps }, { timeoutMs: 5000, allowPrivate: true, chaos: true });
    const other = await createMerchant(gw.rt.deps, { name: 'Other' });
    const entity = await createEntity(gw.rt.deps, { merchantId: other.merchant.id, name: 'other entity' });
    otherKey = (
      await createApiKey(gw.rt.deps, { entityId: entity.id, siteId: other.site.id, type: 'operations' })
    ).plaintext.expose();
    const op = issueOperatorKey(gw.rt.ids);
    await gw.rt.store.write((trx) =>
      insertOperatorCredential(trx, { id: op.id, name: 'ops', secretHash: op.secretHash, createdAt: gw.clock.now() }),
    );
    operator = op.plaintext.expose();
  });
  afterAll(async () => {
    await relay?.stop();
    await rx?.close();
    await gw?.close();
  });

  describe('happy', () => {
    it('fans a webhook out to the endpoints whose filter matches, each signed with its own secret', async () => {
      const approved = await call('POST', '/admin/v1/webhook-endpoints', {
        url: `${rx.url}/approved`,
        events: ['transaction.approved'],
        description: 'orders',
      });
      expect(approved.status, approved.text).toBe(201);
      expect(approved.json.secret).toMatch(/^whsec_/);
      expect(approved.json.endpoint).toMatchObject({
        id: expect.stringMatching(/^we_/),
        url: `${rx.url}/approved`,
        events: ['transaction.approved'],
        description: 'orders',
        enabled: true,
      });
      const all = await call('POST', '/admin/v1/webhook-endpoints', {
        url: `${rx.url}/all`,
        events: ['transaction.*'],
      });
      const declined = await call('POST', '/admin/v1/webhook-endpoints', {
        url: `${rx.url}/declined`,
        events: ['transaction.declined'],
      });
      expect([all.status, declined.status]).toEqual([201, 201]);

      const row = await queue('transaction.approved');
      await relay.tick();
      expect(at('/default')).toHaveLength(1);
      expect(at('/approved')).toHaveLength(1);
      expect(at('/all')).toHaveLength(1);
      expect(at('/declined')).toHaveLength(0);
      // the default endpoint as before: the site's secret; each endpoint: its own, and only its own
      expect(verifyWebhook(gw.demo.webhookSecret!, at('/default')[0]!)).toMatchObject({
        type: 'transaction.approved',
        data: { n },
      });
      expect(at('/default')[0]!.headers['webhook-id']).toBe(row.id);
      expect(verifyWebhook(approved.json.secret, at('/approved')[0]!)).toMatchObject({
        type: 'transaction.approved',
        data: { n },
      });
      expect(verifyWebhook(all.json.secret, at('/all')[0]!)).toMatchObject({ type: 'transaction.approved' });
      expect(() => verifyWebhook(gw.demo.webhookSecret!, at('/approved')[0]!)).toThrow();
      expect(() => verifyWebhook(approved.json.secret, at('/all')[0]!)).toThrow();
      // a second tick fans out nothing more
      await relay.tick();
      expect(rx.received).toHaveLength(3);

      // listed without secrets
      const list = await call('GET', '/admin/v1/webhook-endpoints');
      expect(list.json.endpoints.map((e: { id: string }) => e.id).sort()).toEqual(
        [approved.json.endpoint.id, all.json.endpoint.id, declined.json.endpoint.id].sort(),
      );
      expect(list.text).not.toContain('whsec_');
      await queue('transaction.declined');
      await relay.tick();
      expect([at('/default'), at('/approved'), at('/all'), at('/declined')].map((r) => r.length)).toEqual([2, 1, 2, 1]);
      expect(verifyWebhook(declined.json.secret, at('/declined')[0]!)).toMatchObject({ type: 'transaction.declined' });
      for (const e of list.json.endpoints)
        expect((await call('DELETE', `/admin/v1/webhook-endpoints/${e.id}`)).status).toBe(204);
    });

    it('retries each endpoint on its own schedule; the default endpoint is not sent again', async () => {
      rx.received.length = 0;
      const flaky = await call('POST', '/admin/v1/webhook-endpoints', { url: `${rx.url}/flaky` });
      rx.behave((r, nth) => (r.url === '/flaky' && nth === 1 ? { status: 500 } : { status: 200 }));
      await queue('transaction.approved');
      await relay.tick();
      expect([at('/default').length, at('/flaky').length]).toEqual([1, 1]);
      clock().advance(60 * 60 * 1000);
      await relay.tick();
      expect([at('/default').length, at('/flaky').length]).toEqual([1, 2]);
      const d = await call('GET', '/admin/v1/deliveries?limit=10');
      const copy = d.json.deliveries.find((x: { targetUrl: string }) => x.targetUrl === `${rx.url}/flaky`);
      expect(copy).toMatchObject({ status: 'delivered', attemptCount: 2 });
      rx.behave(() => ({ status: 200 }));
      await call('DELETE', `/admin/v1/webhook-endpoints/${flaky.json.endpoint.id}`);
    });

    it('rotates an endpoint’s secret: both sign for 24 hours; changes URL and filter; deleted, its queued copies fail', async () => {
      rx.received.length = 0;
      const ep = await call('POST', '/admin/v1/webhook-endpoints', { url: `${rx.url}/rot` });
      const rotated = await call('POST', `/admin/v1/webhook-endpoints/${ep.json.endpoint.id}/rotate-secret`);
      expect(rotated.status, rotated.text).toBe(200);
      expect(rotated.json.secret).not.toBe(ep.json.secret);
      expect(rotated.json.endpoint.previousSecretValidUntil).toBe(new Date(gw.clock.now() + 86_400_000).toISOString());
      await queue('transaction.approved');
      await relay.tick();
      expect(verifyWebhook(rotated.json.secret, at('/rot')[0]!)).toBeTruthy();
      expect(verifyWebhook(ep.json.secret, at('/rot')[0]!)).toBeTruthy();

      const moved = await call('PATCH', `/admin/v1/webhook-endpoints/${ep.json.endpoint.id}`, {
        url: `${rx.url}/moved`,
        events: ['payout.*'],
      });
      expect(moved.json).toMatchObject({ url: `${rx.url}/moved`, events: ['payout.*'] });
      await queue('transaction.approved');
      await relay.tick();
      expect(at('/moved')).toHaveLength(0);

      await call('PATCH', `/admin/v1/webhook-endpoints/${ep.json.endpoint.id}`, { events: ['*'] });
      rx.behave((r) => (r.url === '/moved' ? { status: 503 } : { status: 200 }));
      await queue('transaction.approved');
      await relay.tick();
      expect(at('/moved')).toHaveLength(1);
      expect((await call('DELETE', `/admin/v1/webhook-endpoints/${ep.json.endpoint.id}`)).status).toBe(204);
      clock().advance(60 * 60 * 1000);
      await relay.tick();
      expect(at('/moved')).toHaveLength(1);
      const d = await call('GET', '/admin/v1/deliveries?limit=10');
      expect(d.json.deliveries.find((x: { targetUrl: string }) => x.targetUrl === `${rx.url}/moved`)).toMatchObject({
        status: 'failed',
        lastError: expect.stringMatching(/deleted or disabled/),
      });
      rx.behave(() => ({ status: 200 }));
    });
  });

  describe('error', () => {
    it.each([
      ['no url', {}],
      ['a relative url', { url: '/hooks' }],
      ['an ftp url', { url: 'ftp://example.com/x' }],
      ['no events', { url: 'https://example.com/h', events: [] }],
      ['a bad event type', { url: 'https://example.com/h', events: ['Transaction Approved'] }],
      ['an unknown field', { url: 'https://example.com/h', secret: 'whsec_mine' }],
    ])('refuses %s with 400 in the REST error shape', async (_name, body) => {
      const r = await call('POST', '/admin/v1/webhook-endpoints', body);
      expect(r.status, r.text).toBe(400);
      expect(r.json).toMatchObject({
        result: { status: 'error', errors: { code: expect.any(String), reason: expect.any(String) } },
      });
    });

    it('answers 404 for an unknown endpoint and 400 for an empty change', async () => {
      expect((await call('GET', '/admin/v1/webhook-endpoints/we_nope')).status).toBe(404);
      const ep = await call('POST', '/admin/v1/webhook-endpoints', { url: 'https://example.com/h' });
      expect((await call('PATCH', `/admin/v1/webhook-endpoints/${ep.json.endpoint.id}`, {})).status).toBe(400);
      await call('DELETE', `/admin/v1/webhook-endpoints/${ep.json.endpoint.id}`);
    });
  });

  describe('security', () => {
    it('another merchant can neither see nor change an endpoint; an operator is refused; no key is 401', async () => {
      const ep = await call('POST', '/admin/v1/webhook-endpoints', { url: 'https://example.com/mine' });
      const id = ep.json.endpoint.id as string;
      const other = { 'x-api-key': otherKey };
      expect((await call('GET', '/admin/v1/webhook-endpoints', undefined, other)).json).toEqual({ endpoints: [] });
      expect((await call('GET', `/admin/v1/webhook-endpoints/${id}`, undefined, other)).status).toBe(404);
      expect(
        (await call('PATCH', `/admin/v1/webhook-endpoints/${id}`, { url: 'https://evil.example/x' }, other)).status,
      ).toBe(404);
      expect((await call('POST', `/admin/v1/webhook-endpoints/${id}/rotate-secret`, undefined, other)).status).toBe(
        404,
      );
      expect((await call('DELETE', `/admin/v1/webhook-endpoints/${id}`, undefined, other)).status).toBe(404);
      expect(
        (await call('GET', '/admin/v1/webhook-endpoints', undefined, { authorization: `Bearer ${operator}` })).status,
      ).toBe(403);
      expect((await call('GET', '/admin/v1/webhook-endpoints', undefined, {})).status).toBe(401);
      expect((await call('GET', `/admin/v1/webhook-endpoints/${id}`)).json).toMatchObject({
        url: 'https://example.com/mine',
      });
      await call('DELETE', `/admin/v1/webhook-endpoints/${id}`);
    });
  });
});

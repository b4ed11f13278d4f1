import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKey, type Gateway, type HttpResult, startGateway, validOrder } from '../../../test/harness.js';
import { dialects } from '../../../test/dialects.js';
import type { ManualClock } from '../../lib/clock.js';
import {
  createApiKey,
  createEntity,
  createMerchant,
  listApiKeys,
  revokeApiKey,
} from '../../domain/merchants/merchant.service.js';

/**
 * REST 2.0 authentication and reach (docs/rest-orders.md): one shared matrix of credentials run on
 * every order endpoint, then the entity tree, then merchant access tokens.
 */

type Headers = Record<string, string>;

const AUTH_ERROR = { result: { status: 'error', errors: { code: '7300.3000', reason: 'Authorization error' } } };
const ORDER_NOT_FOUND = { result: { status: 'error', errors: { code: '5000.1040', reason: 'Order not found' } } };

const key = (k: string): Headers => ({ 'x-api-key': k });
const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });

/** The same key with one character of its secret (or id) changed: well-formed but unknown. */
function alter(k: string, at: number): string {
  const i = at < 0 ? k.length + at : at;
  return k.slice(0, i) + (k[i] === 'a' ? 'b' : 'a') + k.slice(i + 1);
}

interface World {
  gw: Gateway;
  clock: ManualClock;
  /** the demo merchant's entity and its operations key */
  entityId: string;
  /** an order of the demo entity, created with openAmount so PATCH can succeed */
  orderSid: string;
  disputeKey: string;
  revokedKey: string;
  /** a second merchant with its own entity and key */
  otherMerchantKey: string;
  otherEntityId: string;
  otherOrderSid: string;
  /** children of the demo entity: one without a key of its own, one with */
  keylessChildId: string;
  keyedChildId: string;
  keyedChildKey: string;
  keyedChildKeyId: string;
}

async function buildWorld(gw: Gateway): Promise<World> {
  const deps = gw.rt.deps;
  const { demo } = gw;
  const create = async (k: string, extra: Record<string, unknown> = {}) => {
    const r = await gw.request('POST', '/orders', {
      headers: key(k),
      body: validOrder(gw, { openAmount: { min: 1, max: 100 }, ...extra }),
    });
    expect(r.status, r.text).toBe(201);
    return r.json.sessionId as string;
  };

  const dispute = await createApiKey(deps, {
    entityId: demo.processingEntityId,
    siteId: demo.merchantSiteId,
    type: 'dispute',
  });
  const revoked = await createApiKey(deps, {
    entityId: demo.processingEntityId,
    siteId: demo.merchantSiteId,
    type: 'operations',
  });
  await revokeApiKey(deps, revoked.key.id);

  const other = await createMerchant(deps, { name: 'Other Merchant' });
  const otherEntity = await createEntity(deps, { merchantId: other.merchant.id, name: 'Other Entity' });
  const otherKey = await createApiKey(deps, { entityId: otherEntity.id, siteId: other.site.id, type: 'operations' });

  const keylessChild = await createEntity(deps, { parentId: demo.processingEntityId, name: 'Keyless Child' });
  const keyedChild = await createEntity(deps, { parentId: demo.processingEntityId, name: 'Keyed Child' });
  const keyedChildKey = await createApiKey(deps, {
    entityId: keyedChild.id,
    siteId: demo.merchantSiteId,
    type: 'operations',
  });

  return {
    gw,
    clock: gw.clock as ManualClock,
    entityId: demo.processingEntityId,
    orderSid: await create(demo.apiKey),
    disputeKey: dispute.plaintext.expose(),
    revokedKey: revoked.plaintext.expose(),
    otherMerchantKey: otherKey.plaintext.expose(),
    otherEntityId: otherEntity.id,
    otherOrderSid: await create(otherKey.plaintext.expose(), { processingEntityId: otherEntity.id }),
    keylessChildId: keylessChild.id,
    keyedChildId: keyedChild.id,
    keyedChildKey: keyedChildKey.plaintext.expose(),
    keyedChildKeyId: keyedChildKey.key.id,
  };
}

interface Endpoint {
  name: string;
  /** the endpoint's request about the demo entity (or its order), with these credential headers */
  call(w: World, headers: Headers): Promise<HttpResult>;
  okStatus: number;
  /** how a valid key that cannot reach the demo entity is answered: 403, or 404 like a missing order */
  unreachable: { status: number; body: unknown };
}

const ENDPOINTS: Endpoint[] = [
  {
    name: 'POST /orders',
    call: (w, headers) => w.gw.request('POST', '/orders', { headers, body: validOrder(w.gw) }),
    okStatus: 201,
    unreachable: { status: 403, body: AUTH_ERROR },
  },
  {
    name: 'PATCH /orders',
    call: (w, headers) => w.gw.request('PATCH', `/orders?sessionId=${w.orderSid}`, { headers, body: { amount: 7 } }),
    okStatus: 200,
    unreachable: { status: 404, body: ORDER_NOT_FOUND },
  },
  {
    name: 'GET /orders/status',
    call: (w, headers) => w.gw.request('GET', `/orders/status?sessionId=${w.orderSid}`, { headers }),
    okStatus: 200,
    unreachable: { status: 404, body: ORDER_NOT_FOUND },
  },
];

/** The credential matrix every REST endpoint must pass (unkey's runCommonRouteTests). */
function runCommonAuthTests(endpoint: Endpoint, world: () => World): void {
  describe(`${endpoint.name} credentials`, () => {
    it('accepts the entity’s own operations key', async () => {
      const w = world();
      const r = await endpoint.call(w, apiKey(w.gw));
      expect(r.status, r.text).toBe(endpoint.okStatus);
    });

    it.each<[string, (w: World) => Headers]>([
      ['no credential', () => ({})],
      ['an empty x-api-key', () => key('')],
      ['a malformed key', () => key('not-a-key')],
      ['a key of the right shape but made up', () => key(`gh_key_${'a'.repeat(20)}_${'b'.repeat(40)}`)],
      ['a known key id with a wrong secret', (w) => key(alter(w.gw.demo.apiKey, -1))],
      ['an unknown key id with the right secret', (w) => key(alter(w.gw.demo.apiKey, 10))],
      ['a revoked key', (w) => key(w.revokedKey)],
      ['a Basic authorization header', () => ({ authorization: 'Basic dXNlcjpwYXNz' })],
    ])('refuses %s with 401 7300.3000', async (_label, headers) => {
      const w = world();
      const r = await endpoint.call(w, headers(w));
      expect({ status: r.status, body: r.json }).toEqual({ status: 401, body: AUTH_ERROR });
    });

    it('refuses a dispute key with 403 7300.3000', async () => {
      const w = world();
      const r = await endpoint.call(w, key(w.disputeKey));
      expect({ status: r.status, body: r.json }).toEqual({ status: 403, body: AUTH_ERROR });
    });

    it('does not let another merchant’s key reach the entity', async () => {
      const w = world();
      const r = await endpoint.call(w, key(w.otherMerchantKey));
      expect({ status: r.status, body: r.json }).toEqual(endpoint.unreachable);
    });

    it('does not let a child entity’s own key reach its parent', async () => {
      const w = world();
      const r = await endpoint.call(w, key(w.keyedChildKey));
      expect({ status: r.status, body: r.json }).toEqual(endpoint.unreachable);
    });
  });
}

describe.each(dialects())('REST security on %s', (dialect) => {
  let w: World;
  beforeAll(async () => {
    const gw = await startGateway({ dialect, clockStart: Date.UTC(2026, 0, 1) });
    w = await buildWorld(gw);
  });
  afterAll(async () => {
    await w.gw.close();
  });

  for (const endpoint of ENDPOINTS) runCommonAuthTests(endpoint, () => w);

  describe('orders of another processing entity', () => {
    it('answers PATCH and status of another merchant’s order exactly like a missing order', async () => {
      const { gw } = w;
      const missing = await gw.request('GET', '/orders/status?sessionId=no-such-session', { headers: apiKey(gw) });
      expect({ status: missing.status, body: missing.json }).toEqual({ status: 404, body: ORDER_NOT_FOUND });
      const status = await gw.request('GET', `/orders/status?sessionId=${w.otherOrderSid}`, { headers: apiKey(gw) });
      const patch = await gw.request('PATCH', `/orders?sessionId=${w.otherOrderSid}`, {
        headers: apiKey(gw),
        body: { amount: 5 },
      });
      for (const r of [status, patch])
        expect({ status: r.status, body: r.json }).toEqual({ status: 404, body: ORDER_NOT_FOUND });
    });

    it('leaves the other merchant’s order unchanged after a refused PATCH', async () => {
      const r = await w.gw.request('GET', `/orders/status?sessionId=${w.otherOrderSid}`, {
        headers: key(w.otherMerchantKey),
      });
      expect(r.status).toBe(200);
      expect(r.json.amount).toBe(25.5);
    });

    it('refuses to create an order for another merchant’s entity (403)', async () => {
      const r = await w.gw.request('POST', '/orders', {
        headers: apiKey(w.gw),
        body: validOrder(w.gw, { processingEntityId: w.otherEntityId }),
      });
      expect({ status: r.status, body: r.json }).toEqual({ status: 403, body: AUTH_ERROR });
    });

    it('refuses to create an order for an entity that does not exist (403)', async () => {
      const r = await w.gw.request('POST', '/orders', {
        headers: apiKey(w.gw),
        body: validOrder(w.gw, { processingEntityId: '3f2504e0-4f89-41d3-9a0c-0305e82c3301' }),
      });
      expect({ status: r.status, body: r.json }).toEqual({ status: 403, body: AUTH_ERROR });
    });

    it('does not find another entity’s order by merchantTransactionId', async () => {
      const { gw } = w;
      const created = await gw.request('POST', '/orders', {
        headers: key(w.otherMerchantKey),
        body: validOrder(gw, { processingEntityId: w.otherEntityId, merchantTransactionId: 'other-mtid-1' }),
      });
      expect(created.status).toBe(201);
      const r = await gw.request('GET', '/orders/status?merchantTransactionId=other-mtid-1', { headers: apiKey(gw) });
      expect({ status: r.status, body: r.json }).toEqual({ status: 404, body: ORDER_NOT_FOUND });
    });
  });

  describe('parent and child entities', () => {
    it('lets the parent’s key create, read and update orders of a child without a key of its own', async () => {
      const { gw } = w;
      const created = await gw.request('POST', '/orders', {
        headers: apiKey(gw),
        body: validOrder(gw, { processingEntityId: w.keylessChildId, openAmount: { min: 1, max: 50 } }),
      });
      expect(created.status, created.text).toBe(201);
      const sid = created.json.sessionId as string;
      const patch = await gw.request('PATCH', `/orders?sessionId=${sid}`, {
        headers: apiKey(gw),
        body: { amount: 12 },
      });
      expect(patch.status, patch.text).toBe(200);
      const status = await gw.request('GET', `/orders/status?sessionId=${sid}`, { headers: apiKey(gw) });
      expect(status.status).toBe(200);
      expect(status.json.amount).toBe(12);
    });

    it('does not let the parent’s key create orders for a child that has its own key (403)', async () => {
      const r = await w.gw.request('POST', '/orders', {
        headers: apiKey(w.gw),
        body: validOrder(w.gw, { processingEntityId: w.keyedChildId }),
      });
      expect({ status: r.status, body: r.json }).toEqual({ status: 403, body: AUTH_ERROR });
    });

    it('answers the parent’s key about a keyed child’s order like a missing order (404)', async () => {
      const { gw } = w;
      const created = await gw.request('POST', '/orders', {
        headers: key(w.keyedChildKey),
        body: validOrder(gw, { processingEntityId: w.keyedChildId, openAmount: { min: 1, max: 50 } }),
      });
      expect(created.status, created.text).toBe(201);
      const sid = created.json.sessionId as string;
      const status = await gw.request('GET', `/orders/status?sessionId=${sid}`, { headers: apiKey(gw) });
      const patch = await gw.request('PATCH', `/orders?sessionId=${sid}`, { headers: apiKey(gw), body: { amount: 3 } });
      for (const r of [status, patch])
        expect({ status: r.status, body: r.json }).toEqual({ status: 404, body: ORDER_NOT_FOUND });
      const own = await gw.request('GET', `/orders/status?sessionId=${sid}`, { headers: key(w.keyedChildKey) });
      expect(own.status).toBe(200);
      expect(own.json.amount).toBe(25.5);
    });

    it('does not let a child’s key reach a sibling', async () => {
      const r = await w.gw.request('POST', '/orders', {
        headers: key(w.keyedChildKey),
        body: validOrder(w.gw, { processingEntityId: w.keylessChildId }),
      });
      expect({ status: r.status, body: r.json }).toEqual({ status: 403, body: AUTH_ERROR });
    });

    it('never lists the parent’s keys from a child', async () => {
      const deps = w.gw.rt.deps;
      expect(await listApiKeys(deps, w.keylessChildId)).toEqual([]);
      const keyed = await listApiKeys(deps, w.keyedChildId);
      expect(keyed.map((k) => k.id)).toEqual([w.keyedChildKeyId]);
      expect(keyed[0]).not.toHaveProperty('secretHash');
      const parent = await listApiKeys(deps, w.entityId);
      expect(parent.map((k) => k.entityId)).toEqual(parent.map(() => w.entityId));
      expect(parent.map((k) => k.id)).not.toContain(w.keyedChildKeyId);
    });

    it('lets the parent’s key reach a child again once the child’s only key is revoked', async () => {
      const { gw } = w;
      const deps = gw.rt.deps;
      const child = await createEntity(deps, { parentId: w.entityId, name: 'Rotating Child' });
      const childKey = await createApiKey(deps, {
        entityId: child.id,
        siteId: gw.demo.merchantSiteId,
        type: 'operations',
      });
      const body = validOrder(gw, { processingEntityId: child.id });
      expect((await gw.request('POST', '/orders', { headers: apiKey(gw), body })).status).toBe(403);
      await revokeApiKey(deps, childKey.key.id);
      expect((await gw.request('POST', '/orders', { headers: apiKey(gw), body })).status).toBe(201);
      expect((await gw.request('POST', '/orders', { headers: key(childKey.plaintext.expose()), body })).status).toBe(
        401,
      );
    });
    it('refuses a key in use on the first request after its revocation, and a wrong secret for a cached key', async () => {
      const { gw } = w;
      const deps = gw.rt.deps;
      const k = await createApiKey(deps, { entityId: w.entityId, siteId: gw.demo.merchantSiteId, type: 'operations' });
      const plaintext = k.plaintext.expose();
      const body = validOrder(gw, {});
      // Twice: the second request is answered from the key cache, without a read.
      expect((await gw.request('POST', '/orders', { headers: key(plaintext), body })).status).toBe(201);
      expect((await gw.request('POST', '/orders', { headers: key(plaintext), body })).status).toBe(201);
      // The cached record never stands in for the secret: the same key id with another secret is refused.
      const forged = plaintext.slice(0, -1) + (plaintext.endsWith('A') ? 'B' : 'A');
      const r = await gw.request('POST', '/orders', { headers: key(forged), body });
      expect({ status: r.status, body: r.json }).toEqual({ status: 401, body: AUTH_ERROR });
      await revokeApiKey(deps, k.key.id);
      const after = await gw.request('POST', '/orders', { headers: key(plaintext), body });
      expect({ status: after.status, body: after.json }).toEqual({ status: 401, body: AUTH_ERROR });
    });
  });

  describe('merchant access tokens (POST /oauth2/token)', () => {
    async function token(k: string, scope?: string): Promise<string> {
      const r = await w.gw.request('POST', '/oauth2/token', {
        headers: key(k),
        body: scope === undefined ? {} : { scope },
      });
      expect(r.status, r.text).toBe(200);
      expect(r.json).toEqual({
        access_token: expect.any(String),
        token_type: 'Bearer',
        expires_in: 900,
        scope: scope ?? 'payments operations',
      });
      return r.json.access_token as string;
    }
    const createWith = (headers: Headers, extra: Record<string, unknown> = {}) =>
      w.gw.request('POST', '/orders', { headers, body: validOrder(w.gw, extra) });
    const expectRefused = (r: HttpResult, status: 401 | 403) =>
      expect({ status: r.status, body: r.json }).toEqual({ status, body: AUTH_ERROR });

    it('creates an order with a token of scope "payments operations"', async () => {
      const r = await createWith(bearer(await token(w.gw.demo.apiKey, 'payments operations')));
      expect(r.status, r.text).toBe(201);
      expect(r.json.result).toEqual({ status: 'success' });
    });

    it('creates an order with a token of scope "payments"', async () => {
      expect((await createWith(bearer(await token(w.gw.demo.apiKey, 'payments')))).status).toBe(201);
    });

    it('creates an order for a keyless child with the parent’s token', async () => {
      const r = await createWith(bearer(await token(w.gw.demo.apiKey, 'payments')), {
        processingEntityId: w.keylessChildId,
      });
      expect(r.status, r.text).toBe(201);
    });

    it('refuses a token of scope "operations" only on create (403)', async () => {
      expectRefused(await createWith(bearer(await token(w.gw.demo.apiKey, 'operations'))), 403);
    });

    it('refuses a token for another merchant’s entity (403)', async () => {
      expectRefused(await createWith(bearer(await token(w.otherMerchantKey, 'payments'))), 403);
    });

    it('refuses any bearer on PATCH and status (403), even a valid token', async () => {
      const t = await token(w.gw.demo.apiKey);
      for (const headers of [bearer(t), bearer(w.orderSid), bearer('garbage')]) {
        expectRefused(
          await w.gw.request('PATCH', `/orders?sessionId=${w.orderSid}`, { headers, body: { amount: 5 } }),
          403,
        );
        expectRefused(await w.gw.request('GET', `/orders/status?sessionId=${w.orderSid}`, { headers }), 403);
      }
    });

    it('refuses an order’s sessionId used as a bearer on create (403)', async () => {
      expectRefused(await createWith(bearer(w.orderSid)), 403);
    });

    it('accepts a token until it expires after 900 seconds, then refuses it (401)', async () => {
      const t = await token(w.gw.demo.apiKey, 'payments');
      w.clock.advance(899_000);
      expect((await createWith(bearer(t))).status).toBe(201);
      w.clock.advance(1_000);
      expectRefused(await createWith(bearer(t)), 401);
    });

    it('refuses a tampered token (401)', async () => {
      const t = await token(w.gw.demo.apiKey, 'operations');
      const [header, payload, signature] = t.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
      const widened = Buffer.from(JSON.stringify({ ...claims, scope: 'payments operations' })).toString('base64url');
      expectRefused(await createWith(bearer(`${header}.${widened}.${signature}`)), 401);
      expectRefused(await createWith(bearer(`${header}.${payload}.${alter(signature, 0)}`)), 401);
      expectRefused(await createWith(bearer(`${header}.${payload}`)), 401);
      expectRefused(await createWith(bearer('not.a.token')), 401);
    });

    it('refuses a token whose API key was revoked (401)', async () => {
      const deps = w.gw.rt.deps;
      const k = await createApiKey(deps, {
        entityId: w.entityId,
        siteId: w.gw.demo.merchantSiteId,
        type: 'operations',
      });
      const t = await token(k.plaintext.expose(), 'payments');
      expect((await createWith(bearer(t))).status).toBe(201);
      await revokeApiKey(deps, k.key.id);
      expectRefused(await createWith(bearer(t)), 401);
    });

    it('gives no token to a dispute key (403), a revoked key or no key (401)', async () => {
      const ask = (headers: Headers) => w.gw.request('POST', '/oauth2/token', { headers, body: { scope: 'payments' } });
      expectRefused(await ask(key(w.disputeKey)), 403);
      expectRefused(await ask(key(w.revokedKey)), 401);
      expectRefused(await ask({}), 401);
    });

    it('gives no token for a bearer token (403)', async () => {
      const t = await token(w.gw.demo.apiKey);
      expectRefused(await w.gw.request('POST', '/oauth2/token', { headers: bearer(t), body: {} }), 403);
    });

    it('rejects an unknown scope (400)', async () => {
      const r = await w.gw.request('POST', '/oauth2/token', {
        headers: apiKey(w.gw),
        body: { scope: 'payments admin' },
      });
      expect(r.status).toBe(400);
      expect(r.json.result).toMatchObject({
        status: 'error',
        errors: { code: '5000.1001', reason: expect.stringMatching(/^\[scope\] /) },
      });
    });
  });
});

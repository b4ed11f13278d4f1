import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKey, type Gateway, type HttpResult, startGateway, validOrder } from '../../../test/harness.js';
import { dialects } from '../../../test/dialects.js';
import type { ManualClock } from '../../lib/clock.js';
import { createApiKey, createEntity, createMerchant } from '../../domain/merchants/merchant.service.js';

/**
 * `idempotency-key` on POST /orders (docs/rest-orders.md): scoped to the processing entity, kept 24 hours;
 * the same key and body replay the first answer, another body is a 409, a rejected request is not kept.
 */

const HOUR = 60 * 60 * 1000;
let keySeq = 0;
const freshKey = () => `idem-${process.pid}-${++keySeq}`;

describe.each(dialects())('POST /orders idempotency on %s', (dialect) => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: Date.UTC(2026, 0, 1) });
  });
  afterAll(async () => {
    await gw.close();
  });

  const post = (key: string, body: Record<string, unknown>, headers: Record<string, string> = apiKey(gw)) =>
    gw.request('POST', '/orders', { headers: { ...headers, 'idempotency-key': key }, body });

  async function countOrders(): Promise<number> {
    const row = await gw.rt.store.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  const replayed = (r: HttpResult) => r.headers.get('idempotent-replayed') === 'true';

  it('replays the first answer for the same key and body, and stores one order', async () => {
    const key = freshKey();
    const before = await countOrders();
    const first = await post(key, validOrder(gw));
    const second = await post(key, validOrder(gw));
    expect(first.status).toBe(201);
    expect(replayed(first)).toBe(false);
    expect({ status: second.status, text: second.text }).toEqual({ status: first.status, text: first.text });
    expect(replayed(second)).toBe(true);
    expect(await countOrders()).toBe(before + 1);
  });

  it('treats the same members in another order as the same body', async () => {
    const key = freshKey();
    const body = validOrder(gw, { items: [{ name: 'Tea', price: 25.5, quantity: 1, type: 'Physical' }] });
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const first = await post(key, body);
    const second = await post(key, reordered);
    expect(second.json.sessionId).toBe(first.json.sessionId);
    expect(replayed(second)).toBe(true);
  });

  it('replays for another credential of the same entity', async () => {
    const key = freshKey();
    const first = await post(key, validOrder(gw));
    const token = await gw.request('POST', '/oauth2/token', { headers: apiKey(gw), body: { scope: 'payments' } });
    const second = await post(key, validOrder(gw), { authorization: `Bearer ${token.json.access_token}` });
    expect(second.status).toBe(201);
    expect(second.json.sessionId).toBe(first.json.sessionId);
  });

  it('refuses the same key with another body (409 5000.1090) and stores nothing', async () => {
    const key = freshKey();
    await post(key, validOrder(gw));
    const before = await countOrders();
    const r = await post(key, validOrder(gw, { amount: 99 }));
    expect({ status: r.status, body: r.json }).toEqual({
      status: 409,
      body: {
        result: {
          status: 'error',
          errors: { code: '5000.1090', reason: 'Idempotency key already used with a different request' },
        },
      },
    });
    expect(await countOrders()).toBe(before);
  });

  it('does not keep a request rejected by validation: the fixed retry with the same key succeeds', async () => {
    const key = freshKey();
    const before = await countOrders();
    const rejected = await post(key, validOrder(gw, { currency: 'EURO' }));
    expect(rejected.status).toBe(400);
    const rejectedAgain = await post(key, validOrder(gw, { amount: 10.555 }));
    expect(rejectedAgain.status).toBe(400);
    const fixed = await post(key, validOrder(gw));
    expect(fixed.status, fixed.text).toBe(201);
    expect(replayed(fixed)).toBe(false);
    expect(await countOrders()).toBe(before + 1);
  });

  it('does not keep a request refused for its credential', async () => {
    const key = freshKey();
    const refused = await post(key, validOrder(gw), { 'x-api-key': 'not-a-key' });
    expect(refused.status).toBe(401);
    const other = await createMerchant(gw.rt.deps, { name: 'Elsewhere' });
    const entity = await createEntity(gw.rt.deps, { merchantId: other.merchant.id, name: 'Elsewhere Entity' });
    const forbidden = await post(key, validOrder(gw, { processingEntityId: entity.id }));
    expect(forbidden.status).toBe(403);
    const ok = await post(key, validOrder(gw));
    expect(ok.status).toBe(201);
    expect(replayed(ok)).toBe(false);
  });

  it('scopes keys to the processing entity', async () => {
    const key = freshKey();
    const deps = gw.rt.deps;
    const child = await createEntity(deps, { parentId: gw.demo.processingEntityId, name: 'Child' });
    const other = await createMerchant(deps, { name: 'Other' });
    const otherEntity = await createEntity(deps, { merchantId: other.merchant.id, name: 'Other Entity' });
    const otherKey = await createApiKey(deps, { entityId: otherEntity.id, siteId: other.site.id, type: 'operations' });

    const before = await countOrders();
    const answers = [
      await post(key, validOrder(gw)),
      await post(key, validOrder(gw, { processingEntityId: child.id })),
      await post(key, validOrder(gw, { processingEntityId: otherEntity.id }), {
        'x-api-key': otherKey.plaintext.expose(),
      }),
    ];
    expect(answers.map((r) => [r.status, replayed(r)])).toEqual([
      [201, false],
      [201, false],
      [201, false],
    ]);
    expect(new Set(answers.map((r) => r.json.sessionId)).size).toBe(3);
    expect(await countOrders()).toBe(before + 3);
  });

  it('accepts a key of 255 characters and refuses one of 256 (400)', async () => {
    const ok = await post('k'.repeat(255), validOrder(gw));
    expect(ok.status).toBe(201);
    const before = await countOrders();
    const r = await post('k'.repeat(256), validOrder(gw));
    expect({ status: r.status, body: r.json }).toEqual({
      status: 400,
      body: {
        result: {
          status: 'error',
          errors: { code: '5000.1001', reason: '[idempotency-key] size must be between 1 and 255' },
        },
      },
    });
    expect(await countOrders()).toBe(before);
  });

  it('creates exactly one order for 20 concurrent identical requests with one key', async () => {
    const key = freshKey();
    const body = validOrder(gw, { merchantTransactionId: 'race-1' });
    const before = await countOrders();
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(key, body)));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(201));
    const sessionIds = new Set(answers.map((r) => r.json.sessionId));
    expect(sessionIds.size).toBe(1);
    expect(answers.filter((r) => !replayed(r))).toHaveLength(1);
    expect(await countOrders()).toBe(before + 1);
    const stored = await gw.rt.store.db
      .selectFrom('orders')
      .select('session_id')
      .where('merchant_transaction_id', '=', 'race-1')
      .execute();
    expect(stored.map((o) => o.session_id)).toEqual([...sessionIds]);
  });

  it('lets one of 10 concurrent requests with one key and different bodies win; the rest get 409', async () => {
    const key = freshKey();
    const before = await countOrders();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post(key, validOrder(gw, { amount: i + 1 }))),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409).map((r) => r.json.result.errors.code)).toEqual(
      Array(9).fill('5000.1090'),
    );
    expect(await countOrders()).toBe(before + 1);
  });

  it('keeps a key 24 hours, then treats it as new', async () => {
    const key = freshKey();
    const clock = gw.clock as ManualClock;
    const first = await post(key, validOrder(gw));
    clock.advance(24 * HOUR - 1);
    const within = await post(key, validOrder(gw));
    expect(within.json.sessionId).toBe(first.json.sessionId);
    expect(replayed(within)).toBe(true);
    clock.advance(1);
    const after = await post(key, validOrder(gw, { amount: 1 }));
    expect(after.status).toBe(201);
    expect(replayed(after)).toBe(false);
    expect(after.json.sessionId).not.toBe(first.json.sessionId);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKey, type Gateway, startGateway, validOrder } from '../../../test/harness.js';
import { dialects } from '../../../test/dialects.js';

describe.each(dialects())('POST /orders on %s', (dialect) => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await startGateway({ dialect });
  });
  afterAll(async () => {
    await gw.close();
  });

  it('creates an order and answers 201 with a sessionId', async () => {
    const r = await gw.request('POST', '/orders', { headers: apiKey(gw), body: validOrder(gw) });
    expect(r.status).toBe(201);
    expect(r.json).toEqual({ sessionId: expect.stringMatching(/^[0-9a-f-]{36}$/), result: { status: 'success' } });
  });

  it('defaults productId to the concatenated item names cut at 50', async () => {
    const items = ['A'.repeat(30), 'B'.repeat(30)].map((name) => ({ name, price: 1, quantity: 1, type: 'Physical' }));
    const r = await gw.request('POST', '/orders', { headers: apiKey(gw), body: validOrder(gw, { items, amount: 2 }) });
    expect(r.status).toBe(201);
    const order = await gw.rt.deps.storage.read.orders.findBySessionId(r.json.sessionId);
    expect(order?.productId).toBe('A'.repeat(30) + 'B'.repeat(20));
  });

  it('keeps the request exactly as received, and answers idempotent retries of it (ADR 0014)', async () => {
    const body = validOrder(gw, {
      urlDetails: { webhookUrl: 'https://shop.example/hook' },
      amountDetails: { totalTax: 1 },
    });
    const raw = `\n  ${JSON.stringify(body, null, 2).replace('"amount": ', '"amount":     ')}  \n`;
    const headers = { ...apiKey(gw), 'content-type': 'application/json', 'idempotency-key': `raw-${dialect}` };
    const first = await gw.request('POST', '/orders', { headers, raw });
    expect(first.json).toEqual({ sessionId: expect.any(String), result: { status: 'success' } });
    expect(first.status).toBe(201);
    const row = await gw.rt.store.db
      .selectFrom('orders')
      .select(['request', 'product_id'])
      .where('session_id', '=', first.json.sessionId)
      .executeTakeFirstOrThrow();
    // Byte for byte, whitespace included; the schema's defaults (totalDiscount…) are not written into it.
    expect(row.request).toBe(raw);
    const order = await gw.rt.deps.storage.read.orders.findBySessionId(first.json.sessionId);
    expect(order?.request).toEqual(JSON.parse(raw));
    const again = await gw.request('POST', '/orders', { headers, raw });
    expect(again.status).toBe(201);
    expect(again.json).toEqual(first.json);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });
});

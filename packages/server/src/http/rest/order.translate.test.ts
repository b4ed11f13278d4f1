import { describe, expect, it } from 'vitest';
import type { OrderRequest } from '../../schemas/rest/order.schema.js';
import { toCreateOrderCommand } from './order.translate.js';

const item = { name: 'Tea', price: 1, quantity: 1 };
const base = { processingEntityId: '00000000-0000-4000-8000-000000000000', amount: 10, currency: 'EUR' };

describe('the order request kept with the command', () => {
  it.each([
    ['with a productId', { ...base, productId: 'p-1', items: [item], custom: { a: 1 } }],
    ['with an empty productId and items', { productId: '', ...base, items: [item, { ...item, name: 'Cake' }] }],
    ['without a productId, with items', { ...base, items: [item], urlDetails: { webhookUrl: 'https://x.example/h' } }],
    ['without a productId or items', { ...base, merchantTransactionId: 'm-1' }],
  ])('is the body %s, members in the same order, productId as derived', (_name, body) => {
    const before = JSON.stringify(body);
    const cmd = toCreateOrderCommand(body as unknown as OrderRequest);
    const expected = { ...body, productId: cmd.productId ?? undefined };
    expect(cmd.request).toEqual(expected);
    expect(Object.keys(cmd.request)).toEqual(Object.keys(expected));
    expect(JSON.stringify(cmd.request)).toBe(JSON.stringify(expected));
    expect(Object.getPrototypeOf(cmd.request)).toBe(Object.prototype);
    expect(cmd.request).not.toBe(body);
    expect(JSON.stringify(body)).toBe(before);
  });
});

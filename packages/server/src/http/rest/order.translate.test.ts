import { describe, expect, it } from 'vitest';
import type { OrderRequest } from '../../schemas/rest/order.schema.js';
import { toCreateOrderCommand } from './order.translate.js';

const item = { name: 'Tea', price: 1, quantity: 1 };
const base = { processingEntityId: '00000000-0000-4000-8000-000000000000', amount: 10, currency: 'EUR' };

describe('the order request kept with the command (ADR 0014)', () => {
  it.each([
    ['with a productId', { ...base, productId: 'p-1', items: [item], custom: { a: 1 } }, 'p-1'],
    [
      'with an empty productId and items',
      { productId: '', ...base, items: [item, { ...item, name: 'Cake' }] },
      'TeaCake',
    ],
    [
      'without a productId, with items',
      { ...base, items: [item], urlDetails: { webhookUrl: 'https://x.example/h' } },
      'Tea',
    ],
    ['without a productId or items', { ...base, merchantTransactionId: 'm-1' }, null],
  ])('is the JSON text as received %s; productId is derived beside it', (_name, body, productId) => {
    const text = `  ${JSON.stringify(body, null, 1)}\n`;
    const cmd = toCreateOrderCommand(body as unknown as OrderRequest, text);
    expect(cmd.requestJson).toBe(text);
    expect(cmd.productId).toBe(productId);
  });
});

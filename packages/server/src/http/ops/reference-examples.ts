/**
 * Examples of the reference at /docs that a generated value would get wrong: an order that the server
 * accepts and the error it really answers. `openapi.ts` puts them in the OpenAPI document (the
 * request's `example`, the answers' `example` and `examples.invalid`), and
 * `src/http/ops/reference.test.ts` sends them to a real server, so they stay true.
 */

export interface CuratedExample {
  request?: unknown;
  /** by status code */
  responses?: Record<string, unknown>;
  /** a request that fails, and the server's answer */
  error?: { status: string; summary: string; request: unknown; response: unknown };
}

export const EXAMPLE_ENTITY = '7c0e1f8a-3b2d-4c5e-9f6a-1b2c3d4e5f60';

export const CURATED_EXAMPLES: Record<string, CuratedExample> = {
  'post /orders': {
    request: {
      processingEntityId: EXAMPLE_ENTITY,
      amount: 25.5,
      currency: 'EUR',
      permittedOperations: ['payments'],
      merchantTransactionId: '1001',
      items: [{ name: 'Tea', price: 12.75, quantity: 2, type: 'Physical' }],
      urlDetails: { webhookUrl: 'https://shop.example/webhooks/gatehouse' },
    },
    responses: { '201': { sessionId: '0b6f4c1e-5d1a-4d8e-9a7b-3c2f1e0d9c8b', result: { status: 'success' } } },
    error: {
      status: '400',
      summary: 'A request without processingEntityId',
      request: { amount: 1, currency: 'EUR', permittedOperations: ['payments'] },
      response: {
        result: { status: 'error', errors: { code: '5000.1000', reason: '[processingEntityId] must not be null' } },
      },
    },
  },
};

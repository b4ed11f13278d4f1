import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway, validOrder } from '../../../test/harness.js';
import { createApiKey, createEntity, createMerchant } from '../../domain/merchants/merchant.service.js';
import { sendTestNotification } from '../../domain/notifications/notification.service.js';
import { issueOperatorKey } from '../../security/operator-keys.js';
import { insertOperatorCredential, revokeOperatorCredential } from '../../store/operator-credentials.repo.js';
import { createEndpoint } from '../../delivery/webhook-endpoints.service.js';

/**
 * Every admin route × {no credential, the merchant's key, another merchant's key, an operator
 * credential, a revoked operator credential}, in sandbox and production mode (docs/decisions/0824).
 * In production a merchant key cannot complete its own pending bank transfer (money for money never
 * received): only an operator can.
 */

type Caller = 'none' | 'merchant' | 'other merchant' | 'operator' | 'revoked operator';
type Mode = 'sandbox' | 'production';

interface Route {
  name: string;
  modes: Mode[];
  call(gw: Gateway, headers: Record<string, string>, f: Fixture): Promise<{ status: number; json: any }>;
  /** the status expected per caller and mode, and a check of what the caller saw */
  expect: Record<Mode, Record<Caller, number>>;
  sees?: (json: any, caller: Caller, f: Fixture) => void;
}

interface Fixture {
  deliveryId: string;
  endpointId: string;
  apmTransactionId: () => Promise<string>;
}

const both = (m: Record<Caller, number>, p: Record<Caller, number> = m) => ({ sandbox: m, production: p });

const ROUTES: Route[] = [
  {
    name: 'GET /admin/v1/deliveries',
    modes: ['sandbox', 'production'],
    call: (gw, headers) => gw.request('GET', '/admin/v1/deliveries?limit=200', { headers }),
    expect: both({ none: 401, merchant: 200, 'other merchant': 200, operator: 200, 'revoked operator': 401 }),
    sees: (json, caller, f) => {
      const ids = (json.deliveries as Array<{ id: string }>).map((d) => d.id);
      expect({ caller, sees: ids.includes(f.deliveryId) }).toEqual({ caller, sees: caller !== 'other merchant' });
    },
  },
  {
    name: 'POST /admin/v1/deliveries/{id}/resend',
    modes: ['sandbox', 'production'],
    call: (gw, headers, f) => gw.request('POST', `/admin/v1/deliveries/${f.deliveryId}/resend`, { headers }),
    expect: both({ none: 401, merchant: 202, 'other merchant': 404, operator: 202, 'revoked operator': 401 }),
  },
  {
    name: 'GET /admin/v1/emails',
    modes: ['sandbox', 'production'],
    call: (gw, headers) => gw.request('GET', '/admin/v1/emails', { headers }),
    expect: both({ none: 401, merchant: 200, 'other merchant': 200, operator: 200, 'revoked operator': 401 }),
  },
  {
    // the control panel's search for a merchant's backend: per merchant, so an operator is refused
    name: 'GET /admin/v1/transactions',
    modes: ['sandbox', 'production'],
    call: (gw, headers) => gw.request('GET', '/admin/v1/transactions?limit=100', { headers }),
    expect: both({ none: 401, merchant: 200, 'other merchant': 200, operator: 403, 'revoked operator': 401 }),
    sees: (json, caller) => {
      if (caller === 'merchant' || caller === 'other merchant') expect(Array.isArray(json.transactions)).toBe(true);
    },
  },
  {
    name: 'POST /admin/v1/apm-payments/{transactionId}/complete',
    modes: ['sandbox', 'production'],
    call: async (gw, headers, f) =>
      gw.request('POST', `/admin/v1/apm-payments/${await f.apmTransactionId()}/complete`, {
        headers,
        body: { outcome: 'approved' },
      }),
    expect: both(
      { none: 401, merchant: 200, 'other merchant': 404, operator: 200, 'revoked operator': 401 },
      { none: 401, merchant: 403, 'other merchant': 403, operator: 200, 'revoked operator': 401 },
    ),
    sees: (json, caller) => {
      if (caller === 'merchant' || caller === 'operator')
        expect(json).toMatchObject({ result: { status: 'approved' } });
    },
  },
  {
    name: 'POST /admin/v1/test-notifications',
    modes: ['sandbox'],
    call: (gw, headers) =>
      gw.request('POST', '/admin/v1/test-notifications', {
        headers,
        body: { kind: 'dmn', url: 'http://127.0.0.1:9/t' },
      }),
    // sent from the caller's own site: an operator has none
    expect: both({ none: 401, merchant: 202, 'other merchant': 202, operator: 403, 'revoked operator': 401 }),
  },
  {
    name: 'POST /admin/v1/sandbox/rebilling/run-due',
    modes: ['sandbox'],
    call: (gw, headers) => gw.request('POST', '/admin/v1/sandbox/rebilling/run-due', { headers, body: {} }),
    expect: both({ none: 401, merchant: 200, 'other merchant': 200, operator: 200, 'revoked operator': 401 }),
  },
  {
    name: 'GET /admin/v1/webhook-endpoints',
    modes: ['sandbox', 'production'],
    call: (gw, headers) => gw.request('GET', '/admin/v1/webhook-endpoints', { headers }),
    // a site's own: an operator has none
    expect: both({ none: 401, merchant: 200, 'other merchant': 200, operator: 403, 'revoked operator': 401 }),
    sees: (json, caller, f) => {
      const ids = (json.endpoints as Array<{ id: string }>).map((e) => e.id);
      expect({ caller, sees: ids.includes(f.endpointId) }).toEqual({ caller, sees: caller === 'merchant' });
    },
  },
  {
    name: 'PATCH /admin/v1/webhook-endpoints/{id}',
    modes: ['sandbox', 'production'],
    call: (gw, headers, f) =>
      gw.request('PATCH', `/admin/v1/webhook-endpoints/${f.endpointId}`, { headers, body: { description: 'changed' } }),
    expect: both({ none: 401, merchant: 200, 'other merchant': 404, operator: 403, 'revoked operator': 401 }),
  },
  {
    name: 'GET /admin/v1/listen/secret',
    modes: ['sandbox'],
    call: (gw, headers) => gw.request('GET', '/admin/v1/listen/secret', { headers }),
    expect: both({ none: 401, merchant: 200, 'other merchant': 200, operator: 403, 'revoked operator': 401 }),
    sees: (json, caller) => {
      if (caller === 'merchant') expect(json.secret).toMatch(/^whsec_/);
    },
  },
  {
    name: 'PUT /admin/v1/delivery-chaos',
    modes: ['sandbox'],
    call: (gw, headers) => gw.request('PUT', '/admin/v1/delivery-chaos', { headers, body: {} }),
    expect: both({ none: 401, merchant: 200, 'other merchant': 200, operator: 403, 'revoked operator': 401 }),
  },
];

const CALLERS: Caller[] = ['none', 'merchant', 'other merchant', 'operator', 'revoked operator'];

describe.each(dialects())('admin auth matrix on %s', (dialect: DialectName) => {
  describe.each(['sandbox', 'production'] as Mode[])('in %s mode', (mode) => {
    let gw: Gateway;
    const headers: Record<Caller, Record<string, string>> = {
      none: {},
      merchant: {},
      'other merchant': {},
      operator: {},
      'revoked operator': {},
    };
    let fixture: Fixture;

    beforeAll(async () => {
      gw = await startGateway({ dialect, env: { GATEHOUSE_MODE: mode, GATEHOUSE_DELIVERY_ALLOW_PRIVATE: 'true' } });
      const other = await createMerchant(gw.rt.deps, { name: 'Other' });
      const entity = await createEntity(gw.rt.deps, { merchantId: other.merchant.id, name: 'other entity' });
      const otherKey = (
        await createApiKey(gw.rt.deps, { entityId: entity.id, siteId: other.site.id, type: 'operations' })
      ).plaintext.expose();
      const operator = issueOperatorKey(gw.rt.ids);
      const revoked = issueOperatorKey(gw.rt.ids);
      for (const [k, name] of [
        [operator, 'ops'],
        [revoked, 'gone'],
      ] as const)
        await gw.rt.store.write((trx) =>
          insertOperatorCredential(trx, { id: k.id, name, secretHash: k.secretHash, createdAt: gw.clock.now() }),
        );
      await gw.rt.store.write((trx) => revokeOperatorCredential(trx, revoked.id, gw.clock.now()));
      headers.merchant = { 'x-api-key': gw.demo.apiKey };
      headers['other merchant'] = { 'x-api-key': otherKey };
      // an operator may send its credential either way
      headers.operator = { authorization: `Bearer ${operator.plaintext.expose()}` };
      headers['revoked operator'] = { 'x-api-key': revoked.plaintext.expose() };
      const delivery = await sendTestNotification(
        gw.rt.deps,
        { merchantId: gw.demo.merchantId, siteId: gw.demo.merchantSiteId },
        { kind: 'dmn', url: 'http://127.0.0.1:9/matrix' },
      );
      const endpoint = await createEndpoint(
        gw.rt.store,
        gw.rt.deps,
        { merchantId: gw.demo.merchantId, siteId: gw.demo.merchantSiteId },
        { url: 'https://example.com/matrix' },
      );
      fixture = {
        deliveryId: delivery.id,
        endpointId: endpoint.endpoint.id,
        // the merchant's own pending bank transfer, a fresh one per call
        apmTransactionId: async () => {
          const order = await gw.request('POST', '/orders', {
            headers: headers.merchant,
            body: validOrder(gw, { amount: 10 }),
          });
          const pay = await gw.request('POST', '/payment-api/payments', {
            headers: headers.merchant,
            body: {
              processingEntityId: gw.demo.processingEntityId,
              sessionId: order.json.sessionId,
              transactionType: 'Sale',
              amount: 10,
              currency: 'EUR',
              billingAddress: { country: 'DE' },
              paymentOption: {
                alternativePaymentMethod: { name: 'apmgw_BankTransfer', data: { email: 'jane@example.com' } },
              },
            },
          });
          expect(pay.json).toMatchObject({ result: { status: 'pending' } });
          return pay.json.transactionId as string;
        },
      };
    });
    afterAll(async () => gw?.close());

    const cases = ROUTES.flatMap((r) => CALLERS.map((c) => [r.name, c, r] as const));
    it.each(cases)('%s as %s', async (_name, caller, route) => {
      const r = await route.call(gw, headers[caller], fixture);
      // a route that does not exist in this mode is 404 to everyone
      const expected = route.modes.includes(mode) ? route.expect[mode][caller] : 404;
      expect({ caller, status: r.status }).toEqual({ caller, status: expected });
      if (r.status >= 400)
        expect(r.json).toMatchObject({ result: { status: 'error', errors: { code: expect.any(String) } } });
      if (r.status < 300) route.sees?.(r.json, caller, fixture);
    });

    it('a merchant key in production gets 403 7300.3000 for the bank transfer it cannot complete; the payment stays pending', async () => {
      if (mode !== 'production') return;
      const id = await fixture.apmTransactionId();
      const r = await gw.request('POST', `/admin/v1/apm-payments/${id}/complete`, {
        headers: headers.merchant,
        body: { outcome: 'approved' },
      });
      expect(r).toMatchObject({ status: 403, json: { result: { status: 'error', errors: { code: '7300.3000' } } } });
      expect((await gw.rt.deps.storage.read.payments.find(id))?.status).toBe('pending');
    });
  });
});

import { buildRequest, type MerchantCredentials, type OpenOrderFields, type SessionMethod } from '@gatehouse/client';
import type { Gateway, HttpResult } from './harness.js';

/** A merchant server in the tests: signs session calls with the demo credentials via @gatehouse/client. */
export interface SessionClient {
  creds: MerchantCredentials;
  /** POST /ppp/api/v1/<method>.do with `body` as it is */
  call(method: string, body: unknown): Promise<HttpResult>;
  /** a signed request body for `method`, time stamp from the gateway's clock */
  signed(method: SessionMethod, fields: object): Record<string, unknown>;
  /** signs and sends */
  send(method: SessionMethod, fields: object): Promise<HttpResult>;
  /** opens an order (10.00 EUR unless `fields` say otherwise); fails the test unless it succeeds */
  openOrder(
    fields?: Partial<OpenOrderFields> & Record<string, unknown>,
  ): Promise<{ sessionToken: string; orderId: string; json: any }>;
}

export function sessionClient(gw: Gateway, creds?: MerchantCredentials): SessionClient {
  const c: MerchantCredentials = creds ?? {
    merchantId: gw.demo.merchantId,
    merchantSiteId: gw.demo.merchantSiteId,
    merchantSecretKey: gw.demo.merchantSecretKey,
  };
  let seq = 0;
  const client: SessionClient = {
    creds: c,
    call: (method, body) => gw.request('POST', `/ppp/api/v1/${method}.do`, { body }),
    signed: (method, fields) => buildRequest(method, c, fields, { now: new Date(gw.clock.now()) }),
    send: (method, fields) => client.call(method, client.signed(method, fields)),
    async openOrder(fields = {}) {
      const r = await client.send('openOrder', {
        clientUniqueId: `u-${++seq}`,
        amount: '10.00',
        currency: 'EUR',
        ...fields,
      });
      if (r.json?.status !== 'SUCCESS') throw new Error(`openOrder failed: ${r.text}`);
      return { sessionToken: r.json.sessionToken, orderId: r.json.orderId, json: r.json };
    },
  };
  return client;
}

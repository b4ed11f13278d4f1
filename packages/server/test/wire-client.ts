import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { Gateway, HttpResult } from './harness.js';

/**
 * A merchant server as the public SDKs of the real gateway write one: the body built field by field,
 * the checksum over the listed fields present in the body (nested values flattened in key order),
 * then the secret key. Used for the methods beyond @gatehouse/client's catalogue.
 */
export interface WireClient {
  /** a body with merchantId, merchantSiteId, `fields`, timeStamp, and the checksum over `order` */
  signed(order: readonly string[], fields: Record<string, unknown>): Record<string, unknown>;
  /** POST `/ppp/api/v1/<method>.do` */
  post(method: string, body: unknown): Promise<HttpResult>;
  /** signs over `order` and posts */
  call(method: string, order: readonly string[], fields: Record<string, unknown>): Promise<HttpResult>;
  /** a POST sent with the path exactly as given (no URL normalisation on the way) */
  rawPost(path: string, body: unknown): Promise<HttpResult>;
}

function flatten(v: unknown, out: string[]): void {
  if (v === null || v === undefined) return;
  if (typeof v === 'object') for (const x of Object.values(v as object)) flatten(x, out);
  else out.push(String(v));
}

export function checksumOver(order: readonly string[], body: Record<string, unknown>, secret: string): string {
  const values: string[] = [];
  for (const f of order) flatten(body[f], values);
  return createHash('sha256')
    .update(values.join('') + secret)
    .digest('hex');
}

export function wireTimeStamp(ms: number): string {
  return new Date(ms).toISOString().replace(/\D/g, '').slice(0, 14);
}

export function wireClient(gw: Gateway, creds = gw.demo): WireClient {
  const client: WireClient = {
    signed(order, fields) {
      const body: Record<string, unknown> = { merchantId: creds.merchantId, merchantSiteId: creds.merchantSiteId };
      for (const [k, v] of Object.entries(fields)) if (v !== undefined) body[k] = v;
      body.timeStamp ??= wireTimeStamp(gw.clock.now());
      body.checksum = checksumOver(order, body, creds.merchantSecretKey);
      return body;
    },
    post: (method, body) => gw.request('POST', `/ppp/api/v1/${method}.do`, { body }),
    call: (method, order, fields) => client.post(method, client.signed(order, fields)),
    rawPost(path, body) {
      const u = new URL(gw.url);
      const payload = JSON.stringify(body);
      return new Promise((resolve, reject) => {
        const req = httpRequest(
          {
            host: u.hostname,
            port: u.port,
            method: 'POST',
            path,
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (c: string) => (text += c));
            res.on('end', () => {
              let json: unknown;
              try {
                json = JSON.parse(text);
              } catch {
                json = undefined;
              }
              resolve({ status: res.statusCode ?? 0, headers: new Headers(), text, json });
            });
          },
        );
        req.on('error', reject);
        req.end(payload);
      });
    },
  };
  return client;
}

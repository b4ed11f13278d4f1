import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { Gateway, HttpResult } from '../harness.js';

/**
 * A tiny merchant-server SDK for the conformance test, written from the spec (server-methods 1.1-1.3,
 * 2.x) and nothing of the gateway's: each style puts a request on the wire as one public SDK does.
 *
 * - `php`: `/ppp/api/v1/<m>.do`, `Client-Name`/`Client-Version` headers, timeStamp from PHP's `YmdHms`
 *   (the month where the minutes belong), `true` hashed as `1`, and `sourceApplication`/`webMasterId`
 *   appended after the checksum. Withdrawal calls go to `/ppp/api/v1/../withdrawal/<m>.do`, literally.
 * - `node`: `/ppp//api/v1/<m>.do` (the doubled slash), a local-time string timeStamp, accept header,
 *   `merchantSiteId` as a JSON number.
 * - `ruby`: `/ppp/api/v1/<m>` (no `.do`), timeStamp as a JSON number (UTC), `Authorization: Bearer`
 *   once a session token is known.
 */
export type SdkStyle = 'php' | 'node' | 'ruby';

export interface Credentials {
  merchantId: string;
  merchantSiteId: string;
  merchantSecretKey: string;
}

const S = ['merchantId', 'merchantSiteId', 'clientRequestId', 'timeStamp'];
const A = ['merchantId', 'merchantSiteId', 'clientRequestId', 'amount', 'currency', 'timeStamp'];
const U = ['merchantId', 'merchantSiteId', 'userTokenId', 'clientRequestId', 'timeStamp'];
const USER = [
  'merchantId',
  'merchantSiteId',
  'userTokenId',
  'clientRequestId',
  'firstName',
  'lastName',
  'address',
  'state',
  'city',
  'zip',
  'countryCode',
  'phone',
  'locale',
  'email',
  'county',
  'timeStamp',
];
const TX = [
  'merchantId',
  'merchantSiteId',
  'clientRequestId',
  'clientUniqueId',
  'amount',
  'currency',
  'relatedTransactionId',
  'authCode',
];

/** The checksum field order of each method the lifecycle uses (docs/session-methods.md); 'BODY' is [BODY]; null: none. */
export const FIELD_ORDER: Record<string, readonly string[] | 'BODY' | null> = {
  getSessionToken: S,
  openOrder: A,
  initPayment: A,
  payment: A,
  getPaymentStatus: null,
  settleTransaction: [...TX, 'descriptorMerchantName', 'descriptorMerchantPhone', 'comment', 'urlDetails', 'timeStamp'],
  refundTransaction: [...TX, 'comment', 'urlDetails', 'timeStamp'],
  createUser: USER,
  getUserDetails: U,
  addUPOCreditCard: [
    'merchantId',
    'merchantSiteId',
    'userTokenId',
    'clientRequestId',
    'ccCardNumber',
    'ccExpMonth',
    'ccExpYear',
    'ccNameOnCard',
    'billingAddress',
    'timeStamp',
  ],
  getUserUPOs: U,
  createPlan: ['merchantId', 'merchantSiteId', 'name', 'initialAmount', 'recurringAmount', 'currency', 'timeStamp'],
  createSubscription: [
    'merchantId',
    'merchantSiteId',
    'userTokenId',
    'planId',
    'userPaymentOptionId',
    'initialAmount',
    'recurringAmount',
    'currency',
    'timeStamp',
  ],
  getSubscriptionsList: [
    'merchantId',
    'merchantSiteId',
    'userTokenId',
    'planIds',
    'subscriptionIds',
    'subscriptionStatus',
    'timeStamp',
  ],
  // withdrawal methods (2.8): [REQ] lists where P has one, else [BODY]
  submitRequest: 'BODY',
  getRequests: ['merchantId', 'merchantSiteId', 'timeStamp'],
  approveRequest: 'BODY',
  placeWithdrawalOrder: [
    'merchantId',
    'merchantSiteId',
    'wdRequestId',
    'merchantWDRequestId',
    'userPMId',
    'amount',
    'currency',
    'settlementType',
    'timeStamp',
  ],
  getOrders: ['merchantId', 'merchantSiteId', 'merchantUniqueId', 'timeStamp'],
  settleWithdrawalOrder: ['merchantId', 'merchantSiteId', 'wdOrderId', 'timeStamp'],
};

const WITHDRAWAL = new Set([
  'submitRequest',
  'getRequests',
  'approveRequest',
  'placeWithdrawalOrder',
  'getOrders',
  'settleWithdrawalOrder',
]);
const NOT_IN_BODY_SUM = new Set([
  'merchantId',
  'merchantSiteId',
  'timeStamp',
  'checksum',
  'sourceApplication',
  'webMasterId',
]);

/** A value as text, depth-first in key order; null skipped, `true` → `1`, `false` → empty (1.3). */
function texts(v: unknown, out: string[]): void {
  if (v === null || v === undefined) return;
  if (typeof v === 'boolean') out.push(v ? '1' : '');
  else if (typeof v === 'object') for (const x of Object.values(v as object)) texts(x, out);
  else out.push(String(v));
}

export function sdkChecksum(order: readonly string[] | 'BODY', body: Record<string, unknown>, secret: string): string {
  const fields =
    order === 'BODY'
      ? ['merchantId', 'merchantSiteId', ...Object.keys(body).filter((k) => !NOT_IN_BODY_SUM.has(k)), 'timeStamp']
      : order;
  const out: string[] = [];
  for (const f of fields) texts(body[f], out);
  return createHash('sha256')
    .update(out.join('') + secret, 'utf8')
    .digest('hex');
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The 14-digit timeStamp each SDK writes for the instant `ms`. */
export function sdkTimeStamp(style: SdkStyle, ms: number): string | number {
  const d = new Date(ms);
  if (style === 'ruby') return Number(d.toISOString().replace(/\D/g, '').slice(0, 14));
  if (style === 'node')
    return `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}`;
  // PHP `YmdHms`: m is the month, so the month number stands where the minutes belong
  const month = pad(d.getUTCMonth() + 1);
  return `${d.getUTCFullYear()}${month}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${month}${pad(d.getUTCSeconds())}`;
}

export interface SdkClient {
  style: SdkStyle;
  /** the session token the Ruby style sends as a bearer token */
  sessionToken?: string;
  /** builds, signs and posts `method` with `fields`; the JSON answer */
  call(method: string, fields: Record<string, unknown>): Promise<HttpResult>;
}

export function sdkClient(gw: Gateway, style: SdkStyle, creds: Credentials = gw.demo): SdkClient {
  const client: SdkClient = {
    style,
    async call(method, fields) {
      const order = FIELD_ORDER[method];
      if (order === undefined) throw new Error(`the conformance SDK does not know ${method}`);
      const body: Record<string, unknown> = {
        merchantId: creds.merchantId,
        merchantSiteId: style === 'node' ? Number(creds.merchantSiteId) : creds.merchantSiteId,
      };
      for (const [k, v] of Object.entries(fields)) if (v !== undefined) body[k] = v;
      body.timeStamp = sdkTimeStamp(style, gw.clock.now());
      if (order !== null) body.checksum = sdkChecksum(order, body, creds.merchantSecretKey);
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (style === 'php') {
        body.sourceApplication = 'PHP_SDK';
        body.webMasterId = '8.2.10';
        headers['client-name'] = 'conformance-php';
        headers['client-version'] = '1.0';
      } else if (style === 'node') headers.accept = 'application/json';
      else if (client.sessionToken) headers.authorization = `Bearer ${client.sessionToken}`;
      const path = WITHDRAWAL.has(method)
        ? `/ppp/api/v1/../withdrawal/${method}.do`
        : style === 'php'
          ? `/ppp/api/v1/${method}.do`
          : style === 'node'
            ? `/ppp//api/v1/${method}.do`
            : `/ppp/api/v1/${method}`;
      const r = await postLiteral(gw.url, path, headers, JSON.stringify(body));
      if (style === 'ruby' && typeof r.json?.sessionToken === 'string') client.sessionToken = r.json.sessionToken;
      return r;
    },
  };
  return client;
}

/** A POST with the path exactly as given (node:http does not resolve `..` or `//`). */
export function postLiteral(
  base: string,
  path: string,
  headers: Record<string, string>,
  payload: string,
): Promise<HttpResult> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: u.hostname,
        port: u.port,
        method: 'POST',
        path,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(payload)) },
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
          const h = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') h.set(k, v);
          resolve({ status: res.statusCode ?? 0, headers: h, text, json });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

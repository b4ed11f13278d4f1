import { createHash, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { ManualClock } from '../../src/lib/clock.js';
import { type Gateway, type HttpResult, startGateway } from '../harness.js';
import { type Fx, methodFixtures } from '../session-method-table.js';
import { type Credentials, postLiteral, sdkTimeStamp } from './sdk-client.js';

/**
 * The three public clients of the real gateway, modelled from docs/gateway-facts.md alone (never from
 * Gatehouse's code), for the facts suites in `facts/`:
 * - **P**, the PHP server SDK: `/ppp/api/v1/<m>.do` (withdrawals at the literal `v1/../withdrawal/`),
 *   `Client-Name`/`Client-Version` headers, the `YmdHms` timeStamp (month where the minutes belong),
 *   nested values flattened in key order, `true` hashed as `1` and `false` as empty, nulls skipped,
 *   `sourceApplication`/`webMasterId` appended after the checksum.
 * - **A**, the Ruby commerce adapter: `/ppp/api/v1/<m>` without `.do`, a numeric UTC timeStamp,
 *   `Authorization: Bearer <sessionToken>` once it holds one.
 * - **N**, the Node client: `/ppp//api/v1/<m>.do`, a local-time string timeStamp, `merchantSiteId` as a
 *   JSON number, an accept header; only `urlDetails.notificationUrl` in the settle/refund/void checksum
 *   and a fixed `billingAddress` key order in addUPOCreditCard.
 */
export type Who = 'P' | 'A' | 'N';

/** A checksum field order; 'BODY' is every body field in order between the site ids and timeStamp. */
export type Order = readonly string[] | 'BODY';

const ids = ['merchantId', 'merchantSiteId'];
export const S = [...ids, 'clientRequestId', 'timeStamp'];
export const A = [...ids, 'clientRequestId', 'amount', 'currency', 'timeStamp'];
export const U = [...ids, 'userTokenId', 'clientRequestId', 'timeStamp'];
export const UP = [...ids, 'userTokenId', 'clientRequestId', 'userPaymentOptionId', 'timeStamp'];
const TX = [...ids, 'clientRequestId', 'clientUniqueId', 'amount', 'currency', 'relatedTransactionId', 'authCode'];
const USER = [
  ...ids,
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
/** A's list for settle, refund and void (it sends none of the optional fields) */
export const A_TX = [
  ...ids,
  'clientRequestId',
  'clientUniqueId',
  'amount',
  'currency',
  'relatedTransactionId',
  'timeStamp',
];

/** Each method's checksum order as the facts page gives it; null: sent without a checksum. */
export const ORDERS: Record<string, Order | null> = {
  getSessionToken: S,
  openOrder: A,
  updateOrder: A,
  getOrderDetails: S,
  getPaymentStatus: null,
  payment: A,
  initPayment: A,
  paymentCC: A,
  paymentAPM: A,
  payment3D: A,
  dynamic3D: A,
  authorization3D: A,
  authorize3d: A,
  verify3d: null,
  cardTokenization: null,
  settleTransaction: [...TX, 'descriptorMerchantName', 'descriptorMerchantPhone', 'comment', 'urlDetails', 'timeStamp'],
  refundTransaction: [...TX, 'comment', 'urlDetails', 'timeStamp'],
  voidTransaction: [...TX, 'comment', 'urlDetails', 'timeStamp'],
  payout: A,
  createUser: USER,
  updateUser: USER,
  getUserDetails: U,
  addUPOCreditCard: [
    ...ids,
    'userTokenId',
    'clientRequestId',
    'ccCardNumber',
    'ccExpMonth',
    'ccExpYear',
    'ccNameOnCard',
    'billingAddress',
    'timeStamp',
  ],
  addUPOCreditCardByToken: [
    ...ids,
    'userTokenId',
    'clientRequestId',
    'ccExpMonth',
    'ccExpYear',
    'ccNameOnCard',
    'ccToken',
    'brand',
    'uniqueCC',
    'bin',
    'last4Digits',
    'billingAddress',
    'timeStamp',
  ],
  addUPOCreditCardByTempToken: S,
  addUPOAPM: [...ids, 'userTokenId', 'clientRequestId', 'paymentMethodName', 'apmData', 'billingAddress', 'timeStamp'],
  editUPOCC: [
    ...ids,
    'userTokenId',
    'clientRequestId',
    'userPaymentOptionId',
    'ccExpMonth',
    'ccExpYear',
    'ccNameOnCard',
    'billingAddress',
    'timeStamp',
  ],
  editUPOAPM: [
    ...ids,
    'userTokenId',
    'clientRequestId',
    'userPaymentOptionId',
    'apmData',
    'billingAddress',
    'timeStamp',
  ],
  getUserUPOs: U,
  suspendUPO: UP,
  enableUPO: UP,
  deleteUPO: UP,
  getPlansList: [...ids, 'timeStamp'],
  createPlan: [...ids, 'name', 'initialAmount', 'recurringAmount', 'currency', 'timeStamp'],
  editPlan: [...ids, 'planId', 'initialAmount', 'recurringAmount', 'currency', 'timeStamp'],
  createSubscription: [
    ...ids,
    'userTokenId',
    'planId',
    'userPaymentOptionId',
    'initialAmount',
    'recurringAmount',
    'currency',
    'timeStamp',
  ],
  editSubscription: [...ids, 'subscriptionId', 'userPaymentOptionId', 'recurringAmount', 'currency', 'timeStamp'],
  cancelSubscription: [...ids, 'subscriptionId', 'timeStamp'],
  getSubscriptionsList: [...ids, 'userTokenId', 'planIds', 'subscriptionIds', 'subscriptionStatus', 'timeStamp'],
  getSubscriptionPlans: S,
  // withdrawals: [BODY], or P's required-field list [REQ]
  submitRequest: 'BODY',
  getRequests: [...ids, 'timeStamp'],
  getCandidatesForRefund: [...ids, 'wdRequestId', 'timeStamp'],
  approveRequest: 'BODY',
  cancelRequest: 'BODY',
  declineRequest: 'BODY',
  sealRequest: 'BODY',
  placeWithdrawalOrder: [
    ...ids,
    'wdRequestId',
    'merchantWDRequestId',
    'userPMId',
    'amount',
    'currency',
    'settlementType',
    'timeStamp',
  ],
  getOrders: [...ids, 'merchantUniqueId', 'timeStamp'],
  getOrderIds: 'BODY',
  settleWithdrawalOrder: [...ids, 'wdOrderId', 'timeStamp'],
  settleOrdersInBatch: 'BODY',
  deleteWithdrawalOrder: 'BODY',
  updateOrdersDetails: [...ids, 'wdOrderIds', 'details', 'timeStamp'],
  getNetDeposits: [...ids, 'userTokenId', 'currency', 'userPMId', 'timeStamp'],
  updateNetDepositValue: [...ids, 'userTokenId', 'userPMId', 'amount', 'movementType', 'currency', 'timeStamp'],
  getUserPaymentMethodNetDeposits: [...ids, 'userTokenId', 'currency', 'userPMId', 'timeStamp'],
  // KYC, accounts, lookups
  eKYC: S,
  getDocumentUploadUrl: S,
  accountCapture: null,
  addBankAccount: 'BODY',
  enrollAccount: null,
  fundAccount: null,
  getAccountDetails: null,
  getMerchantPaymentMethods: S,
  getCardDetails: null,
  getDccDetails: null,
  getMcpRates: null,
  getPayoutStatus: S,
  getDocumentUrl: null,
};

export const WITHDRAWAL_METHODS = new Set([
  'submitRequest',
  'getRequests',
  'getCandidatesForRefund',
  'approveRequest',
  'cancelRequest',
  'declineRequest',
  'sealRequest',
  'placeWithdrawalOrder',
  'getOrders',
  'getOrderIds',
  'settleWithdrawalOrder',
  'settleOrdersInBatch',
  'deleteWithdrawalOrder',
  'updateOrdersDetails',
  'getNetDeposits',
  'updateNetDepositValue',
  'getUserPaymentMethodNetDeposits',
]);

const NOT_IN_BODY = new Set([
  'merchantId',
  'merchantSiteId',
  'timeStamp',
  'checksum',
  'sourceApplication',
  'webMasterId',
]);
const N_BILLING = [
  'firstName',
  'lastName',
  'address',
  'phone',
  'zip',
  'city',
  'countryCode',
  'state',
  'email',
  'county',
];

/** P's text of a value: depth-first in key order, nulls skipped, `true` → `1`, `false` → empty. */
function pTexts(v: unknown, out: string[]): void {
  if (v === null || v === undefined) return;
  if (typeof v === 'boolean') out.push(v ? '1' : '');
  else if (typeof v === 'object') for (const x of Object.values(v as object)) pTexts(x, out);
  else out.push(String(v));
}

/** The fields an order covers in `body`. */
export function fieldsOf(order: Order, body: Record<string, unknown>): readonly string[] {
  return order === 'BODY' ? [...ids, ...Object.keys(body).filter((k) => !NOT_IN_BODY.has(k)), 'timeStamp'] : order;
}

/** The checksum text (before the secret) `who` writes for `method` over `order`. */
export function checksumText(who: Who, method: string, order: Order, body: Record<string, unknown>): string {
  const out: string[] = [];
  for (const f of fieldsOf(order, body)) {
    const v = body[f];
    if (who === 'N' && f === 'urlDetails' && /^(settle|refund|void)Transaction$/.test(method)) {
      if (v && typeof v === 'object' && 'notificationUrl' in v)
        out.push(String((v as Record<string, unknown>).notificationUrl));
    } else if (who === 'N' && f === 'billingAddress' && method === 'addUPOCreditCard' && v && typeof v === 'object') {
      for (const k of N_BILLING) pTexts((v as Record<string, unknown>)[k], out);
    } else if (who === 'A') out.push(v === undefined || v === null || typeof v === 'object' ? '' : String(v));
    else pTexts(v, out);
  }
  return out.join('');
}

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export interface SendOptions {
  /** the checksum order (default: the method's row of ORDERS; null sends none) */
  order?: Order | null;
  /** for a method without a checksum: add merchantId, merchantSiteId and timeStamp all the same */
  ids?: boolean;
  /** the path exactly (default: the client's own form) */
  path?: string;
  /** a timeStamp other than the client's own */
  timeStamp?: string | number;
  /** the body is sent as given: no ids, timeStamp, checksum or extra fields */
  raw?: boolean;
  /** an extra header */
  headers?: Record<string, string>;
}

export interface Client {
  who: Who;
  creds: Credentials;
  /** the session token A sends as a bearer token once it holds one */
  bearer?: string;
  /** the body `who` puts on the wire for `method` (checksum computed) */
  body(method: string, fields: Record<string, unknown>, opts?: SendOptions): Record<string, unknown>;
  /** the path `who` posts `method` to */
  path(method: string): string;
  /** builds, signs and posts `method` */
  send(method: string, fields: Record<string, unknown>, opts?: SendOptions): Promise<HttpResult>;
}

export function client(gw: Gateway, who: Who, creds: Credentials = gw.demo): Client {
  const style = who === 'P' ? 'php' : who === 'A' ? 'ruby' : 'node';
  const c: Client = {
    who,
    creds,
    path(method) {
      if (WITHDRAWAL_METHODS.has(method))
        return who === 'P' ? `/ppp/api/v1/../withdrawal/${method}.do` : `/ppp/api/withdrawal/${method}.do`;
      return who === 'P'
        ? `/ppp/api/v1/${method}.do`
        : who === 'N'
          ? `/ppp//api/v1/${method}.do`
          : `/ppp/api/v1/${method}`;
    },
    body(method, fields, opts = {}) {
      if (opts.raw) return { ...fields };
      const order = opts.order === undefined ? ORDERS[method] : opts.order;
      if (order === undefined) throw new Error(`no checksum order for ${method}`);
      const withIds = order !== null || opts.ids === true;
      const body: Record<string, unknown> = {};
      if (withIds) {
        body.merchantId = creds.merchantId;
        body.merchantSiteId = who === 'N' ? Number(creds.merchantSiteId) : creds.merchantSiteId;
      }
      for (const [k, v] of Object.entries(fields)) if (v !== undefined) body[k] = v;
      if (withIds) body.timeStamp = opts.timeStamp ?? sdkTimeStamp(style, gw.clock.now());
      if (order !== null) body.checksum = sha256(checksumText(who, method, order, body) + creds.merchantSecretKey);
      if (who === 'P') {
        body.sourceApplication = 'PHP_SDK';
        body.webMasterId = '8.2.10';
      }
      return body;
    },
    async send(method, fields, opts = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json', ...opts.headers };
      if (who === 'P') {
        headers['client-name'] = 'facts-php';
        headers['client-version'] = '3.1.0';
      } else if (who === 'N') headers.accept = 'application/json';
      else if (c.bearer) headers.authorization = `Bearer ${c.bearer}`;
      const r = await postLiteral(
        gw.url,
        opts.path ?? c.path(method),
        headers,
        JSON.stringify(c.body(method, fields, opts)),
      );
      if (who === 'A' && typeof r.json?.sessionToken === 'string' && r.json.sessionToken)
        c.bearer = r.json.sessionToken;
      return r;
    },
  };
  return c;
}

/** A clientRequestId as each client makes one: v1 UUID (N), v4 (A), the caller's text (P). */
export function requestId(who: Who, seq: number): string {
  if (who === 'A') return randomUUID();
  if (who === 'N') {
    const hex = (seq + 0x1000).toString(16).padStart(8, '0');
    return `${hex}-1dd2-11b2-8000-${'0'.repeat(12 - String(seq).length)}${seq}`;
  }
  return `php-${seq}`;
}

// ---- how each client reads an answer (docs/gateway-facts.md, F-1.4.x) ----

const nz = (v: unknown) => v !== undefined && v !== null && v !== '' && Number(v) !== 0;

/** P raises when errCode or gwErrorCode is present and non-zero; the message is reason or gwErrorReason. */
export function pReads(json: any): { ok: boolean; message?: string } {
  if (nz(json?.errCode)) return { ok: false, message: json.reason };
  if (nz(json?.gwErrorCode)) return { ok: false, message: json.gwErrorReason };
  return { ok: true };
}

/** N succeeds only on HTTP 200 with errCode exactly the number 0. */
export const nReads = (r: HttpResult) => r.status === 200 && r.json?.errCode === 0;

/**
 * A succeeds when status is SUCCESS and transactionStatus is APPROVED, REDIRECT or PENDING; its code is
 * gwErrorCode when errCode is 0, else errCode; its message is gwErrorReason, else a non-empty reason,
 * else transactionStatus.
 */
export function aReads(json: any): { ok: boolean; code: unknown; message: unknown } {
  const ok = json?.status === 'SUCCESS' && ['APPROVED', 'REDIRECT', 'PENDING'].includes(json?.transactionStatus);
  const code = json?.errCode === 0 ? json?.gwErrorCode : json?.errCode;
  const message = json?.gwErrorReason || (json?.reason ? json.reason : undefined) || json?.transactionStatus;
  return { ok, code, message };
}

// ---- one gateway per facts file ----

/** A gateway on a manual clock with the three clients and the method-table fixtures. */
export interface Facts {
  gw: Gateway;
  P: Client;
  A: Client;
  N: Client;
  fx: Fx;
  clock: ManualClock;
  /** a fresh sequence number (unique ids within the file) */
  seq(): number;
}

/** 22 July 2026, 17:21:28 UTC: P's timeStamp then reads `2026072217` + `07` (the month) + `28`. */
export const FACTS_T0 = Date.UTC(2026, 6, 22, 17, 21, 28);

export async function startFacts(): Promise<Facts> {
  const gw = await startGateway({ clockStart: FACTS_T0 });
  let n = 0;
  return {
    gw,
    P: client(gw, 'P'),
    A: client(gw, 'A'),
    N: client(gw, 'N'),
    fx: methodFixtures(gw, gw.demo),
    clock: gw.clock as ManualClock,
    seq: () => ++n,
  };
}

// ---- steps every suite uses, each sent as its client sends it ----

export const VISA_DEBIT = '4761344136141390';
export const VISA_CREDIT = '4000027891380961';
export const AMEX = '375510288656924';
export const DECLINING = '4000128449498204';
export const FRICTIONLESS_CARD = '4000020951595032';
export const CHALLENGE_CARD = '2221008123677736';

/** A card as A sends it: 2-digit month, 4-digit year, last4Digits. */
export const aCard = (number: string, extra: Record<string, unknown> = {}) => ({
  cardNumber: number,
  cardHolderName: 'John Smith',
  expirationMonth: '12',
  expirationYear: '2030',
  CVV: '217',
  last4Digits: number.slice(-4),
  ...extra,
});

export const A_BILLING = {
  email: 'john@example.com',
  country: 'US',
  phone: '5551234567',
  firstName: 'John',
  lastName: 'Smith',
  address: '1 Main St',
  city: 'New York',
  state: 'NY',
  zip: '10001',
};

/** The answer of a call that must succeed as N reads success: HTTP 200 and errCode exactly 0. */
export function ok(r: HttpResult, what = ''): any {
  expect(r.status, `${what} ${r.text}`).toBe(200);
  expect(r.json, `${what} ${r.text}`).toMatchObject({ status: 'SUCCESS', errCode: 0 });
  return r.json;
}

/** An ERROR envelope (HTTP 200) whose reason contains `reason` when given. */
export function refused(r: HttpResult, reason?: string | RegExp): any {
  expect(r.status, r.text).toBe(200);
  expect(r.json?.status, r.text).toBe('ERROR');
  expect(typeof r.json?.errCode, r.text).toBe('number');
  expect(r.json.errCode, r.text).not.toBe(0);
  if (reason !== undefined) expect(r.json.reason, r.text).toMatch(reason);
  return r.json;
}

/** A's session: getSessionToken (A sends a clientRequestId), then its payments on that token. */
export async function aSession(f: Facts): Promise<string> {
  return ok(await f.A.send('getSessionToken', { clientRequestId: requestId('A', f.seq()) }), 'A getSessionToken')
    .sessionToken;
}

/** A's payment body: its transaction fields, a card (or `paymentOption`), billingAddress, deviceDetails. */
export function aPaymentFields(
  f: Facts,
  sessionToken: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const n = f.seq();
  return {
    transactionType: 'Sale',
    savePM: 'false',
    clientRequestId: requestId('A', n),
    clientUniqueId: `a-order-${n}`,
    amount: '10.00',
    currency: 'EUR',
    paymentOption: { card: aCard(VISA_DEBIT) },
    billingAddress: A_BILLING,
    deviceDetails: { ipAddress: '203.0.113.7' },
    sessionToken,
    ...extra,
  };
}

/** A pays (a new session unless given): the answer as sent back. */
export async function aPay(f: Facts, extra: Record<string, unknown> = {}, sessionToken?: string): Promise<any> {
  const token = sessionToken ?? (await aSession(f));
  const r = await f.A.send('payment', aPaymentFields(f, token, extra));
  expect(r.status, r.text).toBe(200);
  return r.json;
}

/** P's order: getSessionToken (no clientRequestId), then openOrder on that token. */
export async function pOrder(
  f: Facts,
  extra: Record<string, unknown> = {},
): Promise<{ sessionToken: string; orderId: string }> {
  const t = ok(await f.P.send('getSessionToken', {}), 'P getSessionToken').sessionToken;
  const n = f.seq();
  const j = ok(
    await f.P.send('openOrder', {
      sessionToken: t,
      clientRequestId: requestId('P', n),
      clientUniqueId: `p-order-${n}`,
      currency: 'EUR',
      amount: '10.00',
      ...extra,
    }),
    'P openOrder',
  );
  return { sessionToken: j.sessionToken, orderId: j.orderId };
}

/** N's order: openOrder straight away. */
export async function nOrder(
  f: Facts,
  extra: Record<string, unknown> = {},
): Promise<{ sessionToken: string; orderId: string }> {
  const n = f.seq();
  const j = ok(
    await f.N.send('openOrder', {
      clientRequestId: requestId('N', n),
      clientUniqueId: `n-order-${n}`,
      currency: 'EUR',
      amount: '10.00',
      ...extra,
    }),
    'N openOrder',
  );
  return { sessionToken: j.sessionToken, orderId: j.orderId };
}

/** P's card payment body on an order. */
export function pPaymentFields(
  f: Facts,
  sessionToken: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const n = f.seq();
  return {
    sessionToken,
    clientRequestId: requestId('P', n),
    clientUniqueId: `p-pay-${n}`,
    currency: 'EUR',
    amount: '10.00',
    paymentOption: { card: aCard(VISA_DEBIT) },
    deviceDetails: { deviceType: 'DESKTOP', ipAddress: '203.0.113.7' },
    billingAddress: { firstName: 'John', lastName: 'Smith', email: 'john@example.com', country: 'US' },
    ...extra,
  };
}

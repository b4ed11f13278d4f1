import { GatehouseApiError } from './api-error.js';
import type { SessionMethod } from './checksum-fields.js';
import { type Fetch, readJson, trimBase } from './http.js';
import {
  type BuildOptions,
  buildRequest,
  type GetPaymentStatusFields,
  type GetSessionTokenFields,
  type MerchantCredentials,
  type OpenOrderFields,
  type UpdateOrderFields,
} from './requests.js';
import { buildWithdrawalRequest, type WithdrawalMethod } from './withdrawals.js';

export interface SessionApiOptions extends MerchantCredentials {
  /** the gateway, e.g. `https://gateway.example.com` */
  baseUrl: string;
  fetch?: Fetch;
  /** the merchant's clock for `timeStamp` (default: now) */
  now?: () => Date;
}

/** The envelope every session API answer has; the method's own members come with it. */
export interface SessionAnswer {
  status: 'SUCCESS' | 'ERROR';
  errCode: number;
  reason: string;
  version?: string;
  sessionToken?: string;
  orderId?: string;
  /** card and gateway outcome of a payment: APPROVED, DECLINED, ERROR, REDIRECT, PENDING */
  transactionStatus?: string;
  transactionId?: string;
  [member: string]: unknown;
}

export interface SessionApi {
  /** signs `fields` with `method`'s checksum order and posts `/ppp/api/v1/<method>.do` */
  call<T extends SessionAnswer = SessionAnswer>(method: SessionMethod, fields: object): Promise<T>;
  /** signs `fields` in body order and posts `/ppp/api/withdrawal/<method>.do` */
  withdrawal<T extends SessionAnswer = SessionAnswer>(method: WithdrawalMethod, fields: object): Promise<T>;
  getSessionToken(fields?: GetSessionTokenFields): Promise<SessionAnswer & { sessionToken: string }>;
  openOrder(fields: OpenOrderFields): Promise<SessionAnswer & { sessionToken: string; orderId: string }>;
  updateOrder(fields: UpdateOrderFields): Promise<SessionAnswer>;
  getPaymentStatus(fields: GetPaymentStatusFields): Promise<SessionAnswer>;
  /** a server-to-server payment of an open order (`sessionToken`, `amount`, `currency`, `paymentOption`) */
  payment(fields: {
    sessionToken: string;
    amount: string;
    currency: string;
    [member: string]: unknown;
  }): Promise<SessionAnswer>;
}

/**
 * A client of the Gatehouse session API. Each call is signed (checksum and `timeStamp`) and posted as
 * JSON. An answer with `status: "ERROR"` (a checksum, validation or session error) rejects with a
 * `GatehouseApiError` whose `code` is the `errCode`; a declined payment is an answer
 * (`transactionStatus: "DECLINED"`).
 */
export function sessionApi(options: SessionApiOptions): SessionApi {
  const base = trimBase(options.baseUrl);
  const doFetch: Fetch = options.fetch ?? ((input, init) => fetch(input, init));
  const creds: MerchantCredentials = {
    merchantId: options.merchantId,
    merchantSiteId: options.merchantSiteId,
    merchantSecretKey: options.merchantSecretKey,
  };
  const build = (): BuildOptions => (options.now ? { now: options.now() } : {});

  async function post<T>(path: string, body: object): Promise<T> {
    const res = await doFetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await readJson(res)) as SessionAnswer | undefined;
    if (!res.ok || answer === undefined || answer.status === 'ERROR') {
      throw new GatehouseApiError(
        res.status,
        String(answer?.errCode ?? res.status),
        typeof answer?.reason === 'string' && answer.reason !== '' ? answer.reason : `HTTP ${res.status}`,
        answer,
      );
    }
    return answer as T;
  }

  const call = <T>(method: SessionMethod, fields: object) =>
    post<T>(`/ppp/api/v1/${method}.do`, buildRequest(method, creds, fields, build()));

  return {
    call,
    withdrawal: (method, fields) =>
      post(`/ppp/api/withdrawal/${method}.do`, buildWithdrawalRequest(creds, fields, build())),
    getSessionToken: (fields = {}) => call('getSessionToken', fields),
    openOrder: (fields) => call('openOrder', fields),
    updateOrder: (fields) => call('updateOrder', fields),
    getPaymentStatus: (fields) => call('getPaymentStatus', fields),
    payment: (fields) => call('payment', fields),
  };
}

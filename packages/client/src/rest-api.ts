import { restError } from './api-error.js';
import { type Fetch, readJson, trimBase } from './http.js';
import type {
  AccessTokenResponse,
  CreateOrderRequest,
  CreateOrderResponse,
  CreatePaymentRequest,
  OrderRef,
  OrderStatusResponse,
  PaymentResponse,
  UpdateOrderRequest,
  UpdateOrderResponse,
} from './rest-types.js';

export interface RestApiOptions {
  /** the gateway, e.g. `https://gateway.example.com` */
  baseUrl: string;
  /** an Operations API key (`x-api-key`); needed by every call but `createOrder` with an access token */
  apiKey?: string;
  /** a bearer token: a merchant access token (`getAccessToken`) or an order's `sessionId` */
  accessToken?: string;
  fetch?: Fetch;
}

export interface IdempotencyOption {
  /** `idempotency-key`: the same key and body within 24 hours replays the first answer */
  idempotencyKey?: string;
}

/** The REST paths and methods this client calls (a test checks each against docs/openapi.yaml). */
export const REST_OPERATIONS = {
  createOrder: { method: 'POST', path: '/orders' },
  updateOrder: { method: 'PATCH', path: '/orders' },
  getOrderStatus: { method: 'GET', path: '/orders/status' },
  createPayment: { method: 'POST', path: '/payment-api/payments' },
  getAccessToken: { method: 'POST', path: '/oauth2/token' },
} as const;

export interface RestApi {
  /** `POST /orders` (201): the order's `sessionId` */
  createOrder(order: CreateOrderRequest, options?: IdempotencyOption): Promise<CreateOrderResponse>;
  /** `PATCH /orders?sessionId=`: a new amount within the order's `openAmount` */
  updateOrder(ref: OrderRef, update: UpdateOrderRequest): Promise<UpdateOrderResponse>;
  /** `GET /orders/status`: the outcome of the order's last payment */
  getOrderStatus(ref: OrderRef): Promise<OrderStatusResponse>;
  /**
   * `POST /payment-api/payments`. A declined payment is an answer, not an error: `result.status`
   * is `declined` and `result.errors` says why.
   */
  createPayment(payment: CreatePaymentRequest, options?: IdempotencyOption): Promise<PaymentResponse>;
  /** `POST /oauth2/token` with the API key: a merchant access token for these scopes */
  getAccessToken(scope?: string): Promise<AccessTokenResponse>;
}

/**
 * A client of the Gatehouse REST API. Every call resolves with the parsed body of a 2xx answer and
 * rejects with a `GatehouseApiError` (HTTP status, `code`, `reason`) otherwise.
 */
export function restApi(options: RestApiOptions): RestApi {
  const base = trimBase(options.baseUrl);
  const doFetch: Fetch = options.fetch ?? ((input, init) => fetch(input, init));

  async function call<T>(
    op: keyof typeof REST_OPERATIONS,
    init: { query?: OrderRef; body?: unknown; idempotencyKey?: string | undefined; auth: 'key' | 'either' },
  ): Promise<T> {
    const { method, path } = REST_OPERATIONS[op];
    const headers: Record<string, string> = { accept: 'application/json' };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    if (init.idempotencyKey !== undefined) headers['idempotency-key'] = init.idempotencyKey;
    if (options.apiKey !== undefined) headers['x-api-key'] = options.apiKey;
    else if (init.auth === 'either' && options.accessToken !== undefined)
      headers.authorization = `Bearer ${options.accessToken}`;
    const query = init.query ? `?${new URLSearchParams(init.query as Record<string, string>).toString()}` : '';
    const res = await doFetch(`${base}${path}${query}`, {
      method,
      headers,
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const body = await readJson(res);
    if (!res.ok) throw restError(res.status, body);
    return body as T;
  }

  return {
    createOrder: (order, o = {}) =>
      call('createOrder', { body: order, idempotencyKey: o.idempotencyKey, auth: 'either' }),
    updateOrder: (ref, update) => call('updateOrder', { query: ref, body: update, auth: 'key' }),
    getOrderStatus: (ref) => call('getOrderStatus', { query: ref, auth: 'key' }),
    createPayment: (payment, o = {}) =>
      call('createPayment', { body: payment, idempotencyKey: o.idempotencyKey, auth: 'either' }),
    getAccessToken: (scope = 'payments operations') => call('getAccessToken', { body: { scope }, auth: 'key' }),
  };
}

import type { ClientTransport } from '@gatehouse/protocol';
import {
  type Check as Rule,
  checkShape,
  email,
  type Field,
  isObj,
  letters,
  type Obj,
  object,
  opt,
  present,
  req,
  type SdkError,
  sdkError,
  str,
} from './rules.js';

/**
 * `websdk({sessionToken, env, merchantSiteId, merchantId})` and its withdrawal functions (docs/web-sdk.md):
 * `submitWdRequest`, `getWdRequests`, `cancelWdRequest`. Every input is checked here first; a
 * failing input reaches the callback as `{status: 'ERROR', errCode: 1019, reason, errorDescription}`
 * without a network call. Otherwise the call goes to `/client/v1/<method>` and the callback receives
 * the server's answer. Each function also returns a promise of the same result.
 */

export interface WebsdkInit {
  sessionToken: string;
  env?: string;
  merchantSiteId: string;
  merchantId: string;
}

export type WdResult = Record<string, unknown>;
export type WdCallback = (result: WdResult) => void;

export interface Websdk {
  submitWdRequest(params: Record<string, unknown>, cb?: WdCallback): Promise<WdResult>;
  getWdRequests(params: Record<string, unknown>, cb?: WdCallback): Promise<WdResult>;
  cancelWdRequest(params: Record<string, unknown>, cb?: WdCallback): Promise<WdResult>;
}

const amount: Rule = (v, path) =>
  typeof v === 'string' && /^\d{1,9}(\.\d{1,3})?$/.test(v) && Number(v) > 0
    ? undefined
    : sdkError(1040, `${path} must be a positive decimal amount such as "10.50"`);

/** wdRequestId: an integer of at most 20 digits (its digits as a string are accepted too). */
const wdRequestId: Rule = (v, path) => {
  const text = typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? String(v) : typeof v === 'string' ? v : '';
  return /^[1-9]\d{0,19}$/.test(text) ? undefined : sdkError(1019, `${path} must be an integer of at most 20 digits`);
};

const env: Rule = (v, path) =>
  v === 'prod' || v === 'int' ? undefined : sdkError(1019, `${path} must be prod or int`);

const INIT: Record<string, Field> = {
  sessionToken: req(str(36)),
  merchantId: req(str(20)),
  merchantSiteId: req(str(20)),
  env: opt(env),
};

const IDS: Record<string, Field> = {
  sessionToken: opt(str(36)),
  merchantId: opt(str(20)),
  merchantSiteId: opt(str(20)),
};

const CUSTOM_FIELDS: Record<string, Field> = {};
for (let i = 1; i <= 15; i++) CUSTOM_FIELDS[`customField${i}`] = opt(str(255));

export const SUBMIT_RULES: Record<string, Field> = {
  upoId: req(str(20)),
  amount: req(amount),
  userId: req(str(255)),
  ...IDS,
  merchantWDRequestId: opt(str(255)),
  merchantUniqueId: opt(str(255)),
  userAccountId: opt(str(255)),
  userDetails: opt(
    object({
      firstName: opt(str(30)),
      lastName: opt(str(40)),
      address: opt(str(50)),
      phone: opt(str(18)),
      zip: opt(str(10)),
      city: opt(str(30)),
      countryCode: opt(letters(2)),
      state: opt(str(3)),
      email: opt(email),
    }),
  ),
  ...CUSTOM_FIELDS,
  userTokenId: opt(str(255)),
};

export const GET_RULES: Record<string, Field> = { userTokenId: req(str(255)), ...IDS };
export const CANCEL_RULES: Record<string, Field> = {
  userTokenId: req(str(255)),
  wdRequestId: req(wdRequestId),
  ...IDS,
};

/** The first rule `params` breaks, or undefined (exported for the unit tests and the component). */
export function checkWithdrawalInput(
  method: 'submitWdRequest' | 'getWdRequests' | 'cancelWdRequest',
  params: unknown,
): SdkError | undefined {
  if (!isObj(params)) return sdkError(1019, `${method} needs an object of parameters`);
  const rules = method === 'submitWdRequest' ? SUBMIT_RULES : method === 'getWdRequests' ? GET_RULES : CANCEL_RULES;
  return checkShape(params, rules);
}

export function checkWebsdkInit(init: unknown): SdkError | undefined {
  if (!isObj(init)) return sdkError(1019, 'websdk needs an object with sessionToken, merchantId and merchantSiteId');
  return checkShape(init, INIT);
}

/** The members sent: the given params, the session's ids defaulted from the initialisation. */
function bodyOf(init: WebsdkInit, params: Obj): Obj {
  const body: Obj = {
    sessionToken: init.sessionToken,
    merchantId: init.merchantId,
    merchantSiteId: init.merchantSiteId,
  };
  for (const [k, v] of Object.entries(params)) if (present(v)) body[k] = v;
  if (typeof body.wdRequestId === 'string' && Number.isSafeInteger(Number(body.wdRequestId)))
    body.wdRequestId = Number(body.wdRequestId);
  return body;
}

export function createWebsdk(init: WebsdkInit, transport: ClientTransport): Websdk {
  const call = async (
    method: 'submitWdRequest' | 'getWdRequests' | 'cancelWdRequest',
    params: Record<string, unknown>,
    cb?: WdCallback,
  ): Promise<WdResult> => {
    const problem = checkWebsdkInit(init) ?? checkWithdrawalInput(method, params);
    let result: WdResult;
    if (problem) {
      result = method === 'cancelWdRequest' ? { ...problem, status: 'Error' } : { ...problem };
    } else {
      try {
        result = await transport(method, bodyOf(init, params));
      } catch {
        result = { ...sdkError(1000, 'Network error') };
      }
    }
    if (cb) {
      try {
        cb(result);
      } catch {
        // a throwing merchant callback must not break the SDK
      }
    }
    return result;
  };
  return {
    submitWdRequest: (params, cb) => call('submitWdRequest', params, cb),
    getWdRequests: (params, cb) => call('getWdRequests', params, cb),
    cancelWdRequest: (params, cb) => call('cancelWdRequest', params, cb),
  };
}

import { isObj, type Obj } from '../rules.js';
import type { Appearance } from '../ui/theme.js';
import {
  RESPONSE_STATES,
  type ResponseState,
  WD_CALLBACKS,
  type WdCallbackName,
  type WdLocale,
  type WdTheme,
  type WithdrawalOptions,
} from './names.js';

/**
 * The options a valid `withdrawal(params)` gives (validated first by options.ts), with the defaults of
 * docs/decisions/0520 filled in: what the component runs on.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Fn = (...args: any[]) => any;
const toNumber = (v: unknown): number => (typeof v === 'number' ? v : Number(v));

/** true: every result's message; false: none but the expired pop-up; an object: as it says, true when absent. */
function responseMessages(v: unknown): Record<ResponseState, boolean> {
  const out = {} as Record<ResponseState, boolean>;
  for (const k of RESPONSE_STATES) {
    if (v === false) out[k] = k === 'expired';
    else if (isObj(v)) out[k] = k === 'expired' || v[k] !== false;
    else out[k] = true;
  }
  return out;
}

export function normaliseWithdrawal(p: Obj): WithdrawalOptions {
  const s = (k: string) => (p[k] === undefined || p[k] === null || p[k] === '' ? undefined : String(p[k]));
  const callbacks: Partial<Record<WdCallbackName, Fn>> = {};
  for (const c of WD_CALLBACKS) if (typeof p[c] === 'function') callbacks[c] = p[c] as Fn;
  const whitelist = (p.cardWhiteList ?? p.cardWhitelist) as string[][] | undefined;
  const optional = (k: string) => (s(k) !== undefined ? { [k]: s(k) } : {});
  return {
    sessionToken: String(p.sessionToken),
    merchantId: String(p.merchantId),
    merchantSiteId: String(p.merchantSiteId),
    amount: String(p.amount),
    currency: String(p.currency),
    renderTo: String(p.renderTo),
    country: String(p.country),
    userId: String(p.userId),
    userTokenId: s('userTokenId') ?? String(p.userId),
    ...optional('clientUniqueId'),
    ...optional('merchantWDRequestId'),
    ...optional('merchantUniqueId'),
    ...optional('userAccountId'),
    ...(isObj(p.userDetails) ? { userDetails: p.userDetails } : {}),
    locale: (s('locale') ?? 'en') as WdLocale,
    i18n: isObj(p.i18n) ? Object.fromEntries(Object.entries(p.i18n).map(([k, v]) => [k, String(v)])) : {},
    theme: (s('theme') ?? 'horizontal') as WdTheme,
    paymentTiles: p.paymentTiles === 'showMore' ? 'showMore' : 'splash',
    ...(isObj(p.openAmount)
      ? { openAmount: { min: toNumber(p.openAmount.min), max: toNumber(p.openAmount.max) } }
      : {}),
    amountSuggestions: Array.isArray(p.amountSuggestions) ? p.amountSuggestions.map(String) : [],
    payButton: p.payButton === 'textButton' ? 'textButton' : 'amountButton',
    ...(Array.isArray(p.pmWhitelist) ? { pmWhitelist: p.pmWhitelist as string[] } : {}),
    ...(Array.isArray(p.pmBlacklist) ? { pmBlacklist: p.pmBlacklist as string[] } : {}),
    blockCards: (p.blockCards as string[][]) ?? [],
    cardWhitelist: whitelist ?? [],
    showResponseMessage: responseMessages(p.showResponseMessage),
    ...optional('savePmUrl'),
    ...(p.selectUpo !== undefined ? { selectUpo: String(p.selectUpo) } : {}),
    ...optional('selectPM'),
    logLevel: p.logLevel === undefined ? 0 : Number(p.logLevel),
    env: p.env === 'int' ? 'int' : 'prod',
    strictCardBlocking: p.strictCardBlocking === true,
    wdRequestsLimit: p.wdRequestsLimit === undefined ? 1 : Number(p.wdRequestsLimit),
    ...(isObj(p.appearance) ? { appearance: p.appearance as Appearance } : {}),
    callbacks,
  };
}

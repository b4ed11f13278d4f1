import { bool, checkShape, isObj, oneOf, opt, req, type SdkError, sdkError, str, text } from '../rules.js';
import {
  amountLike,
  amountSuggestionsRule,
  appearanceRule,
  cardRules,
  checkOpenAmount,
  countryRule,
  currencyRule,
  flatObject,
  fn,
  ID20,
  logLevelRule,
  notBoth,
  savePmUrlRule,
  selectPmRule,
  selectUpoRule,
  stringList,
} from '../screen-rules.js';
import {
  RESPONSE_STATES,
  type ResponseState,
  WD_CALLBACKS,
  type WdCallbackName,
  type WdLocale,
  WD_LOCALES,
  type WdTheme,
  WD_THEMES,
  type WithdrawalOptions,
} from './names.js';
import { SUBMIT_RULES } from '../withdrawals.js';

/**
 * The parameters of `withdrawal(params)` (docs/web-sdk.md, withdrawal()): the rules each is checked
 * by (an invalid call answers the SDK's error result, through onResult when there is one, and nothing
 * renders or downloads) and the options the component runs on (normalise.ts, defaults of
 * docs/decisions/0520). Pure: no DOM, unit-tested in test/withdrawal-options.test.ts.
 */

export {
  RESPONSE_STATES,
  type ResponseState,
  WD_CALLBACKS,
  type WdCallbackName,
  type WdLocale,
  WD_LOCALES,
  type WdTheme,
  WD_THEMES,
  type WithdrawalOptions,
};

const showResponse = (v: unknown, path: string): SdkError | undefined => {
  if (typeof v === 'boolean') return undefined;
  if (!isObj(v))
    return sdkError(1019, `${path} must be true, false or an object of pending, decline, success, expired`);
  for (const [k, value] of Object.entries(v)) {
    if (!(RESPONSE_STATES as readonly string[]).includes(k))
      return sdkError(1019, `${path}.${k} is not one of ${RESPONSE_STATES.join(', ')}`);
    if (typeof value !== 'boolean') return sdkError(1019, `${path}.${k} must be true or false`);
  }
  return undefined;
};

const requestsLimit = (v: unknown, path: string): SdkError | undefined =>
  (typeof v === 'string' && /^[1-9]\d{0,2}$/.test(v)) ||
  (Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 999)
    ? undefined
    : sdkError(1019, `${path} must be a whole number from 1 to 999, as a string`);

const SHAPE = {
  sessionToken: req(text(36)),
  merchantId: req(ID20),
  merchantSiteId: req(ID20),
  amount: req(amountLike),
  currency: req(currencyRule),
  renderTo: req(str(255)),
  country: req(countryRule),
  userId: req(text(255)),
  onResult: req(fn),
  clientUniqueId: opt(text(45)),
  userTokenId: opt(text(255)),
  merchantWDRequestId: SUBMIT_RULES.merchantWDRequestId!,
  merchantUniqueId: SUBMIT_RULES.merchantUniqueId!,
  userAccountId: SUBMIT_RULES.userAccountId!,
  userDetails: SUBMIT_RULES.userDetails!,
  locale: opt(oneOf(WD_LOCALES)),
  i18n: opt(flatObject),
  theme: opt(oneOf(WD_THEMES)),
  paymentTiles: opt(oneOf(['splash', 'showMore'])),
  openAmount: opt((v, path) =>
    isObj(v)
      ? (amountLike(v.min, `${path}.min`) ?? amountLike(v.max, `${path}.max`))
      : sdkError(1019, `${path} must be an object with min and max`),
  ),
  amountSuggestions: opt(amountSuggestionsRule),
  payButton: opt(oneOf(['amountButton', 'textButton'])),
  pmWhitelist: opt(stringList(50)),
  pmBlacklist: opt(stringList(50)),
  blockCards: opt(cardRules),
  cardWhiteList: opt(cardRules),
  cardWhitelist: opt(cardRules),
  showResponseMessage: opt(showResponse),
  savePmUrl: opt(savePmUrlRule),
  selectUpo: opt(selectUpoRule),
  selectPM: opt(selectPmRule),
  logLevel: opt(logLevelRule),
  env: opt(oneOf(['prod', 'int'])),
  strictCardBlocking: opt(bool),
  wdRequestsLimit: opt(requestsLimit),
  appearance: opt(appearanceRule),
  ...Object.fromEntries(WD_CALLBACKS.filter((c) => c !== 'onResult').map((c) => [c, opt(fn)])),
};

/** undefined when `params` may render a withdrawal, else the error result (the SDK's error shape). */
export function validateWithdrawal(params: unknown): SdkError | undefined {
  if (!isObj(params)) return sdkError(1019, 'withdrawal() takes an object of parameters');
  const err = checkShape(params, SHAPE);
  if (err) return err;
  const both =
    notBoth(params, 'pmWhitelist', 'pmBlacklist') ??
    notBoth(params, 'blockCards', 'cardWhiteList') ??
    notBoth(params, 'blockCards', 'cardWhitelist') ??
    notBoth(params, 'cardWhiteList', 'cardWhitelist');
  if (both) return both;
  if (Number(params.amount) <= 0) return sdkError(1040, 'amount must be greater than 0');
  return checkOpenAmount(params);
}

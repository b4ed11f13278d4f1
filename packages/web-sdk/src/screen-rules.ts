import { amountText, type Check, isObj, type Obj, present, type SdkError, sdkError, str, text } from './rules.js';
import { APPEARANCE_VARIABLES, safeTokenValue } from './ui/theme.js';

/**
 * The option rules the hosted screens share (`checkout(params)`, docs/checkout.md, and
 * `withdrawal(params)`, docs/web-sdk.md): each answers undefined or the SDK's error result. Pure.
 */

export const ID20 = text(20);
export const boolOrText = (v: unknown) => (typeof v === 'boolean' ? String(v) : v);
export const toNumber = (v: unknown): number => (typeof v === 'number' ? v : Number(v));

export const stringList =
  (max: number, itemMax = 50): Check =>
  (v, path) => {
    if (!Array.isArray(v)) return sdkError(1019, `${path} must be an array`);
    if (v.length > max) return sdkError(1019, `${path} must have at most ${max} items`);
    for (const [i, item] of v.entries()) {
      const err = str(itemMax)(item, `${path}[${i}]`);
      if (err) return err;
    }
    return undefined;
  };

/** blockCards / cardWhitelist: an array of attribute lists, e.g. [['visa'], ['mastercard', 'prepaid']]. */
export const cardRules: Check = (v, path) => {
  if (!Array.isArray(v)) return sdkError(1019, `${path} must be an array of attribute lists`);
  for (const [i, rule] of v.entries()) {
    const err = stringList(8, 40)(rule, `${path}[${i}]`);
    if (err) return err;
  }
  return undefined;
};

/** An amount as a decimal string or a non-negative number. */
export const amountLike: Check = (v, path) =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 ? undefined : amountText(v, path);

export const fn: Check = (v, path) =>
  typeof v === 'function' ? undefined : sdkError(1019, `${path} must be a function`);

export const flatObject: Check = (v, path) => {
  if (!isObj(v)) return sdkError(1019, `${path} must be an object`);
  for (const [k, value] of Object.entries(v)) {
    if (typeof value !== 'string' && typeof value !== 'number') return sdkError(1019, `${path}.${k} must be a string`);
    if (String(value).length > 255) return sdkError(1019, `${path}.${k} must be at most 255 characters`);
  }
  return undefined;
};

export const currencyRule: Check = (v, path) =>
  typeof v === 'string' && /^[A-Z]{3}$/.test(v) ? undefined : sdkError(1041, `${path} must be an ISO 4217 code`);

export const countryRule: Check = (v, path) =>
  v === 'detect' || (typeof v === 'string' && /^[A-Z]{2}$/.test(v))
    ? undefined
    : sdkError(1019, `${path} must be two upper-case letters or detect`);

export const logLevelRule: Check = (v, path) =>
  Number.isInteger(Number(v)) && Number(v) >= 0 && Number(v) <= 6
    ? undefined
    : sdkError(1019, `${path} must be 0 to 6`);

export const savePmUrlRule: Check = (v, path) =>
  str(1000)(v, path) ?? (/^https?:\/\//.test(String(v)) ? undefined : sdkError(1019, `${path} must be an http(s) URL`));

export const selectUpoRule: Check = (v, path) =>
  typeof v === 'number' || (typeof v === 'string' && v.length <= 20)
    ? undefined
    : sdkError(1019, `${path} must be a UPO id or first`);

export const selectPmRule: Check = (v, path) =>
  v === 'first' || v === 'none' || v === 'cc_card' || (typeof v === 'string' && /^apmgw_[A-Za-z0-9_]{1,44}$/.test(v))
    ? undefined
    : sdkError(1019, `${path} must be apmgw_<method>, cc_card, first or none`);

/** amountSuggestions: at most three amounts. */
export const amountSuggestionsRule: Check = (v, path) => {
  if (!Array.isArray(v)) return sdkError(1019, `${path} must be an array`);
  if (v.length > 3) return sdkError(1019, `${path} must have at most 3 amounts`);
  for (const [i, a] of v.entries()) {
    const err = amountLike(a, `${path}[${i}]`);
    if (err) return err;
  }
  return undefined;
};

export const appearanceRule: Check = (v, path) => {
  if (!isObj(v)) return sdkError(1019, `${path} must be an object`);
  if (v.variables === undefined) return undefined;
  if (!isObj(v.variables)) return sdkError(1019, `${path}.variables must be an object`);
  for (const [k, value] of Object.entries(v.variables)) {
    if (!(APPEARANCE_VARIABLES as string[]).includes(k))
      return sdkError(1019, `${path}.variables.${k} is not a theme variable`);
    if (!safeTokenValue(value)) return sdkError(1019, `${path}.variables.${k} must be a CSS value`);
  }
  return undefined;
};

/** Two options of which at most one may be given (blockCards and cardWhitelist, ...). */
export const notBoth = (params: Obj, a: string, b: string): SdkError | undefined =>
  present(params[a]) && present(params[b]) ? sdkError(1019, `${a} and ${b} cannot both be given`) : undefined;

/** openAmount {min, max} around the amount and the suggestions; suggestions need openAmount. */
export function checkOpenAmount(params: Obj): SdkError | undefined {
  if (isObj(params.openAmount)) {
    const min = toNumber(params.openAmount.min);
    const max = toNumber(params.openAmount.max);
    if (min > max) return sdkError(1019, 'openAmount.min must not be greater than openAmount.max');
    const amount = toNumber(params.amount);
    if (amount < min || amount > max) return sdkError(1040, 'amount must lie within openAmount');
    for (const [i, a] of ((params.amountSuggestions as unknown[]) ?? []).entries()) {
      if (toNumber(a) < min || toNumber(a) > max)
        return sdkError(1019, `amountSuggestions[${i}] must lie within openAmount`);
    }
  } else if (present(params.amountSuggestions)) {
    return sdkError(1019, 'amountSuggestions needs openAmount');
  }
  return undefined;
}

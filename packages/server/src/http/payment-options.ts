import { Invalid, Missing } from '../domain/errors.js';
import { APM_FIELD, type ApmInput } from '../domain/payments/apm.service.js';
import type { ProcessingOptions } from '../domain/payments/transaction.types.js';
import type { Minor } from '../lib/money.js';
import { obj } from './fields.js';

/**
 * Wire → domain for the payment members both APIs share (docs/decisions/0360, 0362): the APM of
 * `paymentOption.alternativePaymentMethod`, and the processing options passed to the acquirer.
 */

/**
 * `alternativePaymentMethod` as `{paymentMethod | name, data?: {...}, ...fields}`: the method's name
 * and every field value (from `data` and beside the name), as strings.
 */
export function apmInputOf(option: Record<string, unknown> | undefined): ApmInput | undefined {
  const raw = option?.alternativePaymentMethod;
  if (raw === undefined) return undefined;
  const a = obj(raw);
  if (!a) throw new Invalid(APM_FIELD, 'must be an object');
  const name = a.paymentMethod ?? a.name;
  if (name === undefined || name === '') throw new Missing(`${APM_FIELD}.paymentMethod`);
  if (typeof name !== 'string') throw new Invalid(`${APM_FIELD}.paymentMethod`, 'must be a string');
  const data: Record<string, string> = {};
  const take = (k: string, v: unknown, path: string) => {
    if (typeof v === 'number' || typeof v === 'boolean') data[k] = String(v);
    else if (typeof v === 'string') data[k] = v;
    else throw new Invalid(path, 'must be a string');
  };
  const nested = a.data === undefined ? {} : obj(a.data);
  if (!nested) throw new Invalid(`${APM_FIELD}.data`, 'must be an object of field values');
  for (const [k, v] of Object.entries(nested)) take(k, v, `${APM_FIELD}.data.${k}`);
  for (const [k, v] of Object.entries(a)) {
    if (k === 'paymentMethod' || k === 'name' || k === 'data') continue;
    take(k, v, `${APM_FIELD}.${k}`);
  }
  return { method: name, data };
}

/** The other payment-option members given beside an APM (exactly one is allowed). */
export function checkSingleOption(option: Record<string, unknown> | undefined): void {
  if (!option) return;
  const given = ['card', 'tempToken', 'userPaymentOptionId', 'alternativePaymentMethod'].filter(
    (k) => option[k] !== undefined,
  );
  if (given.length > 1 && given.includes('alternativePaymentMethod')) {
    throw new Invalid(
      'paymentOption',
      'must have exactly one of card, tempToken, userPaymentOptionId, alternativePaymentMethod',
      'payment_option',
    );
  }
}

const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true';
const falsy = (v: unknown) => v === false || v === 0 || v === '0' || v === 'false';

/**
 * rebill, isRebilling, zeroAmountReason, authenticationOnlyType and an MCP `currencyConversion` of a
 * payment request. `toMinor` converts the original amount as the interface writes amounts (REST
 * numbers, session decimal strings); a `currencyConversion` of another type (DCC) is not MCP.
 */
export function processingOptionsOf(
  body: Record<string, unknown>,
  toMinor: (value: unknown, currency: string, field: string) => Minor,
  checkCurrency: (code: string, field: string) => string,
): ProcessingOptions | undefined {
  const out: ProcessingOptions = {};
  const rebill = body.rebill;
  if (rebill !== undefined) {
    const r = obj(rebill);
    if (!r) throw new Invalid('rebill', 'must be an object');
    if (typeof r.step !== 'string' || r.step === '') throw new Missing('rebill.step');
    if (!['init', 'recurring', 'MIT', 'noShow', 'delayedCharges'].includes(r.step)) {
      throw new Invalid('rebill.step', 'must be one of init, recurring, MIT, noShow, delayedCharges');
    }
    if (r.step === 'init') {
      if (r.expiry === undefined) throw new Missing('rebill.expiry');
      if (r.frequency === undefined) throw new Missing('rebill.frequency');
    }
    if (r.expiry !== undefined && (typeof r.expiry !== 'string' || !/^\d{8}$/.test(r.expiry))) {
      throw new Invalid('rebill.expiry', 'must be a date YYYYMMDD');
    }
    const frequency = r.frequency === undefined ? undefined : Number(r.frequency);
    if (frequency !== undefined && (!Number.isInteger(frequency) || frequency < 1))
      throw new Invalid('rebill.frequency', 'must be a whole number of days');
    out.rebill = {
      step: r.step,
      ...(typeof r.expiry === 'string' ? { expiry: r.expiry } : {}),
      ...(frequency !== undefined ? { frequency } : {}),
    };
  }
  if (body.isRebilling !== undefined) {
    if (truthy(body.isRebilling)) out.isRebilling = true;
    else if (falsy(body.isRebilling)) out.isRebilling = false;
    else throw new Invalid('isRebilling', 'must be 0 or 1');
  }
  for (const k of ['zeroAmountReason', 'authenticationOnlyType'] as const) {
    const v = body[k];
    if (v === undefined) continue;
    if (typeof v !== 'string' || v === '') throw new Invalid(k, 'must be a non-empty string');
    out[k] = v;
  }
  const cc = obj(body.currencyConversion);
  if (cc && cc.type === 'MCP') {
    if (typeof cc.originalCurrency !== 'string') throw new Missing('currencyConversion.originalCurrency');
    if (cc.originalAmount === undefined) throw new Missing('currencyConversion.originalAmount');
    const originalCurrency = checkCurrency(cc.originalCurrency, 'currencyConversion.originalCurrency');
    out.currencyConversion = {
      type: 'MCP',
      originalAmount: toMinor(cc.originalAmount, originalCurrency, 'currencyConversion.originalAmount'),
      originalCurrency,
    };
  }
  return Object.keys(out).length ? out : undefined;
}

/** successUrl, failureUrl, pendingUrl of the first urlDetails that has any. */
export function returnUrlsOf(...candidates: unknown[]): {
  successUrl?: string;
  failureUrl?: string;
  pendingUrl?: string;
} {
  const out: { successUrl?: string; failureUrl?: string; pendingUrl?: string } = {};
  for (const c of candidates) {
    const u = obj(c);
    if (!u) continue;
    for (const k of ['successUrl', 'failureUrl', 'pendingUrl'] as const) {
      const v = u[k];
      if (out[k] === undefined && typeof v === 'string' && /^https?:\/\/\S+$/i.test(v) && v.length <= 2000) out[k] = v;
    }
  }
  return out;
}

/**
 * Money inside Gatehouse is an integer count of the currency's minor unit (ISO 4217 exponent, as
 * reported by `Intl`). This module alone converts between wire amounts and minor units; it never
 * does arithmetic on floating-point values.
 */
export type Minor = number & { readonly __brand: 'Minor' };

/** The largest amount accepted, in minor units: 15 digits keeps every sum a safe integer. */
export const MAX_MINOR = 999_999_999_999_999;

const CURRENCIES: ReadonlyMap<string, number> = (() => {
  const map = new Map<string, number>();
  for (const code of Intl.supportedValuesOf('currency')) {
    const digits = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
      .maximumFractionDigits;
    map.set(code, digits ?? 2);
  }
  return map;
})();

export function isCurrency(code: string): boolean {
  return CURRENCIES.has(code);
}

/** The number of fraction digits of `currency`; throws on an unknown code (check `isCurrency` first). */
export function exponentOf(currency: string): number {
  const e = CURRENCIES.get(currency);
  if (e === undefined) throw new RangeError(`unknown currency ${currency}`);
  return e;
}

export type ParseAmountResult =
  { ok: true; minor: Minor } | { ok: false; rule: 'format' | 'precision' | 'range' | 'negative' };

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * Parses a decimal string such as `"10.50"` (session API) into minor units of `currency`.
 * Trailing zeros beyond the exponent are accepted (`"10.500"` in EUR); significant excess digits are not.
 */
export function parseDecimal(text: string, currency: string): ParseAmountResult {
  const negative = text.startsWith('-');
  const m = DECIMAL.exec(negative ? text.slice(1) : text);
  if (!m) return { ok: false, rule: 'format' };
  if (negative && /[1-9]/.test(text)) return { ok: false, rule: 'negative' };
  const exp = exponentOf(currency);
  const whole = m[1]!.replace(/^0+(?=\d)/, '');
  let frac = (m[2] ?? '').replace(/0+$/, '');
  if (frac.length > exp) return { ok: false, rule: 'precision' };
  frac = frac.padEnd(exp, '0');
  const digits = (whole + frac).replace(/^0+(?=\d)/, '');
  if (digits.length > 15) return { ok: false, rule: 'range' };
  const minor = Number(digits);
  if (minor > MAX_MINOR) return { ok: false, rule: 'range' };
  return { ok: true, minor: minor as Minor };
}

/**
 * Like `parseDecimal`, but digits beyond the currency's exponent are rounded half up instead of
 * refused: `"10.555"` EUR → `1056` (a search bound, not an amount to charge).
 */
export function parseDecimalRounded(text: string, currency: string): ParseAmountResult {
  const exact = parseDecimal(text, currency);
  if (exact.ok || exact.rule !== 'precision') return exact;
  const exp = exponentOf(currency);
  const [whole, frac] = text.split('.') as [string, string];
  const kept = parseDecimal(exp === 0 ? whole : `${whole}.${frac.slice(0, exp)}`, currency);
  if (!kept.ok || frac.charCodeAt(exp) < 53 /* '5' */) return kept;
  const up = kept.minor + 1;
  return up > MAX_MINOR ? { ok: false, rule: 'range' } : { ok: true, minor: up as Minor };
}

/**
 * Converts a JSON number in major units (REST API) into minor units. The number's shortest
 * round-trip decimal form (what the client wrote) is parsed as text, so `0.1 + 0.2` issues never arise.
 */
export function parseJsonNumber(value: number, currency: string): ParseAmountResult {
  if (!Number.isFinite(value)) return { ok: false, rule: 'range' };
  if (value < 0) return { ok: false, rule: 'negative' };
  const text = String(value);
  if (text.includes('e')) {
    // 1e21 and above, or tiny values such as 1e-7: outside every currency's range or precision.
    return value >= 1 ? { ok: false, rule: 'range' } : { ok: false, rule: 'precision' };
  }
  return parseDecimal(text, currency);
}

/**
 * Formats minor units as a decimal string with exactly the currency's exponent: `1050` EUR → `"10.50"`.
 * A `bigint` (a sum that may exceed the safe range) is formatted the same way.
 */
export function formatDecimal(minor: number | bigint, currency: string): string {
  const exp = exponentOf(currency);
  const negative = minor < 0;
  const sign = negative ? '-' : '';
  const digits = (negative ? -minor : minor).toString().padStart(exp + 1, '0');
  if (exp === 0) return sign + digits;
  return `${sign}${digits.slice(0, -exp)}.${digits.slice(-exp)}`;
}

/** Whole units of `currency` (a site's limit set in units, not cents) in minor units: `1000` EUR → `100000`. */
export function wholeUnitsToMinor(units: number, currency: string): Minor {
  return (units * POWERS_OF_TEN[exponentOf(currency)]!) as Minor;
}

/** Formats minor units as a JSON number in major units (REST responses): `1050` EUR → `10.5`. */
export function toJsonNumber(minor: number, currency: string): number {
  // Not arithmetic on money: IEEE division rounds the exact quotient to the nearest double, which is
  // the number the decimal text `formatDecimal` writes parses to (both operands are exact integers),
  // without building and parsing that text.
  return minor / POWERS_OF_TEN[exponentOf(currency)]!;
}

/** 10^0 … 10^22, each exact as a double. */
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, e) => 10 ** e);

/** `numerator / denominator` rounded half-up; both non-negative, denominator positive. */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (numerator < 0n || denominator <= 0n) throw new RangeError('divideHalfUp takes a non-negative numerator');
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/**
 * Converts `amount` minor units of `from` into minor units of `to` at `rate` (an integer scaled by
 * 10^rateDigits), rounding half-up to the target's minor unit. Integers only: a non-integer or
 * negative amount is refused.
 */
export function convertMinor(
  amount: bigint | number,
  from: string,
  to: string,
  rate: bigint,
  rateDigits: number = 6,
): bigint {
  if (typeof amount === 'number' && !Number.isSafeInteger(amount)) {
    throw new RangeError('amount must be an integer number of minor units');
  }
  const minor = BigInt(amount);
  if (minor < 0n) throw new RangeError('amount must not be negative');
  if (rate < 0n) throw new RangeError('rate must not be negative');
  const expFrom = BigInt(exponentOf(from));
  const expTo = BigInt(exponentOf(to));
  // amount / 10^expFrom major × rate / 10^rateDigits × 10^expTo minor
  return divideHalfUp(minor * rate * 10n ** expTo, 10n ** (expFrom + BigInt(rateDigits)));
}

import type { DccQuote } from '../domain/payments/acquirer.port.js';
import { convertMinor, divideHalfUp, exponentOf, MAX_MINOR } from '../lib/money.js';
import { uint32Of } from './derive.js';

/**
 * Dynamic currency conversion rates: deterministic per currency pair and day, with a 3.5% markup.
 *
 * - A fixed base table gives, for the major ISO 4217 currencies, the units of the currency per
 *   1 US dollar, as parts per 10^8 (`RATE_SCALE`). A currency outside the table gets a fixed
 *   pseudo-rate between 0.50 and 50.00 per dollar derived from its code.
 * - Each day (`YYYY-MM-DD`, UTC) every currency but the dollar moves by a whole number of basis
 *   points between −100 and +100 (±1%), derived from the day and the code.
 * - The quoted rate `from → to` (units of `to` per unit of `from`, markup included) is rounded
 *   half-up to 6 fraction digits, and the converted amount is computed from exactly that quoted
 *   rate, so `amount = round_half_up(originalAmount × rateWithMarkup)` can be checked by anyone
 *   who sees the quote (as on a DCC receipt).
 * - All arithmetic is on `bigint`; amounts are minor units, converted between exponents
 *   (EUR 2 → JPY 0, USD 2 → BHD 3) and rounded half-up to the target's minor unit.
 */

/** The conversion of minor units at a rate lives with the other money conversions (ADR 0650). */
export { convertMinor, divideHalfUp };

export const RATE_SCALE = 10n ** 8n;
/** Fraction digits of a quoted rate. */
export const RATE_DIGITS = 6;
const QUOTE_SCALE = 10n ** BigInt(RATE_DIGITS);

/** The markup as a percentage string (docs/session-methods.md `markUpValue`) and as a fraction. */
export const DCC_MARKUP_PERCENT = '3.5';
const MARKUP_NUM = 1035n;
const MARKUP_DEN = 1000n;

/** Units of each currency per 1 USD, as written decimals (parsed exactly, never as floats). */
export const BASE_RATES_PER_USD: Readonly<Record<string, string>> = {
  USD: '1',
  EUR: '0.92',
  GBP: '0.79',
  CHF: '0.88',
  JPY: '151.50',
  CNY: '7.24',
  HKD: '7.82',
  SGD: '1.35',
  CAD: '1.36',
  AUD: '1.52',
  NZD: '1.65',
  SEK: '10.60',
  NOK: '10.70',
  DKK: '6.87',
  ISK: '138',
  PLN: '3.98',
  CZK: '23.30',
  HUF: '362',
  RON: '4.58',
  BGN: '1.80',
  TRY: '32.50',
  UAH: '39.20',
  ILS: '3.70',
  AED: '3.6725',
  SAR: '3.75',
  QAR: '3.64',
  BHD: '0.376',
  KWD: '0.307',
  OMR: '0.3845',
  JOD: '0.709',
  TND: '3.13',
  ZAR: '18.60',
  INR: '83.30',
  IDR: '15800',
  KRW: '1350',
  PHP: '56.50',
  THB: '36.50',
  MYR: '4.72',
  MXN: '17.10',
  BRL: '5.05',
  CLP: '940',
  COP: '3900',
};

/** Parses a non-negative decimal string into an integer scaled by 10^digits (exact). */
export function parseScaled(text: string, digits: number): bigint {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) throw new RangeError(`not a decimal: ${text}`);
  const frac = m[2] ?? '';
  if (frac.length > digits) throw new RangeError(`more than ${digits} fraction digits: ${text}`);
  return BigInt(m[1]! + frac.padEnd(digits, '0'));
}

/** Formats an integer scaled by 10^digits as a decimal string with exactly `digits` fraction digits. */
export function formatScaled(value: bigint, digits: number): string {
  const negative = value < 0n;
  const text = (negative ? -value : value).toString().padStart(digits + 1, '0');
  const body = digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
  return negative ? `-${body}` : body;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isDay(text: string): boolean {
  const m = DAY.exec(text);
  if (!m) return false;
  const month = Number(m[2]);
  const day = Number(m[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

/** The UTC day `YYYY-MM-DD` of an instant (pass `clock.now()`). */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Units of `currency` per 1 USD on no particular day, scaled by `RATE_SCALE`. */
export function baseRatePerUsd(currency: string): bigint {
  exponentOf(currency); // throws on an unknown code
  const written = BASE_RATES_PER_USD[currency];
  if (written !== undefined) return parseScaled(written, 8);
  // 0.50 .. 50.00 per dollar, fixed for the code.
  const hundredths = BigInt((uint32Of('dcc-base-rate', currency) % 4951) + 50);
  return hundredths * (RATE_SCALE / 100n);
}

/** The day's move of `currency` against the dollar, in basis points (−100 .. +100; 0 for USD). */
export function dailyMoveBasisPoints(currency: string, day: string): number {
  if (!isDay(day)) throw new RangeError(`not a day (YYYY-MM-DD): ${day}`);
  if (currency === 'USD') return 0;
  return (uint32Of('dcc-daily-move', day, currency) % 201) - 100;
}

/** Units of `currency` per 1 USD on `day`, scaled by `RATE_SCALE`. */
export function ratePerUsd(currency: string, day: string): bigint {
  const move = BigInt(dailyMoveBasisPoints(currency, day));
  return divideHalfUp(baseRatePerUsd(currency) * (10_000n + move), 10_000n);
}

/** The mid rate `from → to` on `day` (units of `to` per unit of `from`), scaled by 10^6, no markup. */
export function midRate(from: string, to: string, day: string): bigint {
  if (from === to) return QUOTE_SCALE;
  return divideHalfUp(ratePerUsd(to, day) * QUOTE_SCALE, ratePerUsd(from, day));
}

/** The quoted rate `from → to` on `day`, markup included, scaled by 10^6 (at least 0.000001). */
export function rateWithMarkup(from: string, to: string, day: string): bigint {
  if (from === to) return QUOTE_SCALE;
  const rate = divideHalfUp(ratePerUsd(to, day) * MARKUP_NUM * QUOTE_SCALE, ratePerUsd(from, day) * MARKUP_DEN);
  return rate > 0n ? rate : 1n;
}

/**
 * The DCC quote for `amount` minor units of `from` paid in `to` on `day`. Throws `RangeError` for
 * an unknown currency, a malformed day, an amount that is not a safe non-negative integer, or a
 * converted amount beyond `MAX_MINOR`.
 */
export function quoteDcc(amount: number, from: string, to: string, day: string): DccQuote {
  if (!Number.isSafeInteger(amount) || amount < 0 || amount > MAX_MINOR) {
    throw new RangeError('amount must be an integer number of minor units within range');
  }
  if (!isDay(day)) throw new RangeError(`not a day (YYYY-MM-DD): ${day}`);
  const rate = rateWithMarkup(from, to, day);
  const converted = convertMinor(amount, from, to, rate);
  if (converted > BigInt(MAX_MINOR)) throw new RangeError('converted amount out of range');
  return {
    originalAmount: amount,
    originalCurrency: from,
    amount: Number(converted),
    currency: to,
    rateWithMarkup: formatScaled(rate, RATE_DIGITS),
    markUp: from === to ? '0' : DCC_MARKUP_PERCENT,
  };
}

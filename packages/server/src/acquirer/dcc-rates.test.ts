import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_MINOR } from '../lib/money.js';
import {
  BASE_RATES_PER_USD,
  convertMinor,
  dailyMoveBasisPoints,
  dayOf,
  divideHalfUp,
  formatScaled,
  midRate,
  parseScaled,
  quoteDcc,
  ratePerUsd,
  rateWithMarkup,
} from './dcc-rates.js';

const DAY = '2025-06-15';

describe('quoteDcc', () => {
  it('is deterministic for a day', () => {
    expect(quoteDcc(10_000, 'USD', 'EUR', DAY)).toEqual(quoteDcc(10_000, 'USD', 'EUR', DAY));
    expect(rateWithMarkup('GBP', 'JPY', DAY)).toBe(rateWithMarkup('GBP', 'JPY', DAY));
  });

  it('moves from day to day, by at most 1% per currency against the dollar', () => {
    const days = Array.from({ length: 30 }, (_, i) => `2025-06-${String(i + 1).padStart(2, '0')}`);
    const rates = new Set(days.map((d) => quoteDcc(1_000_000, 'USD', 'EUR', d).rateWithMarkup));
    expect(rates.size).toBeGreaterThan(10);
    for (const d of days) {
      for (const c of ['EUR', 'JPY', 'BHD', 'XOF']) {
        const move = dailyMoveBasisPoints(c, d);
        expect(Number.isInteger(move)).toBe(true);
        expect(Math.abs(move)).toBeLessThanOrEqual(100);
      }
      expect(dailyMoveBasisPoints('USD', d)).toBe(0);
    }
  });

  it('shows the 3.5% markup on top of the mid rate', () => {
    for (const [from, to] of [
      ['USD', 'EUR'],
      ['EUR', 'JPY'],
      ['USD', 'BHD'],
      ['GBP', 'USD'],
    ] as const) {
      const mid = midRate(from, to, DAY);
      const marked = rateWithMarkup(from, to, DAY);
      expect(marked).toBeGreaterThan(mid);
      // rounded independently to 6 digits: within one unit of mid × 1.035
      const expected = divideHalfUp(mid * 1035n, 1000n);
      expect(marked - expected <= 1n && expected - marked <= 1n).toBe(true);
      const quote = quoteDcc(100_00, from, to, DAY);
      expect(quote.markUp).toBe('3.5');
      expect(quote.rateWithMarkup).toBe(formatScaled(marked, 6));
    }
  });

  it('charges exactly original × quoted rate, rounded half-up in the target minor unit', () => {
    const q = quoteDcc(12_345, 'USD', 'EUR', DAY);
    expect(q).toMatchObject({ originalAmount: 12_345, originalCurrency: 'USD', currency: 'EUR', markUp: '3.5' });
    expect(q.rateWithMarkup).toMatch(/^\d+\.\d{6}$/);
    expect(BigInt(q.amount)).toBe(convertMinor(12_345, 'USD', 'EUR', parseScaled(q.rateWithMarkup, 6)));
  });

  it('converts between exponents: EUR (2) → JPY (0) and USD (2) → BHD (3)', () => {
    const jpy = quoteDcc(10_00, 'EUR', 'JPY', DAY); // 10.00 EUR
    const jpyRate = parseScaled(jpy.rateWithMarkup, 6);
    expect(BigInt(jpy.amount)).toBe(divideHalfUp(1000n * jpyRate, 10n ** 8n));
    expect(jpy.amount).toBeGreaterThan(1_500); // about 10 × 170 yen
    expect(jpy.amount).toBeLessThan(1_800);

    const bhd = quoteDcc(10_00, 'USD', 'BHD', DAY); // 10.00 USD
    const bhdRate = parseScaled(bhd.rateWithMarkup, 6);
    expect(BigInt(bhd.amount)).toBe(divideHalfUp(1000n * bhdRate * 1000n, 10n ** 8n));
    expect(bhd.amount).toBeGreaterThan(3_800); // about 3.89 BHD = 3890 fils
    expect(bhd.amount).toBeLessThan(3_980);

    const back = quoteDcc(1_000, 'JPY', 'USD', DAY); // 1000 yen → about 6.8 USD
    expect(back.amount).toBeGreaterThan(650);
    expect(back.amount).toBeLessThan(720);
  });

  it('answers the identity for one currency', () => {
    expect(quoteDcc(1234, 'EUR', 'EUR', DAY)).toEqual({
      originalAmount: 1234,
      originalCurrency: 'EUR',
      amount: 1234,
      currency: 'EUR',
      rateWithMarkup: '1.000000',
      markUp: '0',
    });
  });

  it('keeps every quoted rate within the 12 characters of docs/session-methods.md', () => {
    const codes = Object.keys(BASE_RATES_PER_USD);
    for (const day of ['2025-01-01', '2025-06-15', '2026-12-31']) {
      for (const from of codes) {
        for (const to of codes) {
          const q = quoteDcc(100, from, to, day);
          expect(q.rateWithMarkup.length, `${from}→${to}`).toBeLessThanOrEqual(12);
          expect(parseScaled(q.rateWithMarkup, 6) > 0n).toBe(true);
        }
      }
    }
  });

  it('quotes a valid currency outside the base table with a fixed pseudo-rate', () => {
    const rate = ratePerUsd('XOF', DAY);
    expect(rate).toBeGreaterThanOrEqual(parseScaled('0.49', 8));
    expect(rate).toBeLessThanOrEqual(parseScaled('50.51', 8));
    expect(quoteDcc(100, 'XOF', 'EUR', DAY)).toEqual(quoteDcc(100, 'XOF', 'EUR', DAY));
  });

  it.each([
    ['an unknown currency', () => quoteDcc(100, 'USD', 'XYZ', DAY)],
    ['a fractional amount', () => quoteDcc(10.5, 'USD', 'EUR', DAY)],
    ['a negative amount', () => quoteDcc(-1, 'USD', 'EUR', DAY)],
    ['an amount beyond the range', () => quoteDcc(MAX_MINOR + 1, 'USD', 'EUR', DAY)],
    ['a converted amount beyond the range', () => quoteDcc(MAX_MINOR, 'KWD', 'IDR', DAY)],
    ['a malformed day', () => quoteDcc(100, 'USD', 'EUR', '15/06/2025')],
    ['an impossible month', () => quoteDcc(100, 'USD', 'EUR', '2025-13-01')],
  ])('refuses %s', (_label, call) => {
    expect(call).toThrow(RangeError);
  });
});

describe('convertMinor (integer arithmetic only)', () => {
  it.each([
    // amount, from, to, rate (×10^6), expected
    [1050, 'EUR', 'JPY', 163_456_789n, 1716n], // 10.50 × 163.456789 = 1716.296…
    [1000, 'USD', 'BHD', 389_123n, 3891n], // 10.00 × 0.389123 = 3.891230 BHD
    [1, 'USD', 'JPY', 150_000_000n, 2n], // 0.01 × 150 = 1.5 → half-up 2
    [1, 'USD', 'JPY', 149_999_999n, 1n], // 1.49999999 → 1
    [3, 'BHD', 'JPY', 400_000_000n, 1n], // 0.003 × 400 = 1.2 → 1
    [1, 'BHD', 'JPY', 400_000_000n, 0n], // 0.4 → 0
    [1, 'USD', 'BHD', 150_000n, 2n], // 0.01 × 0.15 = 0.0015 BHD = 1.5 fils → half-up 2
    [0, 'USD', 'EUR', 900_000n, 0n],
  ])('%i %s at %s → %s %s', (amount, from, to, rate, expected) => {
    expect(convertMinor(amount, from, to, rate)).toBe(expected);
  });

  it('stays exact where floating point would not', () => {
    // 999 999 999 999 999 × 1.000001 = 1 000 000 999 999 998.999999 → …999
    expect(convertMinor(999_999_999_999_999n, 'USD', 'EUR', 1_000_001n)).toBe(1_000_000_999_999_999n);
    // 999 999 999 999 999 × 9.000001 = 9 000 000 999 999 990.999991 → …991; a float product lands on …990
    expect(convertMinor(999_999_999_999_999n, 'USD', 'EUR', 9_000_001n)).toBe(9_000_000_999_999_991n);
    expect(Math.round(999_999_999_999_999 * 9.000001)).toBe(9_000_000_999_999_990);
  });

  it('refuses non-integer and negative amounts', () => {
    expect(() => convertMinor(10.5, 'USD', 'EUR', 1_000_000n)).toThrow(RangeError);
    expect(() => convertMinor(-1n, 'USD', 'EUR', 1_000_000n)).toThrow(RangeError);
  });

  it('is written without floating-point helpers', () => {
    const source = readFileSync(new URL('./dcc-rates.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/Math\.(round|floor|ceil|trunc)|parseFloat|toFixed|toPrecision/);
  });
});

describe('helpers', () => {
  it('parses and formats scaled decimals exactly', () => {
    expect(parseScaled('0.376', 8)).toBe(37_600_000n);
    expect(parseScaled('151.50', 8)).toBe(15_150_000_000n);
    expect(formatScaled(1_234_567n, 6)).toBe('1.234567');
    expect(formatScaled(5n, 6)).toBe('0.000005');
    expect(() => parseScaled('1e3', 8)).toThrow(RangeError);
  });

  it('rounds half up', () => {
    expect(divideHalfUp(5n, 2n)).toBe(3n);
    expect(divideHalfUp(7n, 3n)).toBe(2n);
    expect(divideHalfUp(8n, 3n)).toBe(3n);
  });

  it('names the UTC day of an instant', () => {
    expect(dayOf(Date.UTC(2025, 5, 15, 23, 59, 59))).toBe('2025-06-15');
    expect(dayOf(Date.UTC(2025, 5, 16, 0, 0, 0))).toBe('2025-06-16');
  });
});

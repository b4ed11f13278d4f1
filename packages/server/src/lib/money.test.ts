import { describe, expect, it } from 'vitest';
import {
  parseDecimalRounded,
  exponentOf,
  formatDecimal,
  isCurrency,
  parseDecimal,
  parseJsonNumber,
  toJsonNumber,
  wholeUnitsToMinor,
} from './money.js';

describe('money', () => {
  it('knows ISO 4217 exponents', () => {
    expect(exponentOf('EUR')).toBe(2);
    expect(exponentOf('JPY')).toBe(0);
    expect(exponentOf('BHD')).toBe(3);
    expect(isCurrency('XYZ')).toBe(false);
  });

  it.each([
    ['10.50', 'EUR', 1050],
    ['10.5', 'EUR', 1050],
    ['10', 'EUR', 1000],
    ['0', 'EUR', 0],
    ['007.10', 'EUR', 710],
    ['10.500', 'EUR', 1050],
    ['1500', 'JPY', 1500],
    ['1.234', 'BHD', 1234],
  ])('parses %s %s as %i minor units', (text, cur, minor) => {
    expect(parseDecimal(text, cur)).toEqual({ ok: true, minor });
  });

  it.each([
    ['10.555', 'EUR', 'precision'],
    ['1.5', 'JPY', 'precision'],
    ['abc', 'EUR', 'format'],
    ['1,5', 'EUR', 'format'],
    ['-1', 'EUR', 'negative'],
    ['1e5', 'EUR', 'format'],
    ['99999999999999999', 'EUR', 'range'],
  ])('refuses %s %s (%s)', (text, cur, rule) => {
    expect(parseDecimal(text, cur)).toEqual({ ok: false, rule });
  });

  it('converts JSON numbers exactly', () => {
    expect(parseJsonNumber(25.5, 'EUR')).toEqual({ ok: true, minor: 2550 });
    expect(parseJsonNumber(0.1 + 0.2, 'EUR')).toEqual({ ok: false, rule: 'precision' });
    expect(parseJsonNumber(19.99, 'USD')).toEqual({ ok: true, minor: 1999 });
    expect(parseJsonNumber(1e21, 'USD')).toEqual({ ok: false, rule: 'range' });
    expect(parseJsonNumber(1e-7, 'USD')).toEqual({ ok: false, rule: 'precision' });
    expect(parseJsonNumber(-0.01, 'USD')).toEqual({ ok: false, rule: 'negative' });
  });

  it('formats minor units', () => {
    expect(formatDecimal(1050, 'EUR')).toBe('10.50');
    expect(formatDecimal(5, 'EUR')).toBe('0.05');
    expect(formatDecimal(1500, 'JPY')).toBe('1500');
    expect(toJsonNumber(2550, 'EUR')).toBe(25.5);
  });

  it('gives the JSON number the decimal text parses to, for every exponent and amount', () => {
    // the same double as Number(formatDecimal(…)): small, round, odd and the largest amounts
    const amounts = [0, 1, 5, 9, 10, 99, 100, 101, 1050, 12196, 123456789, 999_999_999_999_999, 999_999_999_999_998];
    let x = 0x2545f491;
    for (let i = 0; i < 5000; i++) {
      x = (x * 1103515245 + 12345) % 2 ** 31; // a fixed sequence: the same amounts on every run
      amounts.push(x * 465_661 + (i % 97));
    }
    for (const currency of ['JPY', 'EUR', 'BHD']) {
      for (const minor of amounts) expect(toJsonNumber(minor, currency)).toBe(Number(formatDecimal(minor, currency)));
    }
  });

  it('formats a bigint sum as it formats a number', () => {
    expect(formatDecimal(123456n, 'EUR')).toBe('1234.56');
    expect(formatDecimal(-5n, 'EUR')).toBe('-0.05');
    expect(formatDecimal(1234n, 'JPY')).toBe('1234');
    expect(formatDecimal(1234n, 'BHD')).toBe(formatDecimal(1234, 'BHD'));
  });

  it('converts whole units into minor units with the currency exponent', () => {
    expect(wholeUnitsToMinor(1000, 'EUR')).toBe(100000);
    expect(wholeUnitsToMinor(1000, 'JPY')).toBe(1000);
    expect(wholeUnitsToMinor(7, 'BHD')).toBe(7000);
  });
  it('rounds digits beyond the exponent half up for a bound, and refuses what is not an amount', () => {
    expect(parseDecimalRounded('10.50', 'EUR')).toEqual({ ok: true, minor: 1050 });
    expect(parseDecimalRounded('10.555', 'EUR')).toEqual({ ok: true, minor: 1056 });
    expect(parseDecimalRounded('10.554', 'EUR')).toEqual({ ok: true, minor: 1055 });
    expect(parseDecimalRounded('0.995', 'EUR')).toEqual({ ok: true, minor: 100 });
    expect(parseDecimalRounded('10.5', 'JPY')).toEqual({ ok: true, minor: 11 });
    expect(parseDecimalRounded('1.0005', 'BHD')).toEqual({ ok: true, minor: 1001 });
    expect(parseDecimalRounded('12,5', 'EUR')).toEqual({ ok: false, rule: 'format' });
    expect(parseDecimalRounded('-1.555', 'EUR')).toEqual({ ok: false, rule: 'negative' });
  });
});

import { describe, expect, it } from 'vitest';
import { aroundAmount, formatMoney } from './money.js';

describe('formatMoney: one formatter for every amount shown', () => {
  it.each([
    ['15.00', 'EUR', 'en', '€15.00'],
    ['15.00', 'EUR', 'de', '15,00\u00a0€'],
    ['1234.5', 'GBP', 'en', '£1,234.50'],
    ['500', 'JPY', 'en', '¥500'],
    ['13.53', 'GBP', 'fr', '13,53\u00a0£GB'],
    [9.99, 'USD', 'en', '$9.99'],
  ])('%s %s in %s is %s', (amount, currency, locale, text) => {
    expect(formatMoney(amount, currency, locale)).toBe(text);
  });

  it('a currency Intl does not know, or no number, falls back to the plain decimal and code', () => {
    expect(formatMoney('15.00', 'XXZ1', 'de')).toBe('15.00 XXZ1');
    expect(formatMoney('abc', 'EUR', 'en')).toBe('abc EUR');
    expect(formatMoney('', 'EUR', 'en')).toBe(' EUR');
  });

  it('aroundAmount splits a text around its {amount}', () => {
    expect(aroundAmount('Pay {amount}')).toEqual(['Pay ', '']);
    expect(aroundAmount('{amount} zahlen')).toEqual(['', ' zahlen']);
    expect(aroundAmount('Buy now')).toEqual(['Buy now', '']);
  });
});

import { describe, expect, it } from 'vitest';
import {
  blockingNeedsLookup,
  brandOf,
  cvvState,
  expiryState,
  fullYear,
  isBlocked,
  luhn,
  maxDigits,
  numberState,
  parseExpiry,
} from '../src/card-rules.js';

const NOW = Date.UTC(2026, 10, 22, 12);

describe('card rules of the hosted fields', () => {
  it('Luhn', () => {
    expect(luhn('4761344136141390')).toBe(true);
    expect(luhn('4761344136141391')).toBe(false);
    expect(luhn('12ab')).toBe(false);
  });
  it('brands by prefix', () => {
    expect(brandOf('4761344136141390')?.id).toBe('visa');
    expect(brandOf('5555555555554444')?.id).toBe('mastercard');
    expect(brandOf('2221008123677736')?.id).toBe('mastercard');
    expect(brandOf('375510288656924')?.id).toBe('amex');
    expect(brandOf('6011111111111117')?.id).toBe('discover');
    expect(brandOf('9999')).toBeUndefined();
  });
  it('16 digits at most unless support19Digits', () => {
    expect(maxDigits('4111', false)).toBe(16);
    expect(maxDigits('4111', true)).toBe(19);
    expect(maxDigits('3755', true)).toBe(15);
    expect(numberState('4000000000000000006', false).state).toBe('invalid');
    expect(numberState('4000000000000000006', true).state).toBe('complete');
  });
  it('number states', () => {
    expect(numberState('', false).state).toBe('empty');
    expect(numberState('4761 3441', false).state).toBe('incomplete');
    expect(numberState('4761 3441 3614 1390', false).state).toBe('complete');
    expect(numberState('4761 3441 3614 1391', false).state).toBe('invalid');
  });
  it('expiry: MM/YY, two-digit years 2000 + value, future, 10 years', () => {
    expect(parseExpiry('12/30')).toEqual({ month: '12', year: '2030' });
    expect(parseExpiry('1230')).toEqual({ month: '12', year: '2030' });
    expect(fullYear('30')).toBe(2030);
    expect(expiryState('12/30', NOW).state).toBe('complete');
    expect(expiryState('10/26', NOW).state).toBe('invalid');
    expect(expiryState('12/36', NOW).state).toBe('invalid');
    expect(expiryState('1', NOW).state).toBe('incomplete');
  });
  it('CVV: 3 digits, 4 for Amex', () => {
    expect(cvvState('217', '4761344136141390').state).toBe('complete');
    expect(cvvState('2171', '4761344136141390').state).toBe('invalid');
    expect(cvvState('2171', '375510288656924').state).toBe('complete');
    expect(cvvState('21', '375510288656924').state).toBe('incomplete');
  });
  it('blockCards: every attribute of one list must match', () => {
    const rules = [['visa', 'credit'], ['amex']];
    expect(isBlocked(rules, { brand: 'amex' })).toBe(true);
    expect(isBlocked(rules, { brand: 'visa', cardType: 'Debit' })).toBe(false);
    expect(isBlocked(rules, { brand: 'visa', cardType: 'Credit' })).toBe(true);
    expect(isBlocked([['GB']], { brand: 'visa', issuerCountry: 'GB' })).toBe(true);
    expect(isBlocked([['prepaid']], { isPrepaid: true })).toBe(true);
    expect(blockingNeedsLookup([['amex']])).toBe(false);
    expect(blockingNeedsLookup([['visa', 'credit']])).toBe(true);
  });
});

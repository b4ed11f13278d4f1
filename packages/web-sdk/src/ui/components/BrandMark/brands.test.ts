import { describe, expect, it } from 'vitest';
import { acceptedBrands, CARD_BRANDS } from './brands.js';

describe('acceptedBrands: the marks a form shows follow the card rules', () => {
  it('all brands without rules', () => {
    expect(acceptedBrands()).toEqual([...CARD_BRANDS]);
  });
  it('blockCards removes a brand named alone, not one narrowed by type or country', () => {
    expect(acceptedBrands([['amex'], ['visa', 'credit']])).not.toContain('amex');
    expect(acceptedBrands([['amex'], ['visa', 'credit']])).toContain('visa');
    expect(acceptedBrands([['Mastercard']])).not.toContain('mastercard');
  });
  it('cardWhitelist keeps the brands it names; a rule without a brand keeps them all', () => {
    expect(acceptedBrands([], [['visa'], ['mastercard', 'debit']])).toEqual(['visa', 'mastercard']);
    expect(acceptedBrands([], [['debit']])).toEqual([...CARD_BRANDS]);
  });
});

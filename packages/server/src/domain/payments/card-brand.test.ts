import { describe, expect, it } from 'vitest';
import type { CardInfo } from './acquirer.port.js';
import { brandsOf, processedBrandOf, selectedBrandOf } from './card-brand.js';

const info = (brand: string, secondaryBrand?: string): CardInfo => ({
  bin: '497301',
  last4: '0012',
  masked: '497301******0012',
  brand,
  ...(secondaryBrand ? { secondaryBrand } : {}),
  cardType: 'Credit',
  issuerCountry: 'FR',
  issuerBankName: 'Gatehouse Test Bank FR',
  currency: 'EUR',
  isPrepaid: false,
  dccAllowed: true,
});

describe('the brand a card payment is processed with (docs/decisions/0413)', () => {
  it('lists the primary brand first, then the co-badged one', () => {
    expect(brandsOf(info('Visa', 'Cartes Bancaires'))).toEqual(['Visa', 'Cartes Bancaires']);
    expect(brandsOf(info('Visa'))).toEqual(['Visa']);
    expect(brandsOf(undefined)).toEqual([]);
  });

  it('is the primary brand without a choice', () => {
    expect(processedBrandOf(info('Visa', 'Cartes Bancaires'), undefined)).toBe('Visa');
    expect(processedBrandOf(undefined, undefined)).toBe('Unknown');
  });

  it.each(['Cartes Bancaires', 'CARTES_BANCAIRES', 'cartes-bancaires', 'cartesbancaires'])(
    'is the co-badged brand when %j is chosen',
    (selected) => {
      expect(processedBrandOf(info('Visa', 'Cartes Bancaires'), selected)).toBe('Cartes Bancaires');
    },
  );

  it('processes the primary brand for a brand the card does not carry, as the real gateway does (0413, amended)', () => {
    expect(processedBrandOf(info('Visa', 'Cartes Bancaires'), 'Mastercard')).toBe('Visa');
    expect(processedBrandOf(info('Visa'), 'eftpos')).toBe('Visa');
    expect(processedBrandOf(undefined, 'Visa')).toBe('Unknown');
  });

  it('checks the shape of selectedBrand: a string of at most 128 characters, empty meaning none', () => {
    expect(selectedBrandOf(undefined)).toBeUndefined();
    expect(selectedBrandOf('')).toBeUndefined();
    expect(selectedBrandOf('Visa')).toBe('Visa');
    expect(() => selectedBrandOf(42)).toThrow(/selectedBrand/);
    expect(() => selectedBrandOf('x'.repeat(129), 'paymentOption.card.selectedBrand')).toThrow(
      /paymentOption\.card\.selectedBrand/,
    );
  });
});

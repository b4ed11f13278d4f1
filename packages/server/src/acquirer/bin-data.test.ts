import { describe, expect, it } from 'vitest';
import { brandOf, cardInfoOf, cardTypeOf, issuerOf, maskCardNumber } from './bin-data.js';
import { TEST_CARDS } from './test-cards.js';
import { CO_BADGED_RANGES } from './co-badged.js';

/** Appends the Luhn check digit to `body`. */
function withCheckDigit(body: string): string {
  for (let d = 0; d <= 9; d++) {
    const candidate = body + String(d);
    let sum = 0;
    let dbl = false;
    for (let i = candidate.length - 1; i >= 0; i--) {
      let x = Number(candidate[i]);
      if (dbl) x = x * 2 > 9 ? x * 2 - 9 : x * 2;
      sum += x;
      dbl = !dbl;
    }
    if (sum % 10 === 0) return candidate;
  }
  throw new Error('unreachable');
}

describe('BIN data of every test card', () => {
  const expected: Record<string, [brand: string, type: 'Credit' | 'Debit', country: string, currency: string]> = {
    // issued in Singapore, as the real gateway's BIN data says (docs/gateway-facts.md)
    '4761344136141390': ['Visa', 'Debit', 'SG', 'SGD'],
    '4000027891380961': ['Visa', 'Credit', 'US', 'USD'],
    '5555555555554444': ['Mastercard', 'Credit', 'US', 'USD'],
    '375510288656924': ['American Express', 'Credit', 'US', 'USD'],
    '6011111111111117': ['Discover', 'Credit', 'US', 'USD'],
    '4000128449498204': ['Visa', 'Credit', 'US', 'USD'],
    '4000000000000002': ['Visa', 'Credit', 'US', 'USD'],
    '5333463046218753': ['Mastercard', 'Credit', 'US', 'USD'],
    '4000000000009995': ['Visa', 'Credit', 'US', 'USD'],
    '4000000000000069': ['Visa', 'Credit', 'US', 'USD'],
    '4000000000009987': ['Visa', 'Credit', 'US', 'USD'],
    '4000000000009979': ['Visa', 'Credit', 'US', 'USD'],
    '4000000000000127': ['Visa', 'Credit', 'US', 'USD'],
    '4000000000000119': ['Visa', 'Credit', 'US', 'USD'],
    '2221008123677736': ['Mastercard', 'Credit', 'US', 'USD'],
    '4000002760003184': ['Visa', 'Credit', 'DE', 'EUR'],
    '4000020951595032': ['Visa', 'Credit', 'US', 'USD'],
    '4000000000003220': ['Visa', 'Credit', 'US', 'USD'],
    '4000008400001629': ['Visa', 'Credit', 'US', 'USD'],
  };

  it('covers the whole table', () => {
    expect(Object.keys(expected).sort()).toEqual(TEST_CARDS.map((c) => c.number).sort());
  });

  it.each(Object.entries(expected))('%s → %j', (number, [brand, cardType, country, currency]) => {
    const info = cardInfoOf(number);
    expect(info).toBeDefined();
    expect(info).toMatchObject({
      bin: number.slice(0, 6),
      last4: number.slice(-4),
      brand,
      cardType,
      issuerCountry: country,
      currency,
      isPrepaid: false,
    });
    expect(info!.masked).toBe(`${number.slice(0, 6)}${'*'.repeat(number.length - 10)}${number.slice(-4)}`);
    expect(info!.masked.length).toBeLessThanOrEqual(20);
    expect(info!.bin.length).toBeLessThanOrEqual(8);
    expect(info!.issuerBankName.length).toBeGreaterThan(0);
    // the full number appears nowhere in the answer
    expect(JSON.stringify(info)).not.toContain(number);
  });

  it('allows DCC for Visa and Mastercard, not American Express or Discover', () => {
    expect(cardInfoOf('4761344136141390')!.dccAllowed).toBe(true);
    expect(cardInfoOf('5555555555554444')!.dccAllowed).toBe(true);
    expect(cardInfoOf('375510288656924')!.dccAllowed).toBe(false);
    expect(cardInfoOf('6011111111111117')!.dccAllowed).toBe(false);
  });

  it('names self-issuing networks as the bank', () => {
    expect(cardInfoOf('375510288656924')!.issuerBankName).toBe('American Express');
    expect(cardInfoOf('6011111111111117')!.issuerBankName).toBe('Discover Bank');
    expect(cardInfoOf('4761344136141390')!.issuerBankName).toBe('Gatehouse Test Bank SG');
    expect(cardInfoOf('4000027891380961')!.issuerBankName).toBe('Gatehouse Test Bank');
    expect(cardInfoOf('4000002760003184')!.issuerBankName).toBe('Gatehouse Test Bank DE');
  });
});

describe('issuer country from the BIN', () => {
  it.each([
    ['400000826', 'GB', 'GBP'],
    ['400000276', 'DE', 'EUR'],
    ['400000250', 'FR', 'EUR'],
    ['400000392', 'JP', 'JPY'],
    ['400000048', 'BH', 'BHD'],
    ['400000124', 'CA', 'CAD'],
    ['400000840', 'US', 'USD'],
    ['400000999', 'US', 'USD'], // unknown numeric code
    ['353011', 'JP', 'JPY'], // JCB
    ['620000', 'CN', 'CNY'], // UnionPay
    ['675964', 'GB', 'GBP'], // Maestro UK
    ['446200', 'GB', 'GBP'],
    ['516000', 'DE', 'EUR'],
    ['411111', 'US', 'USD'],
  ])('%s… → %s / %s', (prefix, country, currency) => {
    const info = cardInfoOf(withCheckDigit(prefix.padEnd(15, '0')));
    expect(info).toMatchObject({ issuerCountry: country, currency });
    expect(issuerOf(prefix.padEnd(15, '0'))).toEqual({ country, currency });
  });
});

describe('brands through credit-card-type', () => {
  it.each([
    ['4111111111111111', 'Visa'],
    ['5105105105105100', 'Mastercard'],
    ['2223003122003222', 'Mastercard'],
    ['378282246310005', 'American Express'],
    ['6011000990139424', 'Discover'],
    ['36227206271667', 'Diners Club'],
    ['3530111333300000', 'JCB'],
    ['6200000000000005', 'UnionPay'],
    ['6759649826438453', 'Maestro'],
    ['2200000000000004', 'Mir'],
  ])('%s is %s', (number, brand) => {
    expect(brandOf(number)).toBe(brand);
    expect(cardInfoOf(number)?.brand).toBe(brand);
  });

  it('answers Unknown for a Luhn-valid number in no known range', () => {
    const number = withCheckDigit('990000000000000');
    expect(cardInfoOf(number)).toMatchObject({ brand: 'Unknown', cardType: 'Credit', dccAllowed: false });
  });

  it('answers nothing for a number that is not a card number', () => {
    expect(cardInfoOf('4111111111111112')).toBeUndefined();
    expect(cardInfoOf('41111111')).toBeUndefined();
    expect(cardInfoOf('4111-1111-1111-1111')).toBeUndefined();
  });
});

describe('credit or debit', () => {
  it('takes the test table first', () => {
    expect(cardTypeOf('4761344136141390', 'Visa')).toBe('Debit');
    expect(cardTypeOf('4000027891380961', 'Visa')).toBe('Credit');
  });

  it('is Debit for Visa / Mastercard whose BIN digit sum is odd, Credit when even', () => {
    // 411111: 4+1+1+1+1+1 = 9 odd; 424242: 18 even
    expect(cardTypeOf('4111111111111111', 'Visa')).toBe('Debit');
    expect(cardTypeOf('4242424242424242', 'Visa')).toBe('Credit');
    // 510510: 12 even; 520082: 17 odd
    expect(cardTypeOf('5105105105105100', 'Mastercard')).toBe('Credit');
    expect(cardTypeOf('5200828282828210', 'Mastercard')).toBe('Debit');
  });

  it('is Debit for Maestro and Credit for the other brands', () => {
    expect(cardTypeOf('6759649826438453', 'Maestro')).toBe('Debit');
    expect(cardTypeOf('378282246310005', 'American Express')).toBe('Credit');
    expect(cardTypeOf('3530111333300000', 'JCB')).toBe('Credit');
  });
});

describe('maskCardNumber', () => {
  it.each([
    ['4761344136141390', '476134******1390'],
    ['375510288656924', '375510*****6924'],
    ['36227206271667', '362272****1667'],
    ['4000000000000000006', '400000*********0006'],
  ])('%s → %s', (number, masked) => {
    expect(maskCardNumber(number)).toBe(masked);
    expect(masked.length).toBeLessThanOrEqual(20);
  });
});

describe('co-badged BIN ranges (docs/decisions/0413)', () => {
  it.each(CO_BADGED_RANGES.map((r) => [r.example, r.brand, r.secondaryBrand] as const))(
    '%s is %s co-badged %s, like every number of its BIN',
    (example, brand, secondaryBrand) => {
      expect(cardInfoOf(example)).toMatchObject({ brand, secondaryBrand });
      const other = withCheckDigit(`${example.slice(0, 6)}98765432`);
      expect(cardInfoOf(other)).toMatchObject({ brand, secondaryBrand });
    },
  );

  it('no test card and no number outside those BINs has a second brand', () => {
    for (const c of TEST_CARDS) expect(cardInfoOf(c.number)?.secondaryBrand).toBeUndefined();
    expect(cardInfoOf(withCheckDigit('497302000000001'))?.secondaryBrand).toBeUndefined();
  });
});

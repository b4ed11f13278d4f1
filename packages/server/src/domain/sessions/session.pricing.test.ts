import { describe, expect, it } from 'vitest';
import { priceOrder } from './session.pricing.js';

const item = (price: string, quantity: string, type = 'Physical') => ({ name: 'i', type, price, quantity });

describe('priceOrder', () => {
  it('is null without amount and currency', () => {
    expect(priceOrder({ clientUniqueId: 'u' })).toBeNull();
  });

  it('converts the amount and openAmount by the currency exponent', () => {
    expect(priceOrder({ amount: '10.5', currency: 'EUR', openAmount: { min: '1', max: '20.00' } })).toEqual({
      amount: 1050,
      currency: 'EUR',
      openAmount: { min: 100, max: 2000 },
    });
    expect(priceOrder({ amount: '1.234', currency: 'BHD' })?.amount).toBe(1234);
  });

  it('sums items (Discount items subtract) and amountDetails (totalDiscount subtracts)', () => {
    const d = {
      amount: '30.00',
      currency: 'USD',
      items: [item('10.00', '3'), item('5.00', '1', 'Discount'), item('2.50', '2', 'Sales_tax')],
      amountDetails: { totalShipping: '4.00', totalHandling: '1.00', totalTax: '0.50', totalDiscount: '5.50' },
    };
    expect(priceOrder(d)?.amount).toBe(3000);
    expect(() => priceOrder({ ...d, amount: '30.01' })).toThrow(/give 30\.00, amount is 30\.01/);
  });

  it('sums large quantities exactly, beyond the safe integer range', () => {
    expect(() => priceOrder({ amount: '1.00', currency: 'EUR', items: [item('9999999.99', '9999999999')] })).toThrow(
      /give 99999999890000000\.01, amount is 1\.00$/,
    );
  });

  it('shows a negative items total as such', () => {
    expect(() => priceOrder({ amount: '0', currency: 'EUR', items: [item('1.00', '1', 'Discount')] })).toThrow(
      /give -1\.00/,
    );
  });
});

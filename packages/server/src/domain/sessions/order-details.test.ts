import { describe, expect, it } from 'vitest';
import { applyUpdate, detailsOf } from './order-details.js';

describe('order details', () => {
  it('keep every request member but credentials and signature', () => {
    expect(
      detailsOf({
        merchantId: 'm',
        merchantSiteId: 's',
        timeStamp: 't',
        checksum: 'c',
        sessionToken: 'x',
        orderId: '1',
        amount: '1',
        items: [],
      }),
    ).toEqual({ amount: '1', items: [] });
  });

  it('replace a class whole on update, so members it leaves out are gone', () => {
    const current = { billingAddress: { country: 'DE', city: 'Berlin' }, amount: '1' };
    expect(applyUpdate(current, { billingAddress: { country: 'FR' } })).toEqual({
      billingAddress: { country: 'FR' },
      amount: '1',
    });
  });

  it('keep the guarded classes with preventOverride 1, and change the rest', () => {
    const current = { preventOverride: '1', userDetails: { firstName: 'A' }, amount: '1' };
    const next = applyUpdate(current, {
      userDetails: { firstName: 'B' },
      shippingAddress: { city: 'X' },
      billingAddress: {},
      amount: '2',
    });
    expect(next).toEqual({ preventOverride: '1', userDetails: { firstName: 'A' }, amount: '2' });
  });
});

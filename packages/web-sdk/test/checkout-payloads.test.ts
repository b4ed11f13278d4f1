import { describe, expect, it } from 'vitest';
import { declineText, formatAmount, LOCALE_FILES, translator } from '../src/checkout/i18n.js';
import {
  brandChoiceOf,
  declineEntry,
  formValidatedPayload,
  paymentEventPayload,
  prePaymentPayload,
  recoveryOf,
  RESULT_MEMBERS,
  resultPayload,
  selectedBrandMember,
  selectPaymentMethodPayload,
  suggestedAmountPayload,
  upoDeletedPayload,
  userDataPayload,
} from '../src/checkout/payloads.js';

/** The payload of every checkout callback (docs/checkout.md, docs/decisions/0411), and the locale files. */

describe('callback payloads', () => {
  it('onResult: exactly the members of docs/checkout.md, with errCode and errorDescription always present', () => {
    const answer = {
      status: 'SUCCESS',
      reason: '',
      version: '1.0',
      sessionToken: 't',
      result: 'APPROVED',
      errCode: 0,
      transactionId: '1100000001',
      transactionStatus: 'APPROVED',
      ccCardNumber: '476134******1390',
      last4Digits: '1390',
      internalRequestId: 9,
    };
    const r = resultPayload(answer);
    expect(r).toEqual({
      result: 'APPROVED',
      errCode: 0,
      errorDescription: '',
      transactionId: '1100000001',
      transactionStatus: 'APPROVED',
      ccCardNumber: '476134******1390',
      last4Digits: '1390',
    });
    expect(Object.keys(r).every((k) => (RESULT_MEMBERS as readonly string[]).includes(k))).toBe(true);
    expect(resultPayload({})).toEqual({ result: 'ERROR', errCode: 1000, errorDescription: '' });
    // what was charged: with an accepted DCC offer, the converted amount and currency
    expect(resultPayload({ ...answer, amount: '13.27', currency: 'GBP' })).toMatchObject({
      amount: '13.27',
      currency: 'GBP',
    });
    expect(resultPayload({ result: 'PENDING', redirectUrl: 'https://x/apm' })).toMatchObject({
      redirectUrl: 'https://x/apm',
    });
  });

  it('prePayment: the table of docs/checkout.md', () => {
    expect(
      prePaymentPayload({
        method: 'cc_card',
        amount: '500.00',
        currency: 'MXN',
        dcc: {
          amount: '500.00',
          currency: 'MXN',
          chargedAmount: '25.10',
          chargedCurrency: 'USD',
          rate: '0.050200',
          markup: '3.5',
        },
        savePM: true,
        installment: { type: 'type2', months: 6 },
        promoCode: 'SPRING',
      }),
    ).toEqual({
      paymentOption: { paymentMethod: 'cc_card' },
      amount: '500.00',
      currency: 'MXN',
      useDCC: true,
      dccDetails: {
        amount: '500.00',
        currency: 'MXN',
        chargedAmount: '25.10',
        chargedCurrency: 'USD',
        rate: '0.050200',
        markup: '3.5',
      },
      savePM: true,
      installmentType: 'type2',
      numberOfInstallments: 6,
      promoCode: true,
    });
    expect(
      prePaymentPayload({
        method: 'cc_card',
        upoId: '77',
        amount: '1',
        currency: 'EUR',
        savePM: false,
        installment: { type: 'singlePayment' },
        promoCode: ' ',
      }),
    ).toMatchObject({
      paymentOption: { userPaymentOptionId: '77', paymentMethod: 'cc_card' },
      useDCC: false,
      dccDetails: null,
      installmentType: 'Single Payment',
      numberOfInstallments: 'none',
      promoCode: false,
    });
  });

  it('onFormValidated: isFormValid and invalidFields (empty when valid)', () => {
    expect(formValidatedPayload([])).toEqual({ isFormValid: true, invalidFields: [] });
    expect(formValidatedPayload(['ccCardNumber', 'ccCvc'])).toEqual({
      isFormValid: false,
      invalidFields: ['ccCardNumber', 'ccCvc'],
    });
  });

  it('onDeclineRecovery: a history entry per decline, and the override read safely', () => {
    expect(declineEntry('cc_card', { transactionId: '9', errCode: 0, errorDescription: 'Decline' }, 0)).toEqual({
      paymentMethod: 'cc_card',
      transactionId: '9',
      errCode: 0,
      errorDescription: 'Decline',
      gwErrorReason: 'Decline',
      declinedAt: '1970-01-01T00:00:00.000Z',
    });
    expect(recoveryOf(undefined, 'cc_card')).toEqual({ nextPm: true, differentCard: true, retry: true });
    expect(recoveryOf(undefined, 'apmgw_X')).toEqual({ nextPm: true, differentCard: false, retry: true });
    expect(recoveryOf({ retry: false, nextPm: 'no', supportMessage: 'Call us' }, 'cc_card')).toEqual({
      nextPm: true,
      differentCard: true,
      retry: false,
      supportMessage: 'Call us',
    });
  });

  it.each(['Expired Card', 'Lost/Stolen Card', 'Pick Up Card', 'Authentication Failed'])(
    'no "Try again" by default after a decline that would repeat (%s); the merchant may still offer it',
    (reason) => {
      expect(recoveryOf(undefined, 'cc_card', reason)).toEqual({ nextPm: true, differentCard: true, retry: false });
      expect(recoveryOf({ retry: true }, 'cc_card', reason).retry).toBe(true);
    },
  );
  it.each(['Decline', 'Do Not Honor', 'Insufficient Funds'])('"Try again" stays offered after %s', (reason) => {
    expect(recoveryOf(undefined, 'cc_card', reason).retry).toBe(true);
  });

  it('the other callbacks', () => {
    expect(selectPaymentMethodPayload('apmgw_RedirectPay', undefined, 'RedirectPay')).toEqual({
      paymentMethod: 'apmgw_RedirectPay',
      label: 'RedirectPay',
    });
    expect(selectPaymentMethodPayload('cc_card', '5')).toEqual({
      paymentMethod: 'cc_card',
      userPaymentOptionId: '5',
      label: 'cc_card',
    });
    expect(upoDeletedPayload('5', { status: 'SUCCESS', errCode: 0 })).toEqual({
      userPaymentOptionId: '5',
      result: 'SUCCESS',
    });
    expect(upoDeletedPayload('5', { status: 'ERROR', errCode: 1019, errorDescription: 'bad' })).toEqual({
      userPaymentOptionId: '5',
      result: 'ERROR',
      errCode: 1019,
      errorDescription: 'bad',
    });
    expect(suggestedAmountPayload('10.00', 'EUR')).toEqual({ amount: '10.00', currency: 'EUR' });
    expect(userDataPayload({ cardHolderName: 'J', email: '', nationalId: 'X1' })).toEqual({
      cardHolderName: 'J',
      nationalId: 'X1',
    });
    expect(paymentEventPayload('paymentStarted', { paymentMethod: 'cc_card' })).toEqual({
      type: 'paymentStarted',
      paymentMethod: 'cc_card',
    });
  });
});

describe('locale files', () => {
  const keys = Object.keys(LOCALE_FILES.en).sort();
  it.each(Object.keys(LOCALE_FILES))('%s has every key of en.json, none empty', (locale) => {
    const table = LOCALE_FILES[locale as keyof typeof LOCALE_FILES];
    expect(Object.keys(table).sort()).toEqual(keys);
    for (const v of Object.values(table)) expect(v.trim()).not.toBe('');
  });
  it.each(Object.keys(LOCALE_FILES).filter((l) => l !== 'en'))(
    '%s is translated: no text left in English (but words that are the same, "E-mail")',
    (locale) => {
      const table = LOCALE_FILES[locale as keyof typeof LOCALE_FILES] as Record<string, string>;
      const en = LOCALE_FILES.en as Record<string, string>;
      const same = keys.filter((k) => table[k] === en[k] && k !== 'email');
      expect(same).toEqual([]);
    },
  );
  it.each(Object.keys(LOCALE_FILES))('%s keeps the placeholders of each English text', (locale) => {
    const table = LOCALE_FILES[locale as keyof typeof LOCALE_FILES] as Record<string, string>;
    const en = LOCALE_FILES.en as Record<string, string>;
    const names = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
    for (const k of keys) expect([k, names(table[k]!)]).toEqual([k, names(en[k]!)]);
  });
  it('fills placeholders, applies i18n overrides and translates declines', () => {
    const t = translator('de', { title: 'Kasse' });
    expect(t('title')).toBe('Kasse');
    expect(t('pay', { amount: '15,00 €' })).toBe('15,00 € bezahlen');
    expect(declineText(t, 'Insufficient Funds')).toBe(
      'Ihre Zahlung wurde abgelehnt. Das Guthaben dieser Karte reicht nicht aus.',
    );
    expect(declineText(t, 'Something else')).toBe('Ihre Zahlung wurde abgelehnt.');
    expect(formatAmount('15.00', 'EUR', 'de')).toMatch(/15,00\s€/);
    expect(formatAmount('15.00', 'XXZ', 'de')).toContain('15');
  });
});

describe('useDualBrand (docs/decisions/0413)', () => {
  it('offers the two brands of a co-badged card, the primary first', () => {
    expect(brandChoiceOf({ status: 'SUCCESS', brand: 'Visa', secondaryBrand: 'Cartes Bancaires' })).toEqual([
      'Visa',
      'Cartes Bancaires',
    ]);
  });
  it.each([
    ['a card with no second brand', { status: 'SUCCESS', brand: 'Visa', secondaryBrand: '' }],
    ['a card whose details omit it', { status: 'SUCCESS', brand: 'Visa' }],
    ['a failed lookup', { result: 'ERROR', errCode: 1004, brand: 'Visa', secondaryBrand: 'eftpos' }],
    ['a session error', { status: 'ERROR', errCode: 1069 }],
    ['the same brand twice', { status: 'SUCCESS', brand: 'Visa', secondaryBrand: 'Visa' }],
  ])('offers no choice for %s', (_what, details) => {
    expect(brandChoiceOf(details)).toBeUndefined();
  });
  it('sends selectedBrand only when it is one of the offered brands', () => {
    const brands = ['Visa', 'Cartes Bancaires'];
    expect(selectedBrandMember(brands, 'Cartes Bancaires')).toEqual({ selectedBrand: 'Cartes Bancaires' });
    expect(selectedBrandMember(brands, 'Visa')).toEqual({ selectedBrand: 'Visa' });
    expect(selectedBrandMember(brands, 'Mastercard')).toEqual({});
    expect(selectedBrandMember(undefined, 'Visa')).toEqual({});
    expect(selectedBrandMember(brands, undefined)).toEqual({});
  });
  it('has the brand-choice text in every locale', () => {
    for (const [locale, table] of Object.entries(LOCALE_FILES)) {
      expect(table.brandChoice, locale).toMatch(/\S/);
    }
    expect(translator('fr')('brandChoice')).toBe('Cette carte appartient à deux réseaux. Payer avec :');
  });
});

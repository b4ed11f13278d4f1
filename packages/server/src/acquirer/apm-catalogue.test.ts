import { describe, expect, it } from 'vitest';
import { isCurrency } from '../lib/money.js';
import {
  abaValid,
  APM_CATALOGUE,
  apmLogoSvg,
  findApm,
  ibanValid,
  listApms,
  toPaymentMethodDescriptor,
  validateApmData,
} from './apm-catalogue.js';

const names = (list: { paymentMethod: string }[]) => list.map((a) => a.paymentMethod);

describe('APM catalogue shape (docs/apm-payments.md)', () => {
  it('covers a redirect, a direct, an asynchronous and payout-capable methods', () => {
    expect(findApm('apmgw_RedirectPay')).toMatchObject({ flow: 'redirect', isDirect: 'false', payoutCapable: true });
    expect(findApm('apmgw_DirectDebit')).toMatchObject({ flow: 'direct', isDirect: 'true', payoutCapable: false });
    expect(findApm('apmgw_BankTransfer')).toMatchObject({ flow: 'async', depositCapable: true });
    expect(APM_CATALOGUE.filter((a) => a.payoutCapable).length).toBeGreaterThanOrEqual(2);
    expect(findApm('apmgw_DirectDebit')!.fields.map((f) => f.name)).toContain('iban');
    expect(findApm('apmgw_Nope')).toBeUndefined();
  });

  it.each(APM_CATALOGUE.map((a) => [a.paymentMethod, a]))('%s respects the field limits', (name, apm) => {
    expect(name).toMatch(/^apmgw_[A-Za-z][A-Za-z_]*$/);
    expect(name.length).toBeLessThanOrEqual(50);
    expect(apm.logoURL).toBe(`/apm/logos/${name}.svg`);
    expect(apm.logoURL.length).toBeLessThanOrEqual(255);
    expect(['true', 'false']).toContain(apm.isDirect);
    expect(apm.isDirect).toBe(apm.flow === 'redirect' ? 'false' : 'true');
    for (const lang of ['en', 'de', 'fr', 'es']) {
      expect(apm.paymentMethodDisplayName.find((t) => t.language === lang)?.message).toBeTruthy();
    }
    for (const t of apm.paymentMethodDisplayName) {
      expect(t.language).toMatch(/^[a-z]{2}$/);
      expect(t.message.length).toBeLessThanOrEqual(400);
    }
    expect(apm.countries.length).toBeGreaterThan(0);
    for (const c of apm.countries) expect(c).toMatch(/^[A-Z]{2}$/);
    expect(apm.currencies.length).toBeGreaterThan(0);
    for (const c of apm.currencies) expect(isCurrency(c)).toBe(true);
    for (const f of apm.fields) {
      expect(f.name.length).toBeLessThanOrEqual(45);
      expect(f.regex.length).toBeLessThanOrEqual(128);
      expect(f.type.length).toBeLessThanOrEqual(45);
      expect(() => new RegExp(f.regex)).not.toThrow();
      for (const lang of ['en', 'de', 'fr', 'es']) {
        expect(f.caption.find((t) => t.language === lang)?.message).toBeTruthy();
        expect(f.validationMessage.find((t) => t.language === lang)?.message).toBeTruthy();
      }
    }
  });

  it('strips the internal fields from the wire descriptor', () => {
    const d = toPaymentMethodDescriptor(findApm('apmgw_BankPayout')!);
    expect(Object.keys(d).sort()).toEqual(
      ['countries', 'currencies', 'fields', 'isDirect', 'logoURL', 'paymentMethod', 'paymentMethodDisplayName'].sort(),
    );
    for (const f of d.fields)
      expect(Object.keys(f).sort()).toEqual(['caption', 'name', 'regex', 'type', 'validationMessage']);
    // a copy: changing it leaves the catalogue alone
    d.countries.push('ZZ');
    expect(findApm('apmgw_BankPayout')!.countries).not.toContain('ZZ');
  });
});

describe('listApms', () => {
  it('lists deposit methods by default', () => {
    expect(names(listApms())).toEqual([
      'apmgw_RedirectPay',
      'apmgw_DirectDebit',
      'apmgw_BankTransfer',
      'apmgw_MobileWallet',
      'apmgw_ACH',
      'apmgw_expresscheckout',
      'apmgw_PlayPlus',
      'apmgw_VIP_Preferred',
    ]);
  });

  it('lists payout-capable methods for WITHDRAWAL', () => {
    expect(names(listApms({ type: 'WITHDRAWAL' }))).toEqual([
      'apmgw_RedirectPay',
      'apmgw_MobileWallet',
      'apmgw_BankPayout',
      'apmgw_expresscheckout',
      'apmgw_PayRetailers_Payouts',
      'apmgw_PlayPlus',
      'apmgw_VIP_Preferred',
    ]);
    expect(names(listApms({ type: 'WITHDRAWAL', currency: 'GBP', country: 'GB' }))).toEqual([
      'apmgw_RedirectPay',
      'apmgw_MobileWallet',
      'apmgw_BankPayout',
      'apmgw_expresscheckout',
    ]);
    expect(names(listApms({ type: 'WITHDRAWAL', currency: 'BRL', country: 'BR' }))).toEqual([
      'apmgw_PayRetailers_Payouts',
    ]);
  });

  it('filters by currency and country', () => {
    expect(names(listApms({ currency: 'EUR', country: 'DE' }))).toEqual([
      'apmgw_RedirectPay',
      'apmgw_DirectDebit',
      'apmgw_BankTransfer',
      'apmgw_MobileWallet',
      'apmgw_expresscheckout',
    ]);
    expect(names(listApms({ currency: 'USD', country: 'US' }))).toEqual([
      'apmgw_RedirectPay',
      'apmgw_BankTransfer',
      'apmgw_MobileWallet',
      'apmgw_ACH',
      'apmgw_expresscheckout',
      'apmgw_PlayPlus',
      'apmgw_VIP_Preferred',
    ]);
    expect(names(listApms({ currency: 'JPY', country: 'JP' }))).toEqual(['apmgw_RedirectPay', 'apmgw_expresscheckout']);
    expect(names(listApms({ currency: 'EUR', country: 'US' }))).toEqual([
      'apmgw_RedirectPay',
      'apmgw_BankTransfer',
      'apmgw_MobileWallet',
      'apmgw_expresscheckout',
    ]);
    // a US bank account is listed for the US only, whatever country its holder bills from (ADR 0372)
    expect(names(listApms({ currency: 'USD', country: 'GB' }))).not.toContain('apmgw_ACH');
    expect(names(listApms({ currency: 'GBP' }))).not.toContain('apmgw_DirectDebit');
    expect(listApms({ currency: 'XOF' })).toEqual([]);
    expect(names(listApms({ currency: 'eur', country: 'de' }))).toContain('apmgw_DirectDebit');
  });
});

describe('the methods real integrations name (ADR 0372)', () => {
  it('apmgw_ACH: an asynchronous US bank account debit; apmgw_VIP_Preferred likewise, payout-capable', () => {
    expect(findApm('apmgw_ACH')).toMatchObject({
      flow: 'async',
      depositCapable: true,
      payoutCapable: false,
      currencies: ['USD'],
    });
    expect(findApm('apmgw_ACH')!.fields.map((f) => f.name)).toEqual(['AccountNumber', 'RoutingNumber', 'SECCode']);
    expect(findApm('apmgw_VIP_Preferred')).toMatchObject({ flow: 'async', depositCapable: true, payoutCapable: true });
  });

  it('apmgw_expresscheckout redirects; apmgw_PayRetailers_Payouts only pays out; apmgw_PlayPlus answers at once', () => {
    expect(findApm('apmgw_expresscheckout')).toMatchObject({
      flow: 'redirect',
      isDirect: 'false',
      depositCapable: true,
      payoutCapable: true,
    });
    expect(findApm('apmgw_PayRetailers_Payouts')).toMatchObject({
      flow: 'direct',
      depositCapable: false,
      payoutCapable: true,
    });
    expect(findApm('apmgw_PayRetailers_Payouts')!.countries).toContain('BR');
    expect(findApm('apmgw_PlayPlus')).toMatchObject({
      flow: 'direct',
      depositCapable: true,
      payoutCapable: true,
      currencies: ['USD'],
    });
  });

  it('checks an ACH account: digits, a routing number with its ABA check digit, a known SEC code', () => {
    const ach = findApm('apmgw_ACH')!;
    expect(validateApmData(ach, { AccountNumber: '111111111', RoutingNumber: '999999992', SECCode: 'WEB' })).toEqual(
      [],
    );
    expect(validateApmData(ach, { AccountNumber: '111111111', RoutingNumber: '011000015' })).toEqual([]);
    expect(abaValid('999999992')).toBe(true);
    expect(abaValid('999999993')).toBe(false);
    expect(
      validateApmData(ach, { AccountNumber: '12', RoutingNumber: '999999993', SECCode: 'ARC' }).map((e) => e.field),
    ).toEqual(['AccountNumber', 'RoutingNumber', 'SECCode']);
    expect(validateApmData(ach, {}).map((e) => e.field)).toEqual(['AccountNumber', 'RoutingNumber']);
  });

  it('the wire descriptor keeps listValues (SECCode) and drops the internal marks', () => {
    const d = toPaymentMethodDescriptor(findApm('apmgw_ACH')!);
    expect(d.fields.find((f) => f.name === 'SECCode')?.listValues?.map((v) => v.code)).toEqual([
      'WEB',
      'TEL',
      'PPD',
      'CCD',
    ]);
    for (const f of d.fields) expect(Object.keys(f)).not.toEqual(expect.arrayContaining(['masked']));
    for (const f of d.fields) expect(Object.keys(f)).not.toContain('aba');
  });
});

describe('validateApmData', () => {
  it('accepts valid data', () => {
    expect(
      validateApmData(findApm('apmgw_DirectDebit')!, {
        account_holder_name: 'Jörg Müller',
        iban: 'DE89 3704 0044 0532 0130 00',
      }),
    ).toEqual([]);
    expect(validateApmData(findApm('apmgw_MobileWallet')!, { phone: '+4915112345678' })).toEqual([]);
    expect(validateApmData(findApm('apmgw_RedirectPay')!, {})).toEqual([]); // e-mail optional
    expect(
      validateApmData(findApm('apmgw_BankPayout')!, {
        account_holder_name: 'Jane Doe',
        iban: 'GB82WEST12345698765432',
        bic: 'WESTGB2L',
      }),
    ).toEqual([]);
  });

  it('names the failing fields with their messages', () => {
    const errors = validateApmData(findApm('apmgw_DirectDebit')!, { iban: 'DE89370400440532013001' });
    expect(errors.map((e) => e.field)).toEqual(['account_holder_name', 'iban']);
    expect(errors[1]!.message.find((m) => m.language === 'de')?.message).toBe('Geben Sie eine gültige IBAN ein');
    expect(validateApmData(findApm('apmgw_MobileWallet')!, { phone: '015112345678' }).map((e) => e.field)).toEqual([
      'phone',
    ]);
    expect(validateApmData(findApm('apmgw_BankTransfer')!, { email: 'not-an-email' }).map((e) => e.field)).toEqual([
      'email',
    ]);
  });

  it('checks the IBAN mod-97 digits', () => {
    expect(ibanValid('DE89370400440532013000')).toBe(true);
    expect(ibanValid('GB82 WEST 1234 5698 7654 32')).toBe(true);
    expect(ibanValid('FR1420041010050500013M02606')).toBe(true);
    expect(ibanValid('DE88370400440532013000')).toBe(false);
    expect(ibanValid('DE89')).toBe(false);
  });
});

describe('apmLogoSvg', () => {
  it('draws a logo for each method and nothing for an unknown one', () => {
    for (const apm of APM_CATALOGUE) {
      const svg = apmLogoSvg(apm.paymentMethod);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>.*<\/svg>$/);
      expect(svg).toContain(apm.logoColor);
    }
    expect(apmLogoSvg('apmgw_Nope')).toBeUndefined();
  });
});

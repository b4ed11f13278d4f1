/**
 * The catalogue of simulated alternative payment methods (docs/testing.md), as data in the shape of
 * the payment method descriptor getApms answers (docs/apm-payments.md), plus internal fields the gateway needs to
 * drive each simulation (`flow`, `depositCapable`, `payoutCapable`, `logoColor`).
 *
 * | method | flow | deposit | payout | where |
 * |---|---|---|---|---|
 * | apmgw_RedirectPay | redirect: the customer approves, declines or leaves pending on a page under `/apm/...` | yes | yes | worldwide, major currencies |
 * | apmgw_DirectDebit | direct: SEPA direct debit from an IBAN, answered at once | yes | no | SEPA countries, EUR |
 * | apmgw_BankTransfer | asynchronous: PENDING, settled later by an operator (dashboard or API) | yes | no | EU, GB, US |
 * | apmgw_MobileWallet | direct: wallet identified by a phone number, answered at once | yes | yes | EU, GB, US |
 * | apmgw_BankPayout | direct, withdrawals only: a bank credit to IBAN + BIC | no | yes | SEPA countries and GB, EUR and GBP |
 * | apmgw_ACH | asynchronous: a US bank account (AccountNumber, RoutingNumber, SECCode) debited by ACH, PENDING until an operator completes it | yes | no | US accounts, USD |
 * | apmgw_expresscheckout | redirect: a PayPal-style wallet, approved on its page under `/apm/...` | yes | yes | worldwide, major currencies |
 * | apmgw_PayRetailers_Payouts | direct, withdrawals only: a Latin American bank account (accountCapture) | no | yes | Latin America, USD and local currencies |
 * | apmgw_PlayPlus | direct: a prepaid play account by e-mail (fundAccount) | yes | yes | US, USD |
 * | apmgw_VIP_Preferred | asynchronous: an e-check from an enrolled US bank account (addBankAccount, enrollAccount) | yes | yes | US, USD |
 *
 * The last five carry the names the real gateway's public clients send (docs/decisions/0372).
 * `toPaymentMethodDescriptor` strips the internal fields for the wire; `listApms` filters by
 * currency, country and DEPOSIT / WITHDRAWAL; `validateApmData` checks submitted data against the
 * fields (regex, and the ISO 13616 mod-97 check for an IBAN).
 */

import {
  bankAccountField,
  bankCodeField,
  bicField,
  documentField,
  emailField,
  EUROPE_AND_US,
  holderField,
  ibanField,
  LATIN_AMERICA,
  MAJOR_CURRENCIES,
  phoneField,
  routingField,
  secCodeField,
  SEPA_COUNTRIES,
  text,
  usAccountField,
  WORLDWIDE,
} from './apm-fields.js';
import type { ApmListType, PaymentMethodDescriptor, SimulatedApm } from './apm.types.js';

// what the catalogue's users import from here: its shapes, its fields' patterns and the data checks
export type * from './apm.types.js';
export {
  ABA_REGEX,
  BIC_REGEX,
  EMAIL_REGEX,
  HOLDER_REGEX,
  IBAN_REGEX,
  PHONE_REGEX,
  SEC_CODE_REGEX,
  US_ACCOUNT_REGEX,
} from './apm-fields.js';
export { abaValid, type ApmFieldError, ibanValid, validateApmData } from './apm-validation.js';

function logoURL(name: string): string {
  return `/apm/logos/${name}.svg`;
}

export const APM_CATALOGUE: readonly SimulatedApm[] = [
  {
    paymentMethod: 'apmgw_RedirectPay',
    paymentMethodDisplayName: text('RedirectPay', 'RedirectPay', 'RedirectPay', 'RedirectPay', 'RedirectPay'),
    isDirect: 'false',
    countries: WORLDWIDE,
    currencies: ['USD', 'EUR', 'GBP', 'CHF', 'CAD', 'AUD', 'JPY', 'SEK', 'NOK', 'DKK', 'PLN'],
    logoURL: logoURL('apmgw_RedirectPay'),
    fields: [{ ...emailField, optional: true }],
    flow: 'redirect',
    depositCapable: true,
    payoutCapable: true,
    logoColor: '#3b5bdb',
  },
  {
    paymentMethod: 'apmgw_DirectDebit',
    paymentMethodDisplayName: text(
      'SEPA Direct Debit',
      'SEPA-Lastschrift',
      'Prélèvement SEPA',
      'Adeudo directo SEPA',
      'Addebito diretto SEPA',
    ),
    isDirect: 'true',
    countries: SEPA_COUNTRIES,
    currencies: ['EUR'],
    logoURL: logoURL('apmgw_DirectDebit'),
    fields: [holderField, ibanField],
    flow: 'direct',
    depositCapable: true,
    payoutCapable: false,
    logoColor: '#2b8a3e',
  },
  {
    paymentMethod: 'apmgw_BankTransfer',
    paymentMethodDisplayName: text(
      'Bank transfer',
      'Banküberweisung',
      'Virement bancaire',
      'Transferencia bancaria',
      'Bonifico bancario',
    ),
    isDirect: 'true',
    countries: EUROPE_AND_US,
    currencies: ['EUR', 'GBP', 'USD', 'CHF', 'SEK', 'DKK', 'NOK', 'PLN'],
    logoURL: logoURL('apmgw_BankTransfer'),
    fields: [emailField],
    flow: 'async',
    depositCapable: true,
    payoutCapable: false,
    logoColor: '#5f3dc4',
  },
  {
    paymentMethod: 'apmgw_MobileWallet',
    paymentMethodDisplayName: text(
      'Mobile Wallet',
      'Mobile Wallet',
      'Portefeuille mobile',
      'Monedero móvil',
      'Portafoglio mobile',
    ),
    isDirect: 'true',
    countries: EUROPE_AND_US,
    currencies: ['EUR', 'GBP', 'USD'],
    logoURL: logoURL('apmgw_MobileWallet'),
    fields: [phoneField],
    flow: 'direct',
    depositCapable: true,
    payoutCapable: true,
    logoColor: '#e8590c',
  },
  {
    paymentMethod: 'apmgw_BankPayout',
    paymentMethodDisplayName: text(
      'Bank payout',
      'Auszahlung auf Bankkonto',
      'Virement sur compte bancaire',
      'Pago a cuenta bancaria',
      'Accredito su conto bancario',
    ),
    isDirect: 'true',
    countries: [...SEPA_COUNTRIES, 'GB'],
    currencies: ['EUR', 'GBP'],
    logoURL: logoURL('apmgw_BankPayout'),
    fields: [holderField, ibanField, { ...bicField, optional: true }],
    flow: 'direct',
    depositCapable: false,
    payoutCapable: true,
    logoColor: '#0b7285',
  },
  {
    paymentMethod: 'apmgw_ACH',
    paymentMethodDisplayName: text(
      'ACH bank account',
      'ACH-Bankkonto',
      'Compte bancaire ACH',
      'Cuenta bancaria ACH',
      'Conto bancario ACH',
    ),
    isDirect: 'true',
    countries: ['US'],
    currencies: ['USD'],
    logoURL: logoURL('apmgw_ACH'),
    fields: [usAccountField, routingField, secCodeField],
    flow: 'async',
    depositCapable: true,
    payoutCapable: false,
    logoColor: '#364fc7',
    payerCountries: WORLDWIDE,
  },
  {
    paymentMethod: 'apmgw_expresscheckout',
    paymentMethodDisplayName: text(
      'PayPal Express Checkout',
      'PayPal Express Checkout',
      'PayPal Express Checkout',
      'PayPal Express Checkout',
      'PayPal Express Checkout',
    ),
    isDirect: 'false',
    countries: WORLDWIDE,
    currencies: MAJOR_CURRENCIES,
    logoURL: logoURL('apmgw_expresscheckout'),
    fields: [{ ...emailField, optional: true }],
    flow: 'redirect',
    depositCapable: true,
    payoutCapable: true,
    logoColor: '#1864ab',
  },
  {
    paymentMethod: 'apmgw_PayRetailers_Payouts',
    paymentMethodDisplayName: text(
      'PayRetailers payouts',
      'PayRetailers-Auszahlung',
      'Virement PayRetailers',
      'Pagos PayRetailers',
      'Pagamenti PayRetailers',
    ),
    isDirect: 'true',
    countries: LATIN_AMERICA,
    currencies: ['USD', 'ARS', 'BRL', 'CLP', 'COP', 'MXN', 'PEN'],
    logoURL: logoURL('apmgw_PayRetailers_Payouts'),
    fields: [holderField, documentField, bankAccountField, bankCodeField],
    flow: 'direct',
    depositCapable: false,
    payoutCapable: true,
    logoColor: '#087f5b',
  },
  {
    paymentMethod: 'apmgw_PlayPlus',
    paymentMethodDisplayName: text('Play+', 'Play+', 'Play+', 'Play+', 'Play+'),
    isDirect: 'true',
    countries: ['US'],
    currencies: ['USD'],
    logoURL: logoURL('apmgw_PlayPlus'),
    fields: [emailField],
    flow: 'direct',
    depositCapable: true,
    payoutCapable: true,
    logoColor: '#c2255c',
  },
  {
    paymentMethod: 'apmgw_VIP_Preferred',
    paymentMethodDisplayName: text(
      'VIP Preferred e-check',
      'VIP Preferred E-Scheck',
      'Chèque électronique VIP Preferred',
      'Cheque electrónico VIP Preferred',
      'Assegno elettronico VIP Preferred',
    ),
    isDirect: 'true',
    countries: ['US'],
    currencies: ['USD'],
    logoURL: logoURL('apmgw_VIP_Preferred'),
    fields: [usAccountField, routingField],
    flow: 'async',
    depositCapable: true,
    payoutCapable: true,
    logoColor: '#5c940d',
    payerCountries: WORLDWIDE,
  },
];

const BY_NAME: ReadonlyMap<string, SimulatedApm> = new Map(APM_CATALOGUE.map((a) => [a.paymentMethod, a]));

export function findApm(name: string): SimulatedApm | undefined {
  return BY_NAME.get(name);
}

export interface ApmFilter {
  currency?: string;
  country?: string;
  /** DEPOSIT (default) lists the methods a customer can pay with, WITHDRAWAL those that can pay out */
  type?: ApmListType;
}

/** The methods available for a currency, a country and a direction, in catalogue order. */
export function listApms(filter: ApmFilter = {}): SimulatedApm[] {
  const currency = filter.currency?.toUpperCase();
  const country = filter.country?.toUpperCase();
  const type = filter.type ?? 'DEPOSIT';
  return APM_CATALOGUE.filter(
    (apm) =>
      (type === 'DEPOSIT' ? apm.depositCapable : apm.payoutCapable) &&
      (currency === undefined || apm.currencies.includes(currency)) &&
      (country === undefined || apm.countries.includes(country)),
  );
}

/** The wire descriptor of docs/apm-payments.md, without the internal fields. */
export function toPaymentMethodDescriptor(apm: SimulatedApm): PaymentMethodDescriptor {
  return {
    paymentMethod: apm.paymentMethod,
    paymentMethodDisplayName: apm.paymentMethodDisplayName.map((t) => ({ ...t })),
    isDirect: apm.isDirect,
    countries: [...apm.countries],
    currencies: [...apm.currencies],
    logoURL: apm.logoURL,
    fields: apm.fields.map((f) => {
      const out: PaymentMethodDescriptor['fields'][number] = {
        name: f.name,
        regex: f.regex,
        type: f.type,
        validationMessage: f.validationMessage.map((t) => ({ ...t })),
        caption: f.caption.map((t) => ({ ...t })),
      };
      if (f.listValues) out.listValues = f.listValues;
      return out;
    }),
  };
}

function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A simple generated SVG logo (initials on the method's colour) for `/apm/logos/<name>.svg`. */
export function apmLogoSvg(name: string): string | undefined {
  const apm = findApm(name);
  if (!apm) return undefined;
  const label = apm.paymentMethod.replace(/^apmgw_/, '');
  const initials = label.replace(/[^A-Z]/g, '').slice(0, 2) || label.slice(0, 2).toUpperCase();
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="64" viewBox="0 0 96 64" role="img" aria-label="${escapeXml(label)}">` +
    `<rect width="96" height="64" rx="10" fill="${apm.logoColor}"/>` +
    `<text x="48" y="41" font-family="Helvetica, Arial, sans-serif" font-size="24" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(initials)}</text>` +
    `</svg>`
  );
}

/**
 * The catalogue of simulated alternative payment methods (docs/testing.md), as data in the shape of
 * the payment method descriptor of spec session 2.9, plus internal fields the gateway needs to
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

export interface LocalizedText {
  /** ISO 639-1, two letters */
  language: string;
  message: string;
}

export interface ApmListValue {
  code: string;
  caption: LocalizedText[];
  mandatoryFields?: string[];
}

export interface ApmField {
  name: string;
  regex: string;
  type: string;
  validationMessage: LocalizedText[];
  caption: LocalizedText[];
  listValues?: ApmListValue[];
  /** internal: the field may be left empty */
  optional?: boolean;
  /** internal: an account number, stored and shown masked but for its last 4 characters */
  masked?: boolean;
  /** internal: a US ABA routing number, checked by its check digit */
  aba?: boolean;
}

/** docs/apm-payments.md `paymentMethods[]` item. */
export interface PaymentMethodDescriptor {
  paymentMethod: string;
  paymentMethodDisplayName: LocalizedText[];
  /** `"true"` / `"false"` (string, 5) */
  isDirect: 'true' | 'false';
  countries: string[];
  currencies: string[];
  logoURL: string;
  fields: Omit<ApmField, 'optional' | 'masked' | 'aba'>[];
}

export type ApmFlow = 'redirect' | 'direct' | 'async';
export type ApmListType = 'DEPOSIT' | 'WITHDRAWAL';

export interface SimulatedApm extends Omit<PaymentMethodDescriptor, 'fields'> {
  /** the descriptor's fields, each marked when optional */
  fields: ApmField[];
  /** how a payment with this method proceeds */
  flow: ApmFlow;
  depositCapable: boolean;
  payoutCapable: boolean;
  /** colour of the generated logo */
  logoColor: string;
  /**
   * internal: the billing countries a payment may come from, when wider than `countries` (where the
   * method is listed): a US bank account's holder may live anywhere (docs/decisions/0372)
   */
  payerCountries?: string[];
}

const SEPA_COUNTRIES = [
  'AT',
  'BE',
  'DE',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'NL',
  'PT',
  'SI',
  'SK',
];
const EUROPE_AND_US = [...SEPA_COUNTRIES, 'CH', 'DK', 'GB', 'NO', 'PL', 'SE', 'US'];
const WORLDWIDE = [...EUROPE_AND_US, 'AU', 'BR', 'CA', 'JP', 'MX', 'NZ', 'SG'];

function text(en: string, de: string, fr: string, es: string, it: string): LocalizedText[] {
  return [
    { language: 'en', message: en },
    { language: 'de', message: de },
    { language: 'fr', message: fr },
    { language: 'es', message: es },
    { language: 'it', message: it },
  ];
}

/** ISO 13616 IBAN shape: country, check digits, 11-30 alphanumerics. */
export const IBAN_REGEX = '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$';
export const BIC_REGEX = '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$';
export const EMAIL_REGEX = '^[^@\\s]{1,64}@[^@\\s]+\\.[^@\\s]{2,}$';
export const PHONE_REGEX = '^\\+[1-9][0-9]{6,14}$';
export const HOLDER_REGEX = "^[A-Za-zÀ-ÖØ-öø-ÿ .'-]{2,70}$";

const emailField: ApmField = {
  name: 'email',
  regex: EMAIL_REGEX,
  type: 'email',
  caption: text('E-mail address', 'E-Mail-Adresse', 'Adresse e-mail', 'Correo electrónico', 'Indirizzo e-mail'),
  validationMessage: text(
    'Enter a valid e-mail address',
    'Geben Sie eine gültige E-Mail-Adresse ein',
    'Saisissez une adresse e-mail valide',
    'Introduzca un correo electrónico válido',
    'Inserisci un indirizzo e-mail valido',
  ),
};

const ibanField: ApmField = {
  name: 'iban',
  regex: IBAN_REGEX,
  type: 'text',
  caption: text('IBAN', 'IBAN', 'IBAN', 'IBAN', 'IBAN'),
  validationMessage: text(
    'Enter a valid IBAN',
    'Geben Sie eine gültige IBAN ein',
    'Saisissez un IBAN valide',
    'Introduzca un IBAN válido',
    'Inserisci un IBAN valido',
  ),
};

const holderField: ApmField = {
  name: 'account_holder_name',
  regex: HOLDER_REGEX,
  type: 'text',
  caption: text(
    'Account holder',
    'Kontoinhaber',
    'Titulaire du compte',
    'Titular de la cuenta',
    'Intestatario del conto',
  ),
  validationMessage: text(
    'Enter the account holder name',
    'Geben Sie den Namen des Kontoinhabers ein',
    'Saisissez le nom du titulaire du compte',
    'Introduzca el nombre del titular',
    "Inserisci il nome dell'intestatario",
  ),
};

const bicField: ApmField = {
  name: 'bic',
  regex: BIC_REGEX,
  type: 'text',
  caption: text('BIC / SWIFT', 'BIC / SWIFT', 'BIC / SWIFT', 'BIC / SWIFT', 'BIC / SWIFT'),
  validationMessage: text(
    'Enter a valid BIC (8 or 11 characters)',
    'Geben Sie eine gültige BIC ein (8 oder 11 Zeichen)',
    'Saisissez un BIC valide (8 ou 11 caractères)',
    'Introduzca un BIC válido (8 u 11 caracteres)',
    'Inserisci un BIC valido (8 o 11 caratteri)',
  ),
};

const phoneField: ApmField = {
  name: 'phone',
  regex: PHONE_REGEX,
  type: 'tel',
  caption: text('Mobile number', 'Handynummer', 'Numéro de mobile', 'Número de móvil', 'Numero di cellulare'),
  validationMessage: text(
    'Enter the number in international format, e.g. +4915112345678',
    'Geben Sie die Nummer im internationalen Format ein, z. B. +4915112345678',
    'Saisissez le numéro au format international, p. ex. +33612345678',
    'Introduzca el número en formato internacional, p. ej. +34612345678',
    'Inserisci il numero in formato internazionale, ad es. +393123456789',
  ),
};

const LATIN_AMERICA = ['AR', 'BR', 'CL', 'CO', 'EC', 'MX', 'PA', 'PE'];
const MAJOR_CURRENCIES = ['USD', 'EUR', 'GBP', 'CHF', 'CAD', 'AUD', 'JPY', 'SEK', 'NOK', 'DKK', 'PLN'];

/** A US bank account number: 4 to 17 digits. */
export const US_ACCOUNT_REGEX = '^[0-9]{4,17}$';
/** A US ABA routing number: 9 digits (and its check digit, `abaValid`). */
export const ABA_REGEX = '^[0-9]{9}$';
export const SEC_CODE_REGEX = '^(WEB|TEL|PPD|CCD)$';

const usAccountField: ApmField = {
  name: 'AccountNumber',
  regex: US_ACCOUNT_REGEX,
  type: 'text',
  masked: true,
  caption: text('Account number', 'Kontonummer', 'Numéro de compte', 'Número de cuenta', 'Numero di conto'),
  validationMessage: text(
    'Enter the account number (4 to 17 digits)',
    'Geben Sie die Kontonummer ein (4 bis 17 Ziffern)',
    'Saisissez le numéro de compte (4 à 17 chiffres)',
    'Introduzca el número de cuenta (de 4 a 17 dígitos)',
    'Inserisci il numero di conto (da 4 a 17 cifre)',
  ),
};

const routingField: ApmField = {
  name: 'RoutingNumber',
  regex: ABA_REGEX,
  type: 'text',
  aba: true,
  caption: text(
    'Routing number (ABA)',
    'Bankleitzahl (ABA)',
    'Code banque (ABA)',
    'Número de ruta (ABA)',
    'Codice ABA',
  ),
  validationMessage: text(
    'Enter a valid 9-digit routing number',
    'Geben Sie eine gültige 9-stellige ABA-Nummer ein',
    'Saisissez un code ABA valide à 9 chiffres',
    'Introduzca un número de ruta válido de 9 dígitos',
    'Inserisci un codice ABA valido di 9 cifre',
  ),
};

const secCodeField: ApmField = {
  name: 'SECCode',
  regex: SEC_CODE_REGEX,
  type: 'text',
  optional: true,
  caption: text(
    'Authorisation type',
    'Autorisierungsart',
    "Type d'autorisation",
    'Tipo de autorización',
    'Tipo di autorizzazione',
  ),
  validationMessage: text(
    'Choose WEB, TEL, PPD or CCD',
    'Wählen Sie WEB, TEL, PPD oder CCD',
    'Choisissez WEB, TEL, PPD ou CCD',
    'Elija WEB, TEL, PPD o CCD',
    'Scegli WEB, TEL, PPD o CCD',
  ),
  listValues: [
    { code: 'WEB', caption: text('Internet', 'Internet', 'Internet', 'Internet', 'Internet') },
    { code: 'TEL', caption: text('Telephone', 'Telefon', 'Téléphone', 'Teléfono', 'Telefono') },
    {
      code: 'PPD',
      caption: text(
        'Prearranged (consumer)',
        'Vereinbart (Privat)',
        'Préautorisé (particulier)',
        'Preautorizado (consumidor)',
        'Preautorizzato (privato)',
      ),
    },
    { code: 'CCD', caption: text('Corporate', 'Firmenkonto', 'Entreprise', 'Empresa', 'Aziendale') },
  ],
};

const documentField: ApmField = {
  name: 'document_number',
  regex: '^[A-Za-z0-9.-]{5,20}$',
  type: 'text',
  masked: true,
  caption: text(
    'ID document number',
    'Ausweisnummer',
    "Numéro de pièce d'identité",
    'Número de documento',
    'Numero del documento',
  ),
  validationMessage: text(
    'Enter the ID document number (5 to 20 letters or digits)',
    'Geben Sie die Ausweisnummer ein (5 bis 20 Buchstaben oder Ziffern)',
    "Saisissez le numéro de pièce d'identité (5 à 20 lettres ou chiffres)",
    'Introduzca el número de documento (de 5 a 20 letras o dígitos)',
    'Inserisci il numero del documento (da 5 a 20 lettere o cifre)',
  ),
};

const bankAccountField: ApmField = {
  name: 'account_number',
  regex: '^[0-9-]{4,30}$',
  type: 'text',
  masked: true,
  caption: text(
    'Bank account number',
    'Kontonummer',
    'Numéro de compte bancaire',
    'Número de cuenta bancaria',
    'Numero di conto bancario',
  ),
  validationMessage: text(
    'Enter the bank account number (4 to 30 digits)',
    'Geben Sie die Kontonummer ein (4 bis 30 Ziffern)',
    'Saisissez le numéro de compte (4 à 30 chiffres)',
    'Introduzca el número de cuenta (de 4 a 30 dígitos)',
    'Inserisci il numero di conto (da 4 a 30 cifre)',
  ),
};

const bankCodeField: ApmField = {
  name: 'bank_code',
  regex: '^[0-9A-Za-z]{3,11}$',
  type: 'text',
  optional: true,
  caption: text('Bank code', 'Bankcode', 'Code de la banque', 'Código del banco', 'Codice della banca'),
  validationMessage: text(
    'Enter the bank code (3 to 11 letters or digits)',
    'Geben Sie den Bankcode ein (3 bis 11 Buchstaben oder Ziffern)',
    'Saisissez le code de la banque (3 à 11 lettres ou chiffres)',
    'Introduzca el código del banco (de 3 a 11 letras o dígitos)',
    'Inserisci il codice della banca (da 3 a 11 lettere o cifre)',
  ),
};

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

/** The ISO 13616 / ISO 7064 mod-97 check of an IBAN (spaces ignored, upper-cased). */
export function ibanValid(iban: string): boolean {
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  if (!new RegExp(IBAN_REGEX).test(compact)) return false;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    const value = code >= 65 ? String(code - 55) : ch;
    for (const digit of value) remainder = (remainder * 10 + (digit.charCodeAt(0) - 48)) % 97;
  }
  return remainder === 1;
}

/** The check digit of a US ABA routing number: 3, 7, 1 weights over the 9 digits, a multiple of 10. */
export function abaValid(routing: string): boolean {
  if (!new RegExp(ABA_REGEX).test(routing)) return false;
  const d = [...routing].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

export interface ApmFieldError {
  field: string;
  /** the field's validation message in every language */
  message: LocalizedText[];
}

/**
 * Checks the data submitted for a method against its fields: each required field present, each
 * present value matching the field's regex, an IBAN passing its mod-97 check. Unknown keys are
 * ignored. Returns the failing fields, empty when the data is valid.
 */
export function validateApmData(
  apm: SimulatedApm,
  data: Readonly<Record<string, string | undefined>>,
): ApmFieldError[] {
  const errors: ApmFieldError[] = [];
  for (const field of apm.fields) {
    const raw = data[field.name];
    const value = field.name === 'iban' ? raw?.replace(/\s+/g, '').toUpperCase() : raw?.trim();
    if (value === undefined || value === '') {
      if (!field.optional) errors.push({ field: field.name, message: field.validationMessage });
      continue;
    }
    const ok =
      new RegExp(field.regex).test(value) &&
      (field.name !== 'iban' || ibanValid(value)) &&
      (!field.aba || abaValid(value));
    if (!ok) errors.push({ field: field.name, message: field.validationMessage });
  }
  return errors;
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

import type { ApmField, LocalizedText } from './apm.types.js';

// The regions and the input fields the simulated APMs of apm-catalogue.ts are built from.

export const SEPA_COUNTRIES = [
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
export const EUROPE_AND_US = [...SEPA_COUNTRIES, 'CH', 'DK', 'GB', 'NO', 'PL', 'SE', 'US'];
export const WORLDWIDE = [...EUROPE_AND_US, 'AU', 'BR', 'CA', 'JP', 'MX', 'NZ', 'SG'];

export function text(en: string, de: string, fr: string, es: string, it: string): LocalizedText[] {
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

export const emailField: ApmField = {
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

export const ibanField: ApmField = {
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

export const holderField: ApmField = {
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

export const bicField: ApmField = {
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

export const phoneField: ApmField = {
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

export const LATIN_AMERICA = ['AR', 'BR', 'CL', 'CO', 'EC', 'MX', 'PA', 'PE'];
export const MAJOR_CURRENCIES = ['USD', 'EUR', 'GBP', 'CHF', 'CAD', 'AUD', 'JPY', 'SEK', 'NOK', 'DKK', 'PLN'];

/** A US bank account number: 4 to 17 digits. */
export const US_ACCOUNT_REGEX = '^[0-9]{4,17}$';
/** A US ABA routing number: 9 digits (and its check digit, `abaValid`). */
export const ABA_REGEX = '^[0-9]{9}$';
export const SEC_CODE_REGEX = '^(WEB|TEL|PPD|CCD)$';

export const usAccountField: ApmField = {
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

export const routingField: ApmField = {
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

export const secCodeField: ApmField = {
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

export const documentField: ApmField = {
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

export const bankAccountField: ApmField = {
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

export const bankCodeField: ApmField = {
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

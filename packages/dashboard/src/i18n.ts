import en from './locales/en.json';
import { translatorOf, type Translate } from '../../web-sdk/src/ui/texts.js';
import { formatMoney } from '../../web-sdk/src/ui/money.js';
import { CARD_BRANDS, type CardBrand } from '../../web-sdk/src/ui/components/BrandMark/brands.js';

/**
 * The panel's texts through the foundation's translator (ui/texts.ts): one JSON file per locale in
 * locales/, every file with the keys of en.json (a test checks it). A locale is added by adding its
 * file here; the browser's first language that has one is used, English otherwise.
 */
export const LOCALE_FILES: Record<string, Record<string, string>> = { en };

function pickLocale(wanted: readonly string[]): string {
  for (const tag of wanted) {
    const lang = tag.toLowerCase().split('-')[0]!;
    if (lang in LOCALE_FILES) return lang;
  }
  return 'en';
}

export const LOCALE = pickLocale(typeof navigator === 'undefined' ? [] : navigator.languages);
export const t: Translate = translatorOf(en, LOCALE_FILES[LOCALE]);

const dates = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short' });
const days = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium' });

/** "28 Nov 2026, 14:05" in the reader's time zone; "—" for none. */
export const formatDate = (iso: string | null) => (iso ? dates.format(new Date(iso)) : '—');
export const formatDay = (iso: string | null) => (iso ? days.format(new Date(iso)) : '—');

/** An amount of the API ("12.34", major units) in the reader's locale: the foundation's one formatter. */
export const money = (amount: string, currency: string) => formatMoney(amount, currency, LOCALE);

/** The card scheme of a transaction's `brand` ("Visa", "mastercard"), when the foundation draws its mark. */
export function brandOf(brand: string | null): CardBrand | null {
  const b = (brand ?? '').toLowerCase().replace(/[^a-z]/g, '');
  if (b === 'americanexpress') return 'amex';
  if (b === 'dinersclub') return 'diners';
  return (CARD_BRANDS as readonly string[]).includes(b) ? (b as CardBrand) : null;
}

import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import he from './locales/he.json';
import it from './locales/it.json';
import pl from './locales/pl.json';
import pt from './locales/pt.json';
import ru from './locales/ru.json';
import { directionOf, translatorOf, type Translate } from '../../web-sdk/src/ui/texts.js';
import { formatMoney } from '../../web-sdk/src/ui/money.js';
import { CARD_BRANDS, type CardBrand } from '../../web-sdk/src/ui/components/BrandMark/brands.js';

/**
 * The panel's texts through the foundation's translator (ui/texts.ts): one JSON file per locale in
 * locales/, every file with the keys of en.json and their placeholders (test/locales.test.ts checks it).
 * A locale is added by adding its file here and its name to LOCALE_NAMES. The locale is the one the user
 * chose in the panel (remembered in localStorage), else the browser's first language that has a file,
 * else English; choosing another re-renders the panel in place (docs/decisions/1050).
 */
export const LOCALE_FILES: Record<string, Record<string, string>> = { de, en, es, fr, he, it, pl, pt, ru };

/** Each locale's name in its own language: how the picker offers it. */
export const LOCALE_NAMES: Record<string, string> = {
  de: 'Deutsch',
  en: 'English',
  es: 'Español',
  fr: 'Français',
  he: 'עברית',
  it: 'Italiano',
  pl: 'Polski',
  pt: 'Português',
  ru: 'Русский',
};

/** Where the chosen locale is remembered, per browser and gateway origin. */
export const LOCALE_STORAGE_KEY = 'gatehouse.dashboard.locale';

/** The chosen locale when it has a file, else the first of the browser's languages that has one, else English. */
export function pickLocale(chosen: string | null, wanted: readonly string[]): string {
  if (chosen && chosen in LOCALE_FILES) return chosen;
  for (const tag of wanted) {
    const lang = tag.toLowerCase().split('-')[0]!;
    if (lang in LOCALE_FILES) return lang;
  }
  return 'en';
}

function stored(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null; // storage turned off: the browser's languages decide
  }
}

let locale = 'en';
let translate: Translate = translatorOf(en);
let dates = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
let days = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });
const listeners = new Set<(locale: string) => void>();

function use(next: string): void {
  locale = next;
  translate = translatorOf(en, LOCALE_FILES[next]);
  dates = new Intl.DateTimeFormat(next, { dateStyle: 'medium', timeStyle: 'short' });
  days = new Intl.DateTimeFormat(next, { dateStyle: 'medium' });
  if (typeof document !== 'undefined') {
    document.documentElement.lang = next;
    document.documentElement.dir = directionOf(next);
  }
}

use(pickLocale(stored(), typeof navigator === 'undefined' ? [] : navigator.languages));

/** The locale the panel is shown in ("de"). */
export const currentLocale = () => locale;

/** Shows the panel in `next` from now on, remembers it for the next visits, and tells the app to re-render. */
export function setLocale(next: string): void {
  if (!(next in LOCALE_FILES) || next === locale) return;
  use(next);
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, next);
  } catch {
    // not remembered (storage turned off): this visit still changes
  }
  for (const listener of listeners) listener(next);
}

/** Calls `listener` after each change of locale; returns how to stop. */
export function onLocaleChange(listener: (locale: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const t: Translate = (key, vars) => translate(key, vars);

// Unicode isolates (the text equivalent of <bdi>): an amount or a date keeps its own order inside a
// right-to-left sentence or cell, and does not reorder the words around it.
const LTR_ISOLATE = (s: string) => `\u2066${s.replace(/[\u200e\u200f\u061c]/g, '')}\u2069`;
const FIRST_STRONG_ISOLATE = (s: string) => `\u2068${s}\u2069`;
const rtl = () => directionOf(locale) === 'rtl';

/**
 * "28 Nov 2026, 14:05" in the reader's time zone; "—" for none. Isolated in a right-to-left locale,
 * in the direction of its own words (a Hebrew date reads right to left, a numeric one left to right).
 */
export const formatDate = (iso: string | null) =>
  iso ? (rtl() ? FIRST_STRONG_ISOLATE : String)(dates.format(new Date(iso))) : '—';
export const formatDay = (iso: string | null) =>
  iso ? (rtl() ? FIRST_STRONG_ISOLATE : String)(days.format(new Date(iso))) : '—';

/**
 * An amount of the API ("12.34", major units) in the reader's locale: the foundation's one formatter;
 * in a right-to-left locale isolated left to right ("1,234.50 €"), as the hosted screens show it.
 */
export const money = (amount: string, currency: string) => {
  const text = formatMoney(amount, currency, locale);
  return rtl() ? LTR_ISOLATE(text) : text;
};

/** The card scheme of a transaction's `brand` ("Visa", "mastercard"), when the foundation draws its mark. */
export function brandOf(brand: string | null): CardBrand | null {
  const b = (brand ?? '').toLowerCase().replace(/[^a-z]/g, '');
  if (b === 'americanexpress') return 'amex';
  if (b === 'dinersclub') return 'diners';
  return (CARD_BRANDS as readonly string[]).includes(b) ? (b as CardBrand) : null;
}

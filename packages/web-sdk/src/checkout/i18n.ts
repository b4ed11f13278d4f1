import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import it from './locales/it.json';
import pl from './locales/pl.json';
import pt from './locales/pt.json';
import ru from './locales/ru.json';
import type { Locale } from './options.js';
import { formatMoney } from '../ui/money.js';

/**
 * The checkout's texts: one JSON file per locale (locales/*.json, every file with the keys of en.json,
 * which a unit test checks), English for any missing key, and the merchant's `i18n` overrides over
 * both. `{name}` placeholders are filled from `vars`.
 */
export type TextKey = keyof typeof en;
const FILES: Record<Locale, Record<string, string>> = { de, en, es, fr, it, pl, pt, ru };

export type Translate = (key: TextKey | string, vars?: Record<string, string | number>) => string;

export function translator(locale: Locale, overrides: Record<string, string> = {}): Translate {
  const table: Record<string, string> = { ...en, ...FILES[locale], ...overrides };
  return (key, vars) => {
    const text = table[key] ?? key;
    return vars ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : text;
  };
}

/** An amount in the shopper's locale ("15,00 €" in de): the foundation's one money formatter. */
export const formatAmount = formatMoney;

/** The decline message in the shopper's language: by the acquirer's reason, else the general one. */
export function declineText(t: Translate, reason: unknown): string {
  const r = typeof reason === 'string' ? reason : '';
  if (/cvv/i.test(r)) return t('decline.CVV');
  const key = `decline.${r}`;
  const specific = t(key);
  return specific === key ? t('declined') : `${t('declined')} ${specific}`;
}

export const LOCALE_FILES = FILES;

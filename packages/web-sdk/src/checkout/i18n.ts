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
import { declineText, makeTranslator, type TextKey, type Translate } from './texts.js';

/**
 * Every locale of the checkout: one JSON file per locale (locales/*.json, every file with the keys of
 * en.json, which a unit test checks). The build makes each non-English table a script of its own
 * (docs/decisions/0432); the form itself holds English only (texts.ts). This module is for the build,
 * the tests and tools: the checkout bundle does not import it.
 */
export type { TextKey, Translate };
export { declineText };
const FILES: Record<Locale, Record<string, string>> = { de, en, es, fr, it, pl, pt, ru };

export function translator(locale: Locale, overrides: Record<string, string> = {}): Translate {
  return makeTranslator(FILES[locale], overrides);
}

/** An amount in the shopper's locale ("15,00 €" in de): the foundation's one money formatter. */
export const formatAmount = formatMoney;

export const LOCALE_FILES = FILES;

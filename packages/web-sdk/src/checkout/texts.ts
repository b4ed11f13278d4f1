import en from './locales/en.json';
import { translatorOf } from '../ui/texts.js';

/**
 * The checkout form's texts at run time: its English table over the foundation's translator
 * (ui/texts.ts, docs/decisions/0432).
 */
export type TextKey = keyof typeof en;
export type Translate = (key: TextKey | string, vars?: Record<string, string | number>) => string;
export const EN: Record<string, string> = en;

export function makeTranslator(table: Record<string, string> = {}, overrides: Record<string, string> = {}): Translate {
  return translatorOf(en, table, overrides);
}

/** The decline message in the shopper's language: by the acquirer's reason, else the general one. */
export function declineText(t: Translate, reason: unknown): string {
  const r = typeof reason === 'string' ? reason : '';
  if (/cvv/i.test(r)) return t('decline.CVV');
  const key = `decline.${r}`;
  const specific = t(key);
  return specific === key ? t('declined') : `${t('declined')} ${specific}`;
}

import en from './locales/en.json';

/**
 * The checkout form's texts at run time (docs/decisions/0432): English is built into the checkout
 * bundle; another locale's table arrives as its own small script, fetched by websdk.js with the bundle
 * only when that locale is asked for. A missing key falls back to English; the merchant's `i18n`
 * overrides win over both. `{name}` placeholders are filled from `vars`.
 */
export type TextKey = keyof typeof en;
export type Translate = (key: TextKey | string, vars?: Record<string, string | number>) => string;
export const EN: Record<string, string> = en;

export function makeTranslator(table: Record<string, string> = {}, overrides: Record<string, string> = {}): Translate {
  const all: Record<string, string> = { ...en, ...table, ...overrides };
  return (key, vars) => {
    const text = all[key] ?? key;
    return vars ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : text;
  };
}

/** The decline message in the shopper's language: by the acquirer's reason, else the general one. */
export function declineText(t: Translate, reason: unknown): string {
  const r = typeof reason === 'string' ? reason : '';
  if (/cvv/i.test(r)) return t('decline.CVV');
  const key = `decline.${r}`;
  const specific = t(key);
  return specific === key ? t('declined') : `${t('declined')} ${specific}`;
}

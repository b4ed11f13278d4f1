/**
 * The hosted screens' texts at run time (docs/decisions/0432): a screen's English table is built into
 * its bundle; another locale's table arrives as its own small script, fetched by websdk.js only when
 * that locale is asked for. A missing key falls back to English; the merchant's `i18n` overrides win
 * over both. `{name}` placeholders are filled from `vars`.
 */
export type Translate = (key: string, vars?: Record<string, string | number>) => string;

export function translatorOf(
  english: Record<string, string>,
  table: Record<string, string> = {},
  overrides: Record<string, string> = {},
): Translate {
  const all: Record<string, string> = { ...english, ...table, ...overrides };
  return (key, vars) => {
    const text = all[key] ?? key;
    return vars ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : text;
  };
}

/** The locales written right to left (the screen's `dir`; numbers, card numbers and amounts stay isolated). */
export const RTL_LOCALES: ReadonlySet<string> = new Set(['he', 'ar', 'fa', 'ur']);
export const directionOf = (locale: string): 'ltr' | 'rtl' => (RTL_LOCALES.has(locale) ? 'rtl' : 'ltr');

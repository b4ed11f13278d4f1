import { formatDecimal } from '../../lib/money.js';
import { PAGE_LANGS, PAGE_TEXTS, type PageLang, type PageTextKey } from './page-texts.data.js';

/**
 * The texts of the pages Gatehouse renders itself (the sandbox ACS, the simulated APM provider, the
 * 3-D Secure completion and account capture pages), in the checkout's languages and Hebrew
 * (docs/decisions/0450): choosing the language, filling a text, writing an amount. The words
 * themselves are in page-texts.data.ts.
 */

export { PAGE_LANGS, PAGE_TEXTS } from './page-texts.data.js';
export type { PageLang, PageTextKey, PageTexts } from './page-texts.data.js';

const RTL = new Set<PageLang>(['he']);
export const dirOf = (lang: PageLang): 'ltr' | 'rtl' => (RTL.has(lang) ? 'rtl' : 'ltr');

/** A language tag's language, when it is one of the pages' ("pt-BR" → pt, "de_AT" → de); else undefined. */
export function pageLangOf(tag: unknown): PageLang | undefined {
  if (typeof tag !== 'string') return undefined;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (PAGE_LANGS as readonly string[]).includes(base) ? (base as PageLang) : undefined;
}

/** The browser's languages from `Accept-Language`, most wanted first (q=0 left out). */
export function acceptedLanguages(header: unknown): string[] {
  if (typeof header !== 'string') return [];
  return header
    .slice(0, 512)
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((l) => l.tag !== '' && l.tag !== '*' && l.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((l) => l.tag);
}

/**
 * The page's language (docs/decisions/0450): the first of `candidates` that is one of the pages'
 * (the `lang` query, which the Web SDK sets from the checkout's locale; the order's
 * `userDetails.language`), else the browser's `Accept-Language`, else English.
 */
export function pageLanguage(candidates: readonly unknown[], acceptLanguage?: unknown): PageLang {
  for (const c of candidates) {
    const lang = pageLangOf(c);
    if (lang) return lang;
  }
  for (const tag of acceptedLanguages(acceptLanguage)) {
    const lang = pageLangOf(tag);
    if (lang) return lang;
  }
  return 'en';
}

/** The text of `key` in `lang`, `{name}` replaced by `values[name]` (values are HTML-escaped by the caller). */
export function pageText(lang: PageLang, key: PageTextKey, values: Record<string, string> = {}): string {
  return PAGE_TEXTS[lang][key].replace(/\{(\w+)\}/g, (m, name: string) => values[name] ?? m);
}

/**
 * An amount as the shopper reads it in `lang`, with the currency's ISO code: "1,234.50 EUR" (en),
 * "1.234,50 EUR" (de). The digits come from the minor units (never float arithmetic); Intl groups them.
 */
export function pageAmount(minor: number, currency: string, lang: PageLang): string {
  const decimal = formatDecimal(minor, currency);
  const [whole = '0', fraction] = decimal.replace('-', '').split('.');
  const sample = new Intl.NumberFormat(lang, { minimumFractionDigits: 1 }).formatToParts(1234567.5);
  const group = sample.find((p) => p.type === 'group')?.value ?? ',';
  const point = sample.find((p) => p.type === 'decimal')?.value ?? '.';
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${decimal.startsWith('-') ? '-' : ''}${grouped}${fraction === undefined ? '' : point + fraction} ${currency}`;
}

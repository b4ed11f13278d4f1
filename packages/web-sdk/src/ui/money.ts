/**
 * The one money formatter of the hosted screens: every amount a shopper sees goes through `formatMoney`
 * (Intl.NumberFormat in the shopper's locale, with the currency's own minor digits), so the headline, the
 * pay button, the DCC line and the suggestions always agree. Amounts arrive as the decimal strings of the
 * client API ("15.00"); they are never computed with here.
 */

const formatters = new Map<string, Intl.NumberFormat | null>();

function formatterOf(locale: string, currency: string): Intl.NumberFormat | null {
  const key = `${locale}|${currency}`;
  if (!formatters.has(key)) {
    let f: Intl.NumberFormat | null;
    try {
      f = new Intl.NumberFormat(locale, { style: 'currency', currency });
    } catch {
      f = null;
    }
    formatters.set(key, f);
  }
  return formatters.get(key)!;
}

/** "15,00 €" in de, "€15.00" in en; "15.00 XYZ" for a code Intl does not know, or a value that is no number. */
export function formatMoney(amount: string | number, currency: string, locale: string): string {
  const n = typeof amount === 'number' ? amount : Number(String(amount).trim());
  const f = Number.isFinite(n) && String(amount).trim() !== '' ? formatterOf(locale, currency) : null;
  return f ? f.format(n) : `${amount} ${currency}`;
}

/** Splits a text with one `{amount}` placeholder around it: the amount is then rendered isolated. */
export function aroundAmount(template: string): [string, string] {
  const at = template.indexOf('{amount}');
  return at < 0 ? [template, ''] : [template.slice(0, at), template.slice(at + '{amount}'.length)];
}

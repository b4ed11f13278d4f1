/**
 * The card schemes the hosted screens can show a mark for, in display order, and which of them a
 * merchant's card rules leave accepted (so the form never shows a brand it would refuse).
 */
export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'maestro', 'jcb', 'unionpay', 'diners'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

export const BRAND_LABELS: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  maestro: 'Maestro',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  diners: 'Diners Club',
};

const isBrand = (a: string): a is CardBrand => (CARD_BRANDS as readonly string[]).includes(a.toLowerCase());

/**
 * The brands left by `blockCards` / `cardWhitelist` (arrays of attribute lists, e.g. `[['visa'],
 * ['mastercard', 'prepaid']]`). A block rule that names only a brand removes it (one that also names a
 * card type or country leaves the brand: some of its cards pass). A whitelist keeps the brands its rules
 * name; a rule naming no brand keeps them all.
 */
export function acceptedBrands(blockCards: string[][] = [], cardWhitelist: string[][] = []): CardBrand[] {
  let list: CardBrand[] = [...CARD_BRANDS];
  if (cardWhitelist.length > 0) {
    const named = new Set<string>();
    let any = false;
    for (const rule of cardWhitelist) {
      const brands = rule.filter(isBrand).map((a) => a.toLowerCase());
      if (brands.length === 0) any = true;
      for (const b of brands) named.add(b);
    }
    if (!any) list = list.filter((b) => named.has(b));
  }
  const blocked = new Set(
    blockCards.filter((rule) => rule.length === 1 && isBrand(rule[0]!)).map((rule) => rule[0]!.toLowerCase()),
  );
  return list.filter((b) => !blocked.has(b));
}

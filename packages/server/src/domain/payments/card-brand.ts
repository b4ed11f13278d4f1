import { Invalid } from '../errors.js';
import type { CardInfo } from './acquirer.port.js';

/**
 * The brand a card payment is processed with (docs/decisions/0413). A co-badged card has two brands
 * (getCardDetails' `brand` and `secondaryBrand`, docs/session-methods.md); the cardholder may choose either as `selectedBrand`
 * (createPayment and the checkout's `useDualBrand`, docs/web-sdk.md). Without a choice the primary brand is
 * used. A choice that is not one of the card's brands leaves the primary brand (the real gateway's way).
 * Case, spaces, hyphens and underscores are ignored when comparing (`CARTES_BANCAIRES`, `visa`).
 */

const SELECTED_BRAND_MAX = 128;

const key = (brand: string) => brand.toLowerCase().replace(/[\s_-]+/g, '');

/** The brands a card can be processed with: the primary one, then the co-badged one if any. */
export function brandsOf(info: CardInfo | undefined): string[] {
  if (!info) return [];
  return info.secondaryBrand ? [info.brand, info.secondaryBrand] : [info.brand];
}

/** `selectedBrand` of a request, checked for shape: absent or a string of at most 128 characters. */
export function selectedBrandOf(value: unknown, field = 'selectedBrand'): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || value.length > SELECTED_BRAND_MAX) {
    throw new Invalid(field, `must be a brand name of at most ${SELECTED_BRAND_MAX} characters`);
  }
  return value;
}

/**
 * The processed brand: the card's brand matching `selected`, else the primary brand. A choice that is
 * not one of the card's brands is not refused: clients send a brand of their own reading, and the real
 * gateway processes the card's own brand then (docs/decisions/0413, amended).
 */
export function processedBrandOf(info: CardInfo | undefined, selected: string | undefined): string {
  const brands = brandsOf(info);
  const primary = brands[0] ?? 'Unknown';
  if (selected === undefined) return primary;
  return brands.find((b) => key(b) === key(selected)) ?? primary;
}

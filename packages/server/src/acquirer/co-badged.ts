/**
 * Co-badged cards (docs/decisions/0413): BIN ranges of the simulated issuer whose cards carry a
 * domestic scheme beside the international one. The number's prefix names the primary brand (what
 * `brandOf` answers); the table names the second brand the cardholder may choose to pay with
 * (docs/session-methods.md `secondaryBrand`, checkout `useDualBrand`). A change here is a change of the public
 * contract (docs/testing.md lists the ranges and one number of each).
 */
export interface CoBadgedRange {
  /** the first six digits */
  bin: string;
  /** the brand of the number's prefix */
  brand: string;
  secondaryBrand: string;
  /** one Luhn-valid number of the range, for documentation and tests */
  example: string;
}

export const CO_BADGED_RANGES: readonly CoBadgedRange[] = [
  { bin: '497301', brand: 'Visa', secondaryBrand: 'Cartes Bancaires', example: '4973010000000012' },
  { bin: '513101', brand: 'Mastercard', secondaryBrand: 'Cartes Bancaires', example: '5131010000000018' },
  { bin: '456400', brand: 'Visa', secondaryBrand: 'eftpos', example: '4564000000000018' },
];

const BY_BIN: ReadonlyMap<string, CoBadgedRange> = new Map(CO_BADGED_RANGES.map((r) => [r.bin, r]));

/** The second brand of a co-badged number (digits only), if its BIN is co-badged. */
export function secondaryBrandOf(number: string): string | undefined {
  return BY_BIN.get(number.slice(0, 6))?.secondaryBrand;
}

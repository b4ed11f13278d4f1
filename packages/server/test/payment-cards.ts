import { Secret } from '../src/lib/secret.js';

/**
 * The test-card table of docs/testing.md, written out independently of the simulated acquirer's own
 * table: what a merchant's test suite relies on, row by row (CVV 217, billing zip 10001).
 */
export interface CardRow {
  number: string;
  /** REST result.status */
  status: 'approved' | 'declined' | 'error';
  reason?: string;
  brand?: string;
  cardType?: 'Credit' | 'Debit';
  cvv2Code?: string;
  threeD?: boolean;
}

export const CARD_ROWS: CardRow[] = [
  { number: '4761344136141390', status: 'approved', brand: 'Visa', cardType: 'Debit', cvv2Code: 'M' },
  { number: '4000027891380961', status: 'approved', brand: 'Visa', cardType: 'Credit', cvv2Code: 'M' },
  { number: '5555555555554444', status: 'approved', brand: 'Mastercard', cvv2Code: 'M' },
  { number: '375510288656924', status: 'approved', brand: 'American Express', cvv2Code: 'M' },
  { number: '6011111111111117', status: 'approved', brand: 'Discover', cvv2Code: 'M' },
  { number: '4000128449498204', status: 'declined', reason: 'Decline' },
  { number: '4000000000000002', status: 'declined', reason: 'Decline' },
  { number: '5333463046218753', status: 'declined', reason: 'Do Not Honor' },
  { number: '4000000000009995', status: 'declined', reason: 'Insufficient Funds' },
  { number: '4000000000000069', status: 'declined', reason: 'Expired Card' },
  { number: '4000000000009987', status: 'declined', reason: 'Lost/Stolen Card' },
  { number: '4000000000009979', status: 'declined', reason: 'Lost/Stolen Card' },
  { number: '4000000000000127', status: 'declined', cvv2Code: 'N' },
  { number: '4000000000000119', status: 'error' },
  // 3-D Secure cards: frictionless approve with a threeD result; paid without the 3-D Secure steps,
  // challenge cards are authenticated as frictionless (docs/decisions/0304; the challenge flow is 0310
  // and its tests); challenge-then-decline declines.
  { number: '4000020951595032', status: 'approved', threeD: true },
  { number: '4000000000003220', status: 'approved', threeD: true },
  { number: '2221008123677736', status: 'approved', threeD: true },
  { number: '4000002760003184', status: 'approved', threeD: true },
  { number: '4000008400001629', status: 'declined', threeD: true },
];

export const wireCard = (number: string, extra: Record<string, string> = {}) => ({
  cardNumber: number,
  cardHolderName: 'John Smith',
  expirationMonth: '12',
  expirationYear: '2030',
  CVV: '217',
  ...extra,
});

/** A card as the domain takes it (`CardInput`), for tests that call the payment services directly. */
export function cardInput(number: string) {
  return { number: new Secret(number), holderName: 'Jane Roe', expMonth: 12, expYear: 2030, cvv: new Secret('123') };
}

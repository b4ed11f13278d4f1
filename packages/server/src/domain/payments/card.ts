import { Invalid } from '../errors.js';
import type { CardInput } from './acquirer.port.js';

/** Card checks that need no acquirer: the number's Luhn digit and an expiry in the future. */

/** The Luhn check digit holds for a string of 12 to 19 digits. */
export function luhnOk(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Field names of the card as the wire shows them, for the reasons of refusals. */
export const CARD_FIELDS = {
  number: 'paymentOption.card.cardNumber',
  expMonth: 'paymentOption.card.expirationMonth',
  expYear: 'paymentOption.card.expirationYear',
  cvv: 'paymentOption.card.CVV',
} as const;

/** Refuses a card whose number fails Luhn, whose expiry has passed, or whose CVV is not 3-4 digits. */
export function checkCard(card: CardInput, now: number): void {
  if (!luhnOk(card.number.expose())) throw new Invalid(CARD_FIELDS.number, 'is not a valid card number');
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    throw new Invalid(CARD_FIELDS.expMonth, 'must be a month from 01 to 12');
  }
  const d = new Date(now);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + 1;
  if (!Number.isInteger(card.expYear) || card.expYear < year || (card.expYear === year && card.expMonth < month)) {
    throw new Invalid(CARD_FIELDS.expYear, 'the card has expired');
  }
  if (card.expYear > year + 10) throw new Invalid(CARD_FIELDS.expYear, 'must be at most 10 years ahead');
  if (card.cvv !== undefined && !/^\d{3,4}$/.test(card.cvv.expose())) {
    throw new Invalid(CARD_FIELDS.cvv, 'must be 3 or 4 digits');
  }
}

import { type FieldSubject, Invalid } from '../errors.js';
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

/** The members of a wire card. */
export type CardMember = 'cardNumber' | 'cardHolderName' | 'expirationMonth' | 'expirationYear' | 'CVV';

/** What a refusal of the card as a whole (`card`) and of each member is about, where a card sits. */
export type CardSubjects = Readonly<Record<CardMember | 'card', FieldSubject>>;

/** A payment's card (`paymentOption.card`): every refusal has its card subject. */
export const CARD_SUBJECTS: CardSubjects = {
  card: 'payment_option',
  cardNumber: 'card_number',
  cardHolderName: 'card_holder',
  expirationMonth: 'card_expiry',
  expirationYear: 'card_expiry',
  CVV: 'card_cvv',
};

/** A card to tokenise or pay out to (`cardData`): its members have their subjects, the object has none. */
export const CARD_DATA_SUBJECTS: CardSubjects = { ...CARD_SUBJECTS, card: 'field' };

/** A card given for a lookup only (the client API's `card`): plain fields. */
export const PLAIN_CARD_SUBJECTS: CardSubjects = {
  card: 'field',
  cardNumber: 'field',
  cardHolderName: 'field',
  expirationMonth: 'field',
  expirationYear: 'field',
  CVV: 'field',
};

/** Refuses a card whose number fails Luhn, whose expiry has passed, or whose CVV is not 3-4 digits. */
export function checkCard(card: CardInput, now: number): void {
  if (!luhnOk(card.number.expose())) throw new Invalid(CARD_FIELDS.number, 'is not a valid card number', 'card_number');
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    throw new Invalid(CARD_FIELDS.expMonth, 'must be a month from 01 to 12', 'card_expiry');
  }
  const d = new Date(now);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + 1;
  if (!Number.isInteger(card.expYear) || card.expYear < year || (card.expYear === year && card.expMonth < month)) {
    throw new Invalid(CARD_FIELDS.expYear, 'the card has expired', 'card_expiry');
  }
  if (card.expYear > year + 10) throw new Invalid(CARD_FIELDS.expYear, 'must be at most 10 years ahead', 'card_expiry');
  if (card.cvv !== undefined && !/^\d{3,4}$/.test(card.cvv.expose())) {
    throw new Invalid(CARD_FIELDS.cvv, 'must be 3 or 4 digits', 'card_cvv');
  }
}

import { Invalid, Missing } from '../domain/errors.js';
import { CARD_SUBJECTS, type CardMember, type CardSubjects } from '../domain/payments/card.js';
import type { BillingInfo, CardInput } from '../domain/payments/acquirer.port.js';
import { selectedBrandOf } from '../domain/payments/card-brand.js';
import { Secret } from '../lib/secret.js';
import { obj } from './fields.js';

/** Wire card fields → the acquirer port's card; the number and CVV are wrapped as secrets at once. */
export interface WireCard {
  cardNumber: string;
  cardHolderName: string;
  expirationMonth: string;
  expirationYear: string;
  CVV?: string;
  /** a co-badged card's brand chosen by the cardholder (docs/decisions/0413) */
  selectedBrand?: string;
}

export function cardInputOf(
  card: WireCard,
  path = 'paymentOption.card',
  subjects: CardSubjects = CARD_SUBJECTS,
): CardInput {
  const year = card.expirationYear.length === 2 ? 2000 + Number(card.expirationYear) : Number(card.expirationYear);
  if (!/^\d{1,2}$/.test(card.expirationMonth))
    throw new Invalid(`${path}.expirationMonth`, 'must be a month from 01 to 12', subjects.expirationMonth);
  if (!/^(\d{2}|\d{4})$/.test(card.expirationYear))
    throw new Invalid(`${path}.expirationYear`, 'must be YYYY', subjects.expirationYear);
  const selectedBrand = selectedBrandOf(card.selectedBrand, `${path}.selectedBrand`);
  return {
    number: new Secret(card.cardNumber.replace(/[\s-]/g, '')),
    holderName: card.cardHolderName,
    expMonth: Number(card.expirationMonth),
    expYear: year,
    ...(card.CVV !== undefined ? { cvv: new Secret(card.CVV) } : {}),
    ...(selectedBrand ? { selectedBrand } : {}),
  };
}

/** The card of a payment option with exactly one member; only `card` is available for now. */
export function paymentCardOf(option: Record<string, unknown> | undefined): WireCard {
  if (!option) throw new Missing('paymentOption', 'payment_option');
  const given = ['card', 'tempToken', 'userPaymentOptionId', 'alternativePaymentMethod'].filter(
    (k) => option[k] !== undefined,
  );
  if (given.length === 0) throw new Missing('paymentOption.card', 'payment_option');
  if (given.length > 1) {
    throw new Invalid(
      'paymentOption',
      'must have exactly one of card, tempToken, userPaymentOptionId, alternativePaymentMethod',
      'payment_option',
    );
  }
  if (given[0] !== 'card') {
    const subject = given[0] === 'userPaymentOptionId' ? 'stored_option' : 'field';
    throw new Invalid(`paymentOption.${given[0]}`, 'is not available yet; pay with a card', subject);
  }
  const card = option.card;
  if (card === null || typeof card !== 'object') throw new Missing('paymentOption.card', 'payment_option');
  const c = card as Record<string, unknown>;
  for (const f of [
    'cardNumber',
    'cardHolderName',
    'expirationMonth',
    'expirationYear',
  ] as const satisfies CardMember[]) {
    if (typeof c[f] !== 'string') throw new Missing(`paymentOption.card.${f}`, CARD_SUBJECTS[f]);
  }
  return card as WireCard;
}

/** The billing zip and country of an address object, when given. */
export function billingOf(address: unknown): BillingInfo | undefined {
  // an array is read as an object without members, as before
  const a = Array.isArray(address) ? {} : obj(address);
  if (!a) return undefined;
  const out: BillingInfo = {};
  if (typeof a.zip === 'string') out.zip = a.zip;
  if (typeof a.country === 'string') out.country = a.country;
  return out;
}

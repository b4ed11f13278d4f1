import { Invalid } from '../errors.js';
import type { DomainDeps } from '../ports.js';
import { Secret } from '../../lib/secret.js';
import type { CardInfo } from './acquirer.port.js';
import { luhnOk } from './card.js';

/**
 * getCardDetails (docs/session-methods.md): what BIN data tells about a card number. The number is wrapped as a
 * secret at once and never kept; a number that is not 12-19 digits passing Luhn is refused on the
 * field `cardNumber` (errCode 1004).
 */
export function cardDetails(deps: Pick<DomainDeps, 'acquirer'>, cardNumber: string): CardInfo {
  const number = new Secret(cardNumber.replace(/[\s-]/g, ''));
  if (!luhnOk(number.expose())) throw new Invalid('cardNumber', 'is not a valid card number', 'card_number');
  const info = deps.acquirer.cardInfo(number);
  if (!info) throw new Invalid('cardNumber', 'is not a valid card number', 'card_number');
  return info;
}

/** The getCardDetails members of a card's details, as the wire shows them. */
export function cardDetailsFields(info: CardInfo): Record<string, unknown> {
  return {
    brand: info.brand,
    secondaryBrand: info.secondaryBrand ?? '',
    cardType: info.cardType,
    bin: info.bin,
    last4Digits: info.last4,
    program: '',
    cardProduct: '',
    visaDirectSupport: info.brand === 'Visa',
    dccAllowed: info.dccAllowed,
    issuerCountry: info.issuerCountry,
    currency: info.currency,
    isPrepaid: info.isPrepaid,
    issuerBankName: info.issuerBankName,
  };
}

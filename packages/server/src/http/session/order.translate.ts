import { Invalid } from '../../domain/errors.js';
import { detailsOf } from '../../domain/sessions/order-details.js';
import type { OpenOrderCommand, UpdateOrderCommand } from '../../domain/sessions/session.types.js';
import type { OpenOrderRequest } from '../../schemas/session/open-order.schema.js';
import type { UpdateOrderRequest } from '../../schemas/session/update-order.schema.js';

/**
 * Session order requests → domain commands, with the rules a schema cannot state in words a merchant
 * can act on: ISO country and language codes, calendar dates, the payment-facilitator descriptor,
 * Latin script, positive integers. Money (amounts, currency, items sum) is checked by the domain.
 */

const REGIONS = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

function checkCountry(code: string | undefined, field: string): void {
  if (code === undefined) return;
  if (!/^[A-Z]{2}$/.test(code) || code === 'ZZ' || REGIONS.of(code) === code) {
    throw new Invalid(field, 'must be an upper-case ISO 3166-1 alpha-2 country code');
  }
}

/**
 * A two-letter code, in either case: clients send country-style codes such as "US" here and the real
 * gateway takes them (docs/decisions/0152), so only the spec's length and letters are checked.
 */
function checkLanguage(code: string | undefined, field: string): void {
  if (code === undefined) return;
  if (!/^[A-Za-z]{2}$/.test(code)) throw new Invalid(field, 'must be a two-letter language code');
}

function checkDate(text: string | undefined, field: string): void {
  if (text === undefined) return;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const valid =
    m !== null &&
    (() => {
      const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
      const date = new Date(Date.UTC(y, mo - 1, d));
      return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
    })();
  if (!valid) throw new Invalid(field, 'must be a date in format YYYY-MM-DD');
}

const LATIN = /^[\p{Script=Latin}\p{Nd}\p{P}\p{Zs}]*$/u;

function checkLatin(text: string | undefined, field: string): void {
  if (text !== undefined && !LATIN.test(text)) throw new Invalid(field, 'must be written in Latin characters');
}

/** Payment-facilitator descriptor prefix length → longest sub-merchant name (docs/session-methods.md). */
const PF_NAME_LENGTHS: Record<number, number> = { 3: 18, 7: 14, 9: 12, 12: 9 };
const PF_RULE =
  'in payment-facilitator form must be a prefix of 3, 7, 9 or 12 characters, an asterisk, then a sub-merchant name of at most 18, 14, 12 or 9 characters';

/** A merchantName with an asterisk is a payment-facilitator descriptor. */
export function isFacilitatorDescriptor(name: string | undefined): name is string {
  return name !== undefined && name.includes('*');
}

function checkDescriptor(body: Pick<OpenOrderRequest, 'dynamicDescriptor' | 'subMerchant'>): void {
  const name = body.dynamicDescriptor?.merchantName;
  if (!isFacilitatorDescriptor(name)) return;
  const star = name.indexOf('*');
  const longest = PF_NAME_LENGTHS[star];
  const subName = name.slice(star + 1);
  if (longest === undefined || subName.length === 0 || subName.length > longest || subName.includes('*')) {
    throw new Invalid('dynamicDescriptor.merchantName', PF_RULE);
  }
  if (body.subMerchant) {
    if (!body.subMerchant.address)
      throw new Invalid('subMerchant.address', 'must not be null for a payment-facilitator transaction');
    if (!body.subMerchant.state)
      throw new Invalid('subMerchant.state', 'must not be null for a payment-facilitator transaction');
  }
}

/** Checks shared by openOrder and updateOrder (the classes both accept). */
function checkCommonClasses(body: OpenOrderRequest | UpdateOrderRequest): void {
  checkCountry(body.billingAddress?.country, 'billingAddress.country');
  checkCountry(body.userDetails?.country, 'userDetails.country');
  checkCountry(body.shippingAddress?.country, 'shippingAddress.country');
  checkLanguage(body.userDetails?.language, 'userDetails.language');
  checkDate(body.userDetails?.dateOfBirth, 'userDetails.dateOfBirth');
  checkDescriptor(body);
}

function positiveInteger(text: string | undefined, field: string): number | null {
  if (text === undefined) return null;
  if (!/^[1-9]\d*$/.test(text)) throw new Invalid(field, 'must be a positive integer');
  return Number(text);
}

export function toOpenOrderCommand(body: OpenOrderRequest): OpenOrderCommand {
  checkCommonClasses(body);
  checkCountry(body.subMerchant?.countryCode, 'subMerchant.countryCode');
  checkLatin(body.recipientDetails?.firstName, 'recipientDetails.firstName');
  checkLatin(body.recipientDetails?.lastName, 'recipientDetails.lastName');
  checkLatin(body.recipientDetails?.address, 'recipientDetails.address');
  const declineLimit = positiveInteger(body.sessionCardDeclineLimit, 'sessionCardDeclineLimit');
  return {
    ...(body.sessionToken !== undefined ? { sessionToken: body.sessionToken } : {}),
    ...(body.clientRequestId !== undefined ? { clientRequestId: body.clientRequestId } : {}),
    clientUniqueId: body.clientUniqueId,
    transactionType: body.transactionType ?? null,
    userTokenId: body.userTokenId ?? null,
    declineLimit,
    productId: body.productId ?? null,
    details: detailsOf(body),
  };
}

export function toUpdateOrderCommand(body: UpdateOrderRequest): UpdateOrderCommand {
  checkCommonClasses(body);
  return {
    sessionToken: body.sessionToken,
    orderId: body.orderId,
    ...(body.clientRequestId !== undefined ? { clientRequestId: body.clientRequestId } : {}),
    changes: detailsOf(body),
  };
}

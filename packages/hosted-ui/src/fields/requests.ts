/**
 * The SDK's requests to the card field page (`pay`, `tokenize`, `addCardUpo`, `payUpo`, `cardDetails`,
 * `dcc`): each reads and checks the card typed here (and in the group's sibling frames), then sends it
 * straight to the client API on the gateway's origin and answers only a ccTempToken, masked details or
 * a payment result.
 */
import {
  blockingNeedsLookup,
  brandOf,
  type CardData,
  cvvState,
  digitsOf,
  expiryState,
  isBlocked,
  numberState,
  parseExpiry,
  payWithCard,
  pick,
  resultOf,
  systemNow,
  TAG,
} from '@gatehouse/protocol';
import { collectParts } from './group.js';
import { report } from './report.js';
import { challengeWaiters, inputs, merchantOrigin, page, type Part, post, touched, transport } from './state.js';
import { notAccepted, numberValue } from './validity.js';

export const fail = (errCode: number, errorDescription: string) => ({ result: 'ERROR', errCode, errorDescription });

async function cardFrom(
  params: Record<string, unknown>,
  needCvv: boolean,
): Promise<CardData | Record<string, unknown>> {
  for (const p of Object.keys(inputs) as Part[]) touched[p] = true;
  report();
  const values = await collectParts();
  const now = systemNow();
  const number = digitsOf(values.number ?? '');
  const ns = numberState(number, page.config?.support19Digits === true);
  if (ns.state !== 'complete') return fail(1004, ns.reason ?? 'Card number is invalid');
  const es = expiryState(values.exp ?? '', now);
  if (es.state !== 'complete') return fail(1029, es.reason ?? 'Expiration date is missing');
  const cs = cvvState(values.cvc ?? '', number);
  const cvvOptional = params.alwaysCollectCvv === 'optional' || params.alwaysCollectCvv === false;
  if (cs.state !== 'complete' && (needCvv || cs.state !== 'empty') && !(cvvOptional && cs.state === 'empty')) {
    return fail(1062, cs.reason ?? 'CVV is missing');
  }
  const billing = params.billingAddress as Record<string, unknown> | undefined;
  const holder =
    (values.name ?? '').trim() ||
    (typeof params.cardHolderName === 'string' ? params.cardHolderName : '') ||
    [billing?.firstName, billing?.lastName].filter((v) => typeof v === 'string' && v).join(' ');
  if (!holder) return fail(1004, 'cardHolderName is required');
  const expiry = parseExpiry(values.exp ?? '')!;
  return {
    cardNumber: number,
    cardHolderName: holder.slice(0, 70),
    expirationMonth: expiry.month,
    expirationYear: expiry.year,
    ...(cs.state === 'complete' ? { CVV: (values.cvc ?? '').trim() } : {}),
  };
}

const isCard = (v: CardData | Record<string, unknown>): v is CardData => typeof (v as CardData).cardNumber === 'string';

/** blockCards by the issuer data (card type, prepaid, country): asks the gateway's BIN data when needed. */
async function blockedByIssuer(sessionToken: string, number: string): Promise<Record<string, unknown> | undefined> {
  const rules = page.config?.blockCards ?? [];
  const brand = brandOf(number)?.id;
  if (brand && notAccepted(brand)) return fail(1004, 'This card brand is not accepted');
  const allow = page.config?.cardWhitelist ?? [];
  if (!blockingNeedsLookup(rules) && !blockingNeedsLookup(allow)) return undefined;
  const info = await transport('getCardDetails', { sessionToken, cardNumber: number });
  if (info.status === 'ERROR')
    return page.config?.strictCardBlocking ? fail(1004, 'The card could not be recognised') : undefined;
  const attrs = {
    ...(brand ? { brand } : {}),
    ...(typeof info.cardType === 'string' ? { cardType: info.cardType } : {}),
    ...(typeof info.isPrepaid === 'boolean' ? { isPrepaid: info.isPrepaid } : {}),
    ...(typeof info.issuerCountry === 'string' ? { issuerCountry: info.issuerCountry } : {}),
  };
  if (allow.length > 0 && !isBlocked(allow, attrs)) return fail(1004, 'This card is not accepted');
  return isBlocked(rules, attrs) ? fail(1004, 'This card is not accepted') : undefined;
}

const PASS = [
  'sessionToken',
  'billingAddress',
  'clientUniqueId',
  'savePM',
  'selectedBrand',
  'amount',
  'currency',
  'currencyConversion',
  'userDetails',
  'shippingAddress',
  'merchantDetails',
];

export async function handle(
  id: number,
  op: string,
  params: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const sessionToken =
    typeof params.sessionToken === 'string' ? params.sessionToken : (page.config?.sessionToken ?? '');
  switch (op) {
    case 'pay': {
      const card = await cardFrom(params, params.alwaysCollectCvv !== 'optional');
      if (!isCard(card)) return card;
      const blocked = await blockedByIssuer(sessionToken, card.cardNumber);
      if (blocked) return blocked;
      const notificationURL = `${window.location.origin}/hosted/v1/three-d/complete?mo=${encodeURIComponent(merchantOrigin)}`;
      return payWithCard(transport, { ...pick(params, PASS), sessionToken }, card, notificationURL, (acsUrl, cReq) => {
        post({ tag: TAG, kind: 'challenge', id, acsUrl, cReq });
        return new Promise((resolve) => challengeWaiters.set(id, resolve));
      });
    }
    case 'tokenize': {
      const card = await cardFrom(params, false);
      if (!isCard(card)) return card;
      return resultOf(
        await transport('getToken', { sessionToken, cardData: card, ...pick(params, ['billingAddress']) }),
      );
    }
    case 'addCardUpo': {
      const card = await cardFrom(params, false);
      if (!isCard(card)) return card;
      // blockCards holds for a card saved (a withdrawal's payout card) as for one paid with
      const blocked = await blockedByIssuer(sessionToken, card.cardNumber);
      if (blocked) return blocked;
      return resultOf(await transport('addCardUpo', { sessionToken, card, ...pick(params, ['billingAddress']) }));
    }
    case 'payUpo': {
      // a stored card (checkout): only its CVV is typed here, the rest is in the vault
      const cvv = (inputs.cvc?.value ?? '').trim();
      touched.cvc = true;
      report();
      if (!/^\d{3,4}$/.test(cvv) && !(params.alwaysCollectCvv === 'optional' && cvv === '')) {
        return fail(1062, cvv === '' ? 'CVV is missing' : 'CVV is invalid');
      }
      const paymentOption = {
        userPaymentOptionId: String(params.userPaymentOptionId ?? ''),
        ...(cvv ? { card: { CVV: cvv } } : {}),
      };
      return resultOf(await transport('createPayment', { ...pick(params, PASS), sessionToken, paymentOption }));
    }
    case 'cardDetails':
    case 'dcc': {
      const number = numberValue();
      const ns = numberState(number, page.config?.support19Digits === true);
      if (ns.state !== 'complete') return fail(1004, ns.reason ?? 'Card number is invalid');
      const body = {
        ...pick(params, ['clientUniqueId', 'clientRequestId', 'currency', 'country']),
        sessionToken,
        cardNumber: number,
      };
      return resultOf(await transport(op === 'dcc' ? 'getDccDetails' : 'getCardDetails', body));
    }
    default:
      return fail(1019, `Unknown request ${op}`);
  }
}

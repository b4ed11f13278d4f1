import type { ClientTransport } from './transport.js';

/**
 * A card payment through the client API with 3-D Secure (docs/decisions/0310, 0403): InitAuth3D,
 * then the payment; a challenge is opened by `openChallenge` (a modal frame on the merchant page) and
 * the payment is completed with the challenge step. Runs in the hosted card field page (card data
 * stays there) and, for a `paymentOption.card` given by the merchant, in the SDK itself.
 */

export type ChallengeOpener = (acsUrl: string, cReq: string) => Promise<'done' | 'cancelled'>;

export interface CardData {
  cardNumber: string;
  cardHolderName: string;
  expirationMonth: string;
  expirationYear: string;
  CVV?: string;
}

const STATUS_MEMBERS = ['status', 'reason', 'version', 'sessionToken', 'orderId', 'internalRequestId'];

/** A client API answer as the callback's result (docs/web-sdk.md): errors become `result: ERROR`. */
export function resultOf(answer: Record<string, unknown>): Record<string, unknown> {
  if (answer.status === 'ERROR') {
    return {
      result: 'ERROR',
      errCode: typeof answer.errCode === 'number' ? answer.errCode : 1000,
      errorDescription: String(answer.errorDescription ?? answer.reason ?? 'General error'),
    };
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(answer)) if (!STATUS_MEMBERS.includes(k)) out[k] = v;
  return out;
}

export const ABORTED_3DS = {
  result: 'ERROR',
  errCode: -5,
  errorDescription: 'General three-domain-secure error',
  cancelled: true,
} as const;

export function browserDetails(): Record<string, string> {
  return {
    acceptHeader: 'text/html,application/xhtml+xml',
    javaEnabled: 'FALSE',
    javaScriptEnabled: 'TRUE',
    language: navigator.language || 'en',
    colorDepth: String(screen.colorDepth || 24),
    screenHeight: String(screen.height || 0),
    screenWidth: String(screen.width || 0),
    timeZone: String(new Date(0).getTimezoneOffset()),
    userAgent: navigator.userAgent.slice(0, 255),
  };
}

export async function payWithCard(
  transport: ClientTransport,
  base: Record<string, unknown>,
  card: CardData,
  notificationURL: string,
  openChallenge: ChallengeOpener,
): Promise<Record<string, unknown>> {
  const init = await transport('initPayment', { ...base, paymentOption: { card } });
  if (init.status === 'ERROR') return resultOf(init);
  const threeD = {
    methodCompletionInd: 'U',
    notificationURL,
    platformType: '02',
    challengeWindowSize: '05',
    browserDetails: browserDetails(),
  };
  const first = await transport('createPayment', {
    ...base,
    relatedTransactionId: init.transactionId,
    paymentOption: { card: { ...card, threeD } },
  });
  if (first.status === 'ERROR' || first.result !== 'REDIRECT') return resultOf(first);
  const acs = first.threeD as { acsUrl: string; cReq: string };
  const outcome = await openChallenge(acs.acsUrl, acs.cReq);
  if (outcome === 'cancelled') return { ...ABORTED_3DS, transactionId: first.transactionId };
  const final = await transport('createPayment', {
    ...base,
    relatedTransactionId: first.transactionId,
    paymentOption: { card: { ...card, threeD: { notificationURL } } },
  });
  return resultOf(final);
}

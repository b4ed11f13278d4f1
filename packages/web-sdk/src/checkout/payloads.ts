/**
 * The payloads checkout() hands its callbacks (docs/checkout.md; the shapes the spec leaves open are fixed in
 * docs/decisions/0411). Pure functions, unit-tested in test/checkout-payloads.test.ts.
 */

type Obj = Record<string, unknown>;

/** The members of the payment result of docs/checkout.md, in its order (onResult gets these and no others). */
export const RESULT_MEMBERS = [
  'result',
  'errCode',
  'errorDescription',
  'userPaymentOptionId',
  'cavv',
  'eci',
  'dsTransID',
  'ccCardNumber',
  'bin',
  'last4Digits',
  'ccExpMonth',
  'ccExpYear',
  'transactionId',
  'cancelled',
  'transactionStatus',
  'transactionType',
  'amount',
  'currency',
] as const;

/** onResult: the 2.6 members of a payment answer; `redirectUrl` too for apmWindowType customRedirect. */
export function resultPayload(answer: Obj): Obj {
  const out: Obj = {};
  for (const k of RESULT_MEMBERS) if (answer[k] !== undefined) out[k] = answer[k];
  if (out.result === undefined) out.result = 'ERROR';
  if (out.errCode === undefined) out.errCode = out.result === 'ERROR' ? 1000 : 0;
  if (out.errorDescription === undefined) out.errorDescription = '';
  if (typeof answer.redirectUrl === 'string' && answer.result === 'PENDING') out.redirectUrl = answer.redirectUrl;
  return out;
}

export interface DccChoice {
  amount: string;
  currency: string;
  chargedAmount: string;
  chargedCurrency: string;
  rate: string;
  markup: string;
}

export interface PrePaymentInput {
  method: string;
  upoId?: string;
  amount: string;
  currency: string;
  dcc?: DccChoice;
  savePM: boolean;
  installment?: { type: 'singlePayment' | 'type1' | 'type2' | 'type3'; months?: number };
  promoCode: string;
}

const INSTALLMENT_LABEL = { singlePayment: 'Single Payment', type1: 'type1', type2: 'type2', type3: 'type3' } as const;

/** prePayment: the table of docs/checkout.md (paymentOption is the method, or the UPO for a saved one). */
export function prePaymentPayload(i: PrePaymentInput): Obj {
  return {
    paymentOption: i.upoId ? { userPaymentOptionId: i.upoId, paymentMethod: i.method } : { paymentMethod: i.method },
    amount: i.amount,
    currency: i.currency,
    useDCC: i.dcc !== undefined,
    dccDetails: i.dcc ? { ...i.dcc } : null,
    savePM: i.savePM,
    installmentType: i.installment ? INSTALLMENT_LABEL[i.installment.type] : null,
    numberOfInstallments: i.installment?.months ?? 'none',
    promoCode: i.promoCode.trim() !== '',
  };
}

/** onFormValidated: `isFormValid` and the names of the invalid fields (empty when valid). */
export function formValidatedPayload(invalidFields: readonly string[]): Obj {
  return { isFormValid: invalidFields.length === 0, invalidFields: [...invalidFields] };
}

/** One entry of the decline history onDeclineRecovery receives (oldest first). */
export function declineEntry(method: string, answer: Obj, at: number): Obj {
  return {
    paymentMethod: method,
    transactionId: answer.transactionId ?? null,
    errCode: answer.errCode ?? 0,
    errorDescription: answer.errorDescription ?? '',
    gwErrorReason: answer.gwErrorReason ?? answer.errorDescription ?? '',
    declinedAt: new Date(at).toISOString(),
  };
}

export interface RecoveryOverride {
  nextPm: boolean;
  differentCard: boolean;
  retry: boolean;
  supportMessage?: string;
}

/** Declines that the same card would meet again: "Try again" is not offered for them by default. */
const FINAL_DECLINE = /expired|lost|stolen|pick ?up|authentication failed|fraud|restricted/i;

/**
 * What the form offers after a decline: the default (no "Try again" for a decline that would repeat,
 * such as an expired, lost or stolen card or a failed 3-D Secure), with what onDeclineRecovery resolved
 * over it.
 */
export function recoveryOf(override: unknown, method: string, reason = ''): RecoveryOverride {
  const base: RecoveryOverride = {
    nextPm: true,
    differentCard: method === 'cc_card',
    retry: !FINAL_DECLINE.test(reason),
  };
  if (override === null || typeof override !== 'object') return base;
  const o = override as Obj;
  for (const k of ['nextPm', 'differentCard', 'retry'] as const) if (typeof o[k] === 'boolean') base[k] = o[k];
  if (typeof o.supportMessage === 'string' && o.supportMessage) base.supportMessage = o.supportMessage.slice(0, 300);
  return base;
}

/** onSelectPaymentMethod: the method chosen, and the UPO when a saved one was. */
export function selectPaymentMethodPayload(method: string, upoId?: string, label?: string): Obj {
  return { paymentMethod: method, ...(upoId ? { userPaymentOptionId: upoId } : {}), label: label ?? method };
}

/** upoDeleted: the UPO removed, with the outcome. */
export function upoDeletedPayload(upoId: string, answer: Obj): Obj {
  return {
    userPaymentOptionId: upoId,
    result: answer.status === 'ERROR' || answer.result === 'ERROR' ? 'ERROR' : 'SUCCESS',
    ...(answer.errCode !== undefined && answer.errCode !== 0 ? { errCode: answer.errCode } : {}),
    ...(answer.errorDescription ? { errorDescription: answer.errorDescription } : {}),
  };
}

/** onSuggestedAmount: the amount picked among amountSuggestions. */
export function suggestedAmountPayload(amount: string, currency: string): Obj {
  return { amount, currency };
}

/** userData: what the shopper typed outside the card frames (never card data). */
export function userDataPayload(u: { cardHolderName?: string; email?: string; nationalId?: string }): Obj {
  const out: Obj = {};
  if (u.cardHolderName) out.cardHolderName = u.cardHolderName;
  if (u.email) out.email = u.email;
  if (u.nationalId) out.nationalId = u.nationalId;
  return out;
}

/** onPaymentEvent: one event of the form's life (type + details). */
export function paymentEventPayload(type: string, details: Obj = {}): Obj {
  return { type, ...details };
}

/**
 * useDualBrand (docs/decisions/0413): the brands to offer for a card's details (getCardDetails,
 * docs/checkout.md), the primary first; `undefined` when the card is not co-badged or the lookup failed.
 */
export function brandChoiceOf(details: Obj): [string, string] | undefined {
  if (details.result === 'ERROR' || details.status === 'ERROR') return undefined;
  const brand = typeof details.brand === 'string' ? details.brand.trim() : '';
  const second = typeof details.secondaryBrand === 'string' ? details.secondaryBrand.trim() : '';
  return brand && second && brand !== second ? [brand, second] : undefined;
}

/** createPayment's member for the shopper's brand choice: only one of the offered brands, else none. */
export function selectedBrandMember(brands: readonly string[] | undefined, selected: string | undefined): Obj {
  return brands && selected && brands.includes(selected) ? { selectedBrand: selected } : {};
}

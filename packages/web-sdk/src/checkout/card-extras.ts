import type { FieldState } from '@gatehouse/protocol';
import { sdkError } from '../rules.js';
import { brandChoiceOf, suggestedAmountPayload } from './payloads.js';
import { amountProblem } from './form-rules.js';
import { CARD, decimalOf, type Obj } from './model.js';
import { uposOf } from '../ui/method-catalogue.js';
import type { Checkout } from './host.js';

/**
 * What the checkout asks the gateway while the shopper fills the form: a currency-conversion offer for
 * the typed card (useDCC), the brands of a co-badged card (useDualBrand), a new open amount, and the
 * saved methods again after one was added.
 */

export async function maybeQuoteDcc(c: Checkout): Promise<void> {
  const st = c.states.number;
  if (c.o.useDCC === 'disable' || !st?.complete || !st.brand) {
    if (c.s.dcc && !st?.complete) {
      c.dccFor = '';
      c.update({ dcc: undefined });
    }
    return;
  }
  const key = `${st.brand}:${c.s.amount}`;
  if (c.dccFor === key) return;
  c.dccFor = key;
  // another card: the last card's offer goes at once, whatever this card's answer is
  if (c.s.dcc) c.update({ dcc: undefined });
  const primary = c.card.primary();
  if (!primary) return;
  const q = await primary.request('dcc', { sessionToken: c.o.sessionToken, clientUniqueId: 'checkout' });
  if (c.destroyed || q.result === 'ERROR' || typeof q.currency !== 'string') return;
  if (q.currency === c.o.currency) return;
  // strictDcc: only a card whose issuer fully supports conversion gets an offer
  if (c.o.strictDcc && q.dccFullSupport !== true) return;
  c.update({
    dcc: {
      amount: String(q.originalAmount ?? c.s.amount),
      currency: String(q.originalCurrency ?? c.o.currency),
      chargedAmount: String(q.amount),
      chargedCurrency: q.currency,
      rate: String(q.rateValueWithMarkup ?? ''),
      markup: String(q.markUpValue ?? ''),
      full: q.dccFullSupport === true,
    },
  });
  c.event('dccOffered', { currency: q.currency });
}

/**
 * useDualBrand (docs/decisions/0413): once the number is complete, asks the number frame for the
 * card's details; a co-badged card (a `secondaryBrand`) gets a brand choice, the primary preselected.
 */
export async function lookUpBrands(c: Checkout, st: FieldState): Promise<void> {
  if (!c.o.useDualBrand) return;
  const n = ++c.brandLookup;
  if (!st.complete) {
    if (c.s.brands) c.update({ brands: undefined, selectedBrand: undefined });
    return;
  }
  const primary = c.card.primary();
  if (!primary) return;
  const details = await primary.request('cardDetails', { sessionToken: c.o.sessionToken });
  if (c.destroyed || n !== c.brandLookup) return;
  const brands = brandChoiceOf(details);
  if (!brands) {
    if (c.s.brands) c.update({ brands: undefined, selectedBrand: undefined });
    return;
  }
  c.update({ brands, selectedBrand: brands[0] });
  c.event('brandChoiceOffered', { brands });
}

export function chooseBrand(c: Checkout, brand: string): void {
  const old = c.s.selectedBrand ?? '';
  if (old === brand) return;
  c.update({ selectedBrand: brand });
  c.call('onPaymentFormChange', CARD, c.t('brandChoice'), 'select', old, brand, true, false);
}

export async function changeAmount(c: Checkout, text: string, fromSuggestion: boolean): Promise<Obj> {
  const v = decimalOf(text);
  c.update({ amountText: text });
  const problem = amountProblem(c, v);
  if (problem) {
    c.validated();
    return sdkError(1040, problem);
  }
  const answer = await c.env.transport('setOpenAmount', { sessionToken: c.o.sessionToken, amount: v });
  if (answer.status === 'ERROR') {
    const err = sdkError(Number(answer.errCode ?? 1040), String(answer.reason ?? answer.errorDescription ?? ''));
    c.update({ status: { tone: 'bad', text: c.t('invalid') } });
    return err;
  }
  const amount = String(answer.amount ?? v);
  c.update({ amount, amountText: amount, dcc: undefined });
  c.dccFor = '';
  void maybeQuoteDcc(c);
  if (fromSuggestion) c.call('onSuggestedAmount', suggestedAmountPayload(amount, c.o.currency));
  c.validated();
  return {
    result: 'SUCCESS',
    status: 'SUCCESS',
    errCode: 0,
    amount,
    currency: String(answer.currency ?? c.o.currency),
  };
}

export async function reloadUpos(c: Checkout): Promise<void> {
  const answer = await c.env.transport('getUserUPOs', { sessionToken: c.o.sessionToken });
  c.update({ upos: uposOf(answer, c.s.methods) });
}

import { sdkError } from '../rules.js';
import { canPay } from '../ui/payment-flow.machine.js';
import { declineText } from './texts.js';
import {
  declineEntry,
  prePaymentPayload,
  type RecoveryOverride,
  recoveryOf,
  resultPayload,
  selectedBrandMember,
} from './payloads.js';
import { installmentChoice, invalidFields, savePmValue, selectedUpo, upoNeedsCvv } from './form-rules.js';
import { reloadUpos } from './card-extras.js';
import { CARD, type Obj, PART_FIELDS } from './model.js';
import type { Checkout } from './host.js';

/**
 * Paying: checks the form, asks prePayment, pays through the SDK (card, saved method or APM) and shows
 * the result. The payment-flow machine refuses a second payment during one or after a final result.
 */

export async function submitPayment(c: Checkout): Promise<Obj> {
  if (!canPay(c.s.flow) || !c.go({ type: 'submit' })) return sdkError(1000, 'The form is not ready for a payment');
  const invalid = invalidFields(c);
  const method = c.currentMethod();
  c.lastValidated = '';
  c.validated();
  if (invalid.length > 0) {
    // "check the card details" only when a card is being paid with
    const text = c.t(method === CARD ? 'invalidCard' : 'invalidForm');
    c.go({ type: 'invalid' }, { showErrors: true, status: { tone: 'bad', text } });
    focusField(c, invalid[0]);
    return sdkError(1019, `Invalid fields: ${invalid.join(', ')}`);
  }
  const upo = selectedUpo(c);
  const dcc = c.s.dcc && c.s.dccAccepted && method === CARD && !upo ? c.s.dcc : undefined;
  const save = savePmValue(c);
  c.go(
    { type: 'valid' },
    { status: { tone: 'info', text: c.t('processing') }, recovery: undefined, showErrors: false },
  );
  const installment = installmentChoice(c);
  if (c.cb.prePayment) {
    try {
      await c.cb.prePayment(
        prePaymentPayload({
          method,
          ...(upo ? { upoId: upo.id } : {}),
          amount: c.s.amount,
          currency: c.o.currency,
          ...(dcc ? { dcc } : {}),
          savePM: save,
          ...(installment ? { installment } : {}),
          promoCode: c.s.promo,
        }),
      );
    } catch (reason) {
      const text =
        typeof reason === 'string' && reason
          ? reason
          : reason instanceof Error && reason.message
            ? reason.message
            : c.t('stopped');
      c.event('paymentStopped', { reason: text });
      c.go({ type: 'stopped' }, { status: { tone: 'bad', text } });
      focusStatus(c);
      return sdkError(1000, text);
    }
  }
  c.event('paymentStarted', { paymentMethod: method });
  const o = c.o;
  const base: Obj = {
    sessionToken: o.sessionToken,
    billingAddress: o.billingAddress,
    ...(o.userDetails ? { userDetails: o.userDetails } : {}),
    ...(o.shippingAddress ? { shippingAddress: o.shippingAddress } : {}),
    ...(o.merchantDetails ? { merchantDetails: o.merchantDetails } : {}),
    savePM: save ? 'true' : 'false',
  };
  let answer: Obj;
  if (upo) {
    answer =
      upo.isCard && upoNeedsCvv(c)
        ? await c.upoCvv.request('payUpo', {
            ...base,
            userPaymentOptionId: upo.id,
            alwaysCollectCvv: o.alwaysCollectCvv === 'optional' ? 'optional' : 'always',
          })
        : await c.sdk.createPayment({
            ...base,
            paymentOption: { userPaymentOptionId: upo.id },
            apmWindowType: o.apmWindowType,
          });
  } else if (method === CARD) {
    answer = await c.sdk.createPayment({
      ...base,
      // an accepted DCC offer (docs/decisions/0412): the converted charge, checked by the server
      ...(dcc
        ? {
            amount: dcc.chargedAmount,
            currency: dcc.chargedCurrency,
            currencyConversion: { type: 'DCC', originalAmount: dcc.amount, originalCurrency: dcc.currency },
          }
        : {}),
      paymentOption: c.card,
      cardHolderName: c.s.name.trim(),
      // a co-badged card's brand chosen by the shopper (useDualBrand, docs/decisions/0413)
      ...selectedBrandMember(c.s.brands, c.s.selectedBrand),
      ...(o.alwaysCollectCvv === 'optional' ? { alwaysCollectCvv: 'optional' } : {}),
    });
  } else {
    const values = c.s.apmValues[method] ?? {};
    answer = await c.sdk.createPayment({
      ...base,
      paymentOption: {
        alternativePaymentMethod: {
          paymentMethod: method,
          ...values,
          ...(o.subMethod ? { subMethod: o.subMethod } : {}),
        },
      },
      apmWindowType: o.apmWindowType,
    });
  }
  if (c.destroyed) return answer;
  return finish(c, method, answer);
}

async function finish(c: Checkout, method: string, answer: Obj): Promise<Obj> {
  const result = resultPayload(answer);
  c.event('paymentResult', { result: result.result });
  c.call('onResult', result);
  const show = c.o.showResponseMessage;
  if (result.result === 'APPROVED') {
    c.go({ type: 'result', result: 'APPROVED' }, { status: show ? { tone: 'ok', text: c.t('approved') } : undefined });
    if (savePmValue(c)) void reloadUpos(c);
  } else if (result.result === 'PENDING') {
    // locked like an approval: a second press would pay twice (docs/decisions/0421)
    c.go(
      { type: 'result', result: 'PENDING' },
      {
        status: show ? { tone: 'info', text: c.t('pending') } : undefined,
        next: c.t(method === 'apmgw_BankTransfer' ? 'pendingBankTransfer' : 'pendingNext'),
      },
    );
  } else if (result.result === 'DECLINED') {
    const reason = answer.gwErrorReason ?? answer.errorDescription ?? answer.reason;
    c.history.push(declineEntry(method, answer, c.env.now()));
    const text = declineText(c.t, reason);
    let recovery: RecoveryOverride | undefined;
    if (!c.o.disableDeclineRecovery) {
      let override: unknown;
      try {
        override = await c.call(
          'onDeclineRecovery',
          c.history.map((h) => ({ ...h })),
        );
      } catch {
        override = undefined;
      }
      recovery = recoveryOf(override, method, typeof reason === 'string' ? reason : '');
      c.event('declineRecovery', { ...recovery });
    }
    c.go(
      { type: 'result', result: 'DECLINED' },
      { status: show ? { tone: 'bad', text } : undefined, ...(recovery ? { recovery } : {}) },
    );
  } else {
    const text = result.errCode === -5 ? c.t('cancelled3ds') : c.t('error');
    c.go({ type: 'result', result: 'ERROR' }, { status: show ? { tone: 'bad', text } : undefined });
  }
  focusStatus(c);
  return result;
}

/** After an attempt: focus on its message (or the result), never left on <body>. */
export function focusStatus(c: Checkout): void {
  if (c.destroyed) return;
  const target =
    c.root.querySelector<HTMLElement>('[data-ghc-result]') ?? c.root.querySelector<HTMLElement>('.ghc-status');
  target?.focus({ preventScroll: false });
}

const FIELD_IDS: Record<string, string> = {
  cardHolderName: 'ghc-name',
  installments: 'ghc-inst',
  nationalId: 'ghc-nid',
  amount: 'ghc-amount',
};

/** A failed submit (or a pick in the error summary): the focus moves to that field, inside its frame if it is one. */
export function focusField(c: Checkout, name: string | undefined): void {
  if (name === PART_FIELDS.number) return c.fields.number?.focus();
  if (name === PART_FIELDS.exp) return c.fields.exp?.focus();
  if (name === PART_FIELDS.cvc) return selectedUpo(c) ? c.upoCvv.focus() : c.fields.cvc?.focus();
  const el =
    c.root.querySelector<HTMLElement>(`#${FIELD_IDS[name ?? ''] ?? `ghc-apm-${c.currentMethod()}-${name}`}`) ??
    c.root.querySelector<HTMLElement>('.ghc-status');
  el?.focus();
}

export function recover(c: Checkout, kind: 'differentCard' | 'retry' | 'nextPm'): void {
  c.event('declineRecoveryChosen', { choice: kind });
  if (kind === 'differentCard') {
    c.card.primary()?.clear();
    for (const f of Object.values(c.fields)) if (f && f !== c.card.primary()) f.clear();
    c.update({ recovery: undefined, status: undefined, selected: { kind: 'method', id: CARD } });
    c.fields.number?.focus();
  } else if (kind === 'retry') {
    c.update({ recovery: undefined });
    void submitPayment(c);
  } else {
    c.update({ recovery: undefined, status: undefined, selected: undefined, showAll: true });
  }
}

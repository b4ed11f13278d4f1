import { apmFieldProblem, CARD } from '../ui/method-catalogue.js';
import { wdRequestCanceledPayload } from '../ui/withdrawal-requests.js';
import { isBusy } from '../ui/payment-flow.machine.js';
import type { WithdrawalHost } from './host.js';
import { isExpired, requestsPatch, requestsQuery } from './load.js';
import type { Obj } from './model.js';

/**
 * Withdrawing: the form's problems first (nothing is sent while there is one), then the payout method
 * as a UPO of the user (a new card saved through its hosted frames, an APM account through addApmUpo,
 * or the saved method chosen), then `submitWdRequest`; onResult gets the outcome
 * (docs/decisions/0523). Cancelling a request from the list fires wdRequestCanceled.
 */

/** The amount typed, when it is a valid amount within openAmount (or the fixed amount). */
export function amountProblem(h: WithdrawalHost, typed = h.s.amountText): string | undefined {
  const { o } = h;
  if (!o.openAmount) return undefined;
  const text = typed.replace(',', '.').trim();
  const n = Number(text);
  const { min, max } = o.openAmount;
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text) || n < min || n > max || n <= 0)
    return h.t('amountInvalid', { min: h.money(min), max: h.money(max) });
  return undefined;
}

/** Each problem of the form, by the id of the input it concerns (the error summary links to it). */
export function problems(h: WithdrawalHost): Array<{ id: string; text: string }> {
  const { s, t } = h;
  const out: Array<{ id: string; text: string }> = [];
  const amount = amountProblem(h);
  if (amount) out.push({ id: 'ghw-amount', text: amount });
  const sel = s.selected;
  if (!sel) out.push({ id: 'ghc-methods-h', text: t('chooseMethod') });
  else if (sel.kind === 'method' && sel.id === CARD) {
    for (const part of ['number', 'exp', 'cvc'] as const)
      if (!h.states[part]?.complete) out.push({ id: `ghc-slot-${slotOf(part)}-label`, text: t(`cardInvalid.${part}`) });
    if (!s.name.trim()) out.push({ id: 'ghw-name', text: t('nameRequired') });
  } else if (sel.kind === 'method') {
    const m = s.methods.find((x) => x.id === sel.id);
    const texts = { required: t('required'), invalid: t('fieldInvalid') };
    for (const f of m?.fields ?? []) {
      const problem = apmFieldProblem(s.apmValues[sel.id]?.[f.name] ?? '', f, h.o.locale, texts);
      if (problem) out.push({ id: `ghw-apm-${f.name}`, text: problem });
    }
  }
  return out;
}

const slotOf = (part: 'number' | 'exp' | 'cvc') =>
  part === 'number' ? 'ccNumber' : part === 'exp' ? 'ccExpiration' : 'ccCvc';

const resultOf = (h: WithdrawalHost, r: Obj): Obj => ({
  result: String(r.result),
  errCode: Number(r.errCode ?? 0),
  reason: String(r.reason ?? r.errorDescription ?? ''),
  ...(r.wdRequestId !== undefined ? { wdRequestId: r.wdRequestId } : {}),
  ...(r.merchantWDRequestId !== undefined ? { merchantWDRequestId: r.merchantWDRequestId } : {}),
  ...(r.userAccountId !== undefined ? { userAccountId: r.userAccountId } : {}),
  userId: h.o.userId,
  ...(r.wdRequestStatus !== undefined ? { wdRequestStatus: r.wdRequestStatus } : {}),
  wdRequestsLimitReached: r.wdRequestsLimitReached === true || h.s.limitReached,
});

/** The payout method as a UPO of the user: its id, or the error result. */
async function payoutUpo(h: WithdrawalHost): Promise<{ id: string; failed?: undefined } | { failed: Obj }> {
  const { o, s } = h;
  const sel = s.selected!;
  if (sel.kind === 'upo') return { id: sel.id };
  let r: Obj;
  if (sel.id === CARD) {
    r = await h.fields.number.request('addCardUpo', { sessionToken: o.sessionToken, cardHolderName: s.name.trim() });
  } else {
    r = await h.sdk.addApmUpo({ paymentMethodName: sel.id, apmData: { ...s.apmValues[sel.id] } });
  }
  if (r.result === 'ADDED' && typeof r.userPaymentOptionId !== 'undefined')
    return { id: String(r.userPaymentOptionId) };
  return { failed: { ...r, result: 'ERROR' } };
}

export async function submitWithdrawal(h: WithdrawalHost): Promise<void> {
  const { o } = h;
  if (h.s.limitReached || h.s.expired || !h.go({ type: 'submit' })) return;
  if (problems(h).length > 0) {
    h.go({ type: 'invalid' }, { showErrors: true, status: undefined });
    h.root.querySelector<HTMLElement>('.gh-error-summary button')?.focus();
    return;
  }
  h.go({ type: 'valid' }, { showErrors: false, status: undefined });
  const amount = o.openAmount ? h.s.amountText.replace(',', '.').trim() : h.s.amount;
  const upo = await payoutUpo(h);
  let answer: Obj;
  if (!upo.failed) {
    answer = await h.env.transport('submitWdRequest', {
      sessionToken: o.sessionToken,
      merchantId: o.merchantId,
      merchantSiteId: o.merchantSiteId,
      upoId: upo.id,
      amount,
      currency: o.currency,
      userId: o.userId,
      userTokenId: o.userTokenId,
      wdRequestsLimit: String(o.wdRequestsLimit),
      ...(o.merchantWDRequestId ? { merchantWDRequestId: o.merchantWDRequestId } : {}),
      ...(o.merchantUniqueId ? { merchantUniqueId: o.merchantUniqueId } : {}),
      ...(o.userAccountId ? { userAccountId: o.userAccountId } : {}),
      ...(o.userDetails ? { userDetails: o.userDetails } : {}),
    });
  } else answer = upo.failed;
  if (h.destroyed) return;
  const ok = answer.status === 'SUCCESS' && answer.wdRequestStatus !== undefined;
  const expired = isExpired(answer);
  const outcome = ok
    ? 'PENDING'
    : answer.wdRequestsLimitReached === true || answer.result === 'DECLINED'
      ? 'DECLINED'
      : 'ERROR';
  const list =
    ok || answer.wdRequestsLimitReached === true ? await h.env.transport('getWdRequests', requestsQuery(h)) : {};
  if (h.destroyed) return;
  const patch = Array.isArray(list.withdrawalRequests) ? requestsPatch(h, list) : {};
  const show = o.showResponseMessage;
  const money = h.money(amount);
  const status = expired
    ? undefined
    : ok
      ? show.pending
        ? { tone: 'ok' as const, text: h.t('pending', { amount: money }) }
        : undefined
      : (outcome === 'DECLINED' ? show.decline : true)
        ? {
            tone: 'bad' as const,
            text:
              answer.wdRequestsLimitReached === true
                ? h.t('limitReached')
                : h.t(outcome === 'DECLINED' ? 'declined' : 'error'),
          }
        : undefined;
  h.go({ type: 'result', result: outcome }, { ...patch, status, expired: expired || h.s.expired });
  h.call('onResult', resultOf(h, { ...answer, result: outcome }));
  // the focus: the dialog, else the message, else (no message shown) the requests or the button
  const focus = expired ? '.gh-modal' : status ? '.ghc-status' : ok ? '#ghw-requests-h' : '.ghc-pay';
  h.root.querySelector<HTMLElement>(focus)?.focus();
}

/** Cancels the user's request `id`; wdRequestCanceled fires with it, and the list and the limit follow. */
export async function cancelRequest(h: WithdrawalHost, id: string): Promise<void> {
  const w = h.s.requests.find((x) => x.id === id);
  if (!w || isBusy(h.s.flow) || h.s.expired) return;
  const answer = await h.env.transport('cancelWdRequest', {
    sessionToken: h.o.sessionToken,
    userTokenId: h.o.userTokenId,
    wdRequestId: Number(id),
  });
  if (h.destroyed) return;
  const amount = h.money(w.amount, w.currency);
  if (isExpired(answer)) {
    h.update({ expired: true });
    return;
  }
  if (answer.status !== 'Success') {
    h.update({ status: { tone: 'bad', text: h.t('requestNotCanceled', { amount }) } });
    h.root.querySelector<HTMLElement>('.ghc-status')?.focus();
    return;
  }
  const list = await h.env.transport('getWdRequests', requestsQuery(h));
  if (h.destroyed) return;
  const requests = h.s.requests.filter((x) => x.id !== id);
  h.update({
    ...(Array.isArray(list.withdrawalRequests) ? requestsPatch(h, list) : { requests }),
    status: { tone: 'ok', text: h.t('requestCanceled', { amount }) },
  });
  h.call('wdRequestCanceled', wdRequestCanceledPayload(w, answer));
  h.root.querySelector<HTMLElement>('.ghc-status')?.focus();
}

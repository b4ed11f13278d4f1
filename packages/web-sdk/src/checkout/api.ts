import { sdkError } from '../rules.js';
import { changeAmount, reloadUpos } from './card-extras.js';
import { upoDeletedPayload } from './payloads.js';
import { submitPayment } from './pay.js';
import { CARD, type Obj } from './model.js';
import type { CheckoutInstance } from './stub.js';
import type { Checkout } from './host.js';

/** The methods of the object checkout() answers (`checkout.submitPayment()`, …), on one form. */
export function checkoutApi(c: Checkout): CheckoutInstance {
  const o = c.o;
  const withCb = async (work: Promise<Obj>, cb: unknown) => {
    const r = await work;
    if (typeof cb === 'function') (cb as (r: Obj) => void)(r);
    return r;
  };
  const args = (p: unknown, cb: unknown) => ({
    q: (p && typeof p === 'object' ? p : {}) as Obj,
    callback: typeof p === 'function' ? p : cb,
  });
  const api: CheckoutInstance = {
    getApms: (p?: unknown, cb?: unknown) => {
      const { q, callback } = args(p, cb);
      return c.sdk.getApms(
        { currencyCode: o.currency, countryCode: o.country, languageCode: o.locale, ...q },
        callback as never,
      );
    },
    getCardDetails: (p?: unknown, cb?: unknown) => {
      const { q, callback } = args(p, cb);
      return c.sdk.getCardDetails({ ...q, useFields: true }, callback as never);
    },
    clientGetDccDetails: (p?: unknown, cb?: unknown) => {
      const { q, callback } = args(p, cb);
      const primary = c.card.primary();
      const body: Obj = { sessionToken: o.sessionToken, clientUniqueId: String(q.clientUniqueId ?? 'checkout') };
      if (q.clientRequestId !== undefined) body.clientRequestId = q.clientRequestId;
      if (q.currency !== undefined) body.currency = q.currency;
      else if (q.country !== undefined) body.country = q.country;
      return withCb(
        primary && c.frames.attached.has(primary)
          ? primary.request('dcc', body)
          : Promise.resolve(sdkError(1004, 'Open the card form and type a card first')),
        callback,
      );
    },
    getUserUPOs: (cb?: unknown) => c.sdk.getUserUPOs(cb as never),
    getToken: (p?: unknown) => {
      const { q } = args(p, undefined);
      return c.sdk.getToken(c.card, {
        sessionToken: o.sessionToken,
        cardHolderName: String(q.cardHolderName ?? c.s.name),
        billingAddress: q.billingAddress ?? o.billingAddress,
      });
    },
    applyOverlay: () => void c.update({ overlay: true }),
    removeOverlay: () => void c.update({ overlay: false }),
    destroy: () => void c.destroy(),
    submitPayment: () => submitPayment(c),
    setOpenAmount: (amount: unknown, cb?: unknown) =>
      withCb(
        o.openAmount
          ? changeAmount(c, String(amount ?? ''), false)
          : Promise.resolve(sdkError(1019, 'setOpenAmount needs the openAmount option')),
        cb,
      ),
    deleteUpo: (upoId: unknown) => deleteUpo(c, String(upoId ?? '')),
    showDeclined: (message?: unknown) =>
      void c.go(
        { type: 'show', outcome: 'declined' },
        { status: { tone: 'bad', text: typeof message === 'string' && message ? message : c.t('declined') } },
      ),
    showApproved: () =>
      void c.go({ type: 'show', outcome: 'approved' }, { status: { tone: 'ok', text: c.t('approved') } }),
    showRefresh: () =>
      void c.go({ type: 'show', outcome: 'refresh' }, { status: { tone: 'bad', text: c.t('refresh') } }),
    addUpo: async () => {
      const method = c.currentMethod();
      if (!method || c.s.selected?.kind === 'upo') return sdkError(1019, 'Select a payment method first');
      const r =
        method === CARD
          ? await c.sdk.addCardUpo({ useFields: true, billingAddress: o.billingAddress })
          : await c.sdk.addApmUpo({
              paymentMethodName: method,
              apmData: c.s.apmValues[method] ?? {},
              billingAddress: o.billingAddress,
            });
      if (r.result === 'ADDED') await reloadUpos(c);
      return r;
    },
  };
  return api;
}

/** Deletes a saved method (a promise: SUCCESS, or a rejection with the error); upoDeleted fires. */
export async function deleteUpo(c: Checkout, id: string): Promise<Obj> {
  const answer = await c.env.transport('deleteUpo', { sessionToken: c.o.sessionToken, userPaymentOptionId: id });
  const payload = upoDeletedPayload(id, answer);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- deleteUpo's promise rejects with its result object (ADR 0411)
  if (payload.result !== 'SUCCESS') throw { ...payload, errorDescription: answer.reason ?? answer.errorDescription };
  const wasSelected = c.s.selected?.kind === 'upo' && c.s.selected.id === id;
  const before = c.s.upos.findIndex((u) => u.id === id);
  c.update({ upos: c.s.upos.filter((u) => u.id !== id), ...(wasSelected ? { selected: undefined } : {}) });
  c.call('upoDeleted', payload);
  // focus moves to the next saved method (or the list's heading), never to <body>
  const rows = c.root.querySelectorAll<HTMLElement>('.ghc-upo input[type=radio]');
  const next = rows[Math.min(before, rows.length - 1)];
  (next ?? c.root.querySelector<HTMLElement>('#ghc-methods-h'))?.focus();
  return payload;
}

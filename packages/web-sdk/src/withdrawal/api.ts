import { isObj } from '../rules.js';
import { CARD, uposOf } from '../ui/method-catalogue.js';
import type { WithdrawalHost } from './host.js';
import type { WithdrawalInstance } from './stub.js';
import type { Obj } from './model.js';

/**
 * The methods of a rendered withdrawal (docs/web-sdk.md, withdrawal()): `getApms` (the payout methods,
 * type WITHDRAWAL), `getUserUPOs`, `applyOverlay` / `removeOverlay` (a read-only cover over the
 * component), `addUpo` (saves the selected new method as a UPO of the user without withdrawing) and
 * `destroy`. Each answers a promise, and its callback when one is given.
 */

type Cb = ((r: Obj) => void) | undefined;
const cbOf = (args: unknown[]): Cb => args.find((a) => typeof a === 'function') as Cb;

async function answer(cb: Cb, work: Promise<Obj>): Promise<Obj> {
  const r = await work;
  try {
    cb?.(r);
  } catch {
    // the merchant's callback failing is not ours to report
  }
  return r;
}

export function withdrawalApi(h: WithdrawalHost): WithdrawalInstance {
  const o = h.o;
  return {
    getApms: (...args) => {
      const p = isObj(args[0]) ? args[0] : {};
      return answer(
        cbOf(args),
        h.env.transport('getApms', {
          sessionToken: o.sessionToken,
          currencyCode: o.currency,
          countryCode: p.countryCode ?? (o.country !== 'detect' ? o.country : undefined),
          languageCode: p.languageCode ?? o.locale,
          type: 'WITHDRAWAL',
        }),
      );
    },
    getUserUPOs: (...args) => answer(cbOf(args), h.env.transport('getUserUPOs', { sessionToken: o.sessionToken })),
    applyOverlay: () => h.update({ overlay: true }),
    removeOverlay: () => h.update({ overlay: false }),
    addUpo: (...args) => answer(cbOf(args), addSelected(h)),
    destroy: () => h.destroy(),
  };
}

/** The selected new method saved as a UPO (the list then shows it), or the SDK's error. */
async function addSelected(h: WithdrawalHost): Promise<Obj> {
  const sel = h.s.selected;
  if (!sel || sel.kind !== 'method')
    return { result: 'ERROR', errCode: 1019, errorDescription: 'Select a new payout method first' };
  const r =
    sel.id === CARD
      ? await h.fields.number.request('addCardUpo', { sessionToken: h.o.sessionToken, cardHolderName: h.s.name })
      : await h.sdk.addApmUpo({ paymentMethodName: sel.id, apmData: { ...h.s.apmValues[sel.id] } });
  if (r.result === 'ADDED') {
    const list = await h.env.transport('getUserUPOs', { sessionToken: h.o.sessionToken });
    const upos = uposOf(list, h.s.methods);
    h.update({ upos, selected: { kind: 'upo', id: String(r.userPaymentOptionId) } });
  }
  return r;
}

import { requestFormData } from './form-data.js';
import { pendingWithdrawalsOf } from './withdrawals.js';
import { CARD, methodsOf, preselect, uposOf } from '../ui/method-catalogue.js';
import type { State } from './model.js';
import type { Checkout } from './host.js';

/**
 * The form's data (asked for by websdk.js when checkout() was called, form-data.ts): the methods for
 * the order's currency and country (pmWhitelist applied; names in the shopper's language) and the
 * shopper's saved methods, then the preselection (selectUpo before
 * selectPM) and the APM fields' prefilled values.
 */
export async function loadMethods(c: Checkout): Promise<void> {
  const o = c.o;
  const [apms, upos, wds] = await (c.env.formData ?? requestFormData(c.env.transport, o));
  if (c.destroyed) return;
  const allowed = (id: string) => !o.pmWhitelist || o.pmWhitelist.includes(id);
  const methods = methodsOf(apms, { locale: o.locale, t: c.t, origin: c.env.gatewayOrigin, allowed });
  const list = uposOf(upos, methods);
  const selected = preselect(methods, list, o.selectUpo, o.selectPM);
  const apmValues: State['apmValues'] = {};
  for (const m of methods) {
    apmValues[m.id] = {};
    for (const f of m.fields) {
      const pre = o.prepopulateApmFields[f.name] ?? (f.name === 'email' ? (o.email ?? '') : '');
      apmValues[m.id]![f.name] = pre;
    }
  }
  c.go(
    { type: 'loaded' },
    { methods, upos: list, apmValues, withdrawals: pendingWithdrawalsOf(wds), ...(selected ? { selected } : {}) },
  );
  if (selected) c.announceSelection(selected);
  c.checkReady();
  if (!o.preventScrollOnInt && selected?.kind === 'method' && selected.id === CARD) c.fields.number?.focus();
}

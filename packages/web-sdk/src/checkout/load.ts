import { pendingWithdrawalsOf } from './withdrawals.js';
import { CARD, captionOf, type Method, type Obj, type Selection, type State, upoLabelOf } from './model.js';
import type { Checkout } from './host.js';

/**
 * The form's data: the methods for the order's currency and country (pmWhitelist applied; names in the
 * shopper's language) and the shopper's saved methods, then the preselection (selectUpo before
 * selectPM) and the APM fields' prefilled values.
 */
export async function loadMethods(c: Checkout): Promise<void> {
  const o = c.o;
  const [apms, upos, wds] = await Promise.all([
    c.env.transport('getApms', {
      sessionToken: o.sessionToken,
      currencyCode: o.currency,
      countryCode: o.country,
      languageCode: o.locale,
    }),
    c.env.transport('getUserUPOs', { sessionToken: o.sessionToken }),
    o.userTokenId
      ? c.env.transport('getWdRequests', { sessionToken: o.sessionToken, userTokenId: o.userTokenId })
      : Promise.resolve({} as Obj),
  ]);
  if (c.destroyed) return;
  const allowed = (id: string) => !o.pmWhitelist || o.pmWhitelist.includes(id);
  const methods: Method[] = [];
  if (allowed(CARD)) methods.push({ id: CARD, label: c.t(CARD), fields: [] });
  for (const m of (apms.paymentMethods as Obj[] | undefined) ?? []) {
    const id = String(m.paymentMethod);
    if (!allowed(id)) continue;
    const names = (m.paymentMethodDisplayName as Array<{ language: string; message: string }>) ?? [];
    // the provider's name in the shopper's language, else ours (locale files), else its English name
    const own = c.t(id);
    const label = names.find((n) => n.language === o.locale)?.message ?? (own !== id ? own : undefined);
    methods.push({
      id,
      label: label ?? captionOf(names, o.locale, id.replace(/^apmgw_/, '')),
      ...(typeof m.logoURL === 'string' ? { logoURL: new URL(m.logoURL, c.env.gatewayOrigin).toString() } : {}),
      fields: (m.fields as Method['fields']) ?? [],
    });
  }
  const ids = new Set(methods.map((m) => m.id));
  const list = ((upos.paymentMethods as Obj[] | undefined) ?? []).map(upoLabelOf).filter((u) => ids.has(u.method));
  let selected: Selection | undefined;
  if (o.selectUpo && list.length > 0) {
    const u = o.selectUpo === 'first' ? list[0] : list.find((x) => x.id === o.selectUpo);
    if (u) selected = { kind: 'upo', id: u.id };
  }
  if (!selected && o.selectPM && o.selectPM !== 'none') {
    const m = o.selectPM === 'first' ? methods[0] : methods.find((x) => x.id === o.selectPM);
    if (m) selected = { kind: 'method', id: m.id };
  }
  if (!selected && o.selectPM !== 'none' && methods.length === 1 && list.length === 0)
    selected = { kind: 'method', id: methods[0]!.id };
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

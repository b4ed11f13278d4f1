import type { Translate } from './texts.js';

/**
 * What the hosted screens list: the methods of a getApms answer (names in the user's language) and
 * the user's saved methods of a getUserUPOs answer (labels that show no more than a masked number).
 * Pure, no DOM: the checkout and the withdrawal build their lists with it.
 */

type Obj = Record<string, unknown>;
export const CARD = 'cc_card';

export interface ApmFieldSpec {
  name: string;
  regex?: string;
  type?: string;
  caption?: Array<{ language: string; message: string }>;
  validationMessage?: Array<{ language: string; message: string }>;
}
export interface Method {
  id: string;
  label: string;
  logoURL?: string;
  fields: ApmFieldSpec[];
}
export interface Upo {
  id: string;
  method: string;
  label: string;
  expires?: string;
  isCard: boolean;
}

export const captionOf = (list: ApmFieldSpec['caption'], locale: string, fallback: string) =>
  list?.find((c) => c.language === locale)?.message ?? list?.find((c) => c.language === 'en')?.message ?? fallback;

/**
 * The card (first, when `allowed`) and the answer's APMs that `allowed` lets through: each named by the
 * provider in the user's language, else by the screen's texts (`t(id)`), else by its English name.
 */
export function methodsOf(
  answer: Obj,
  o: { locale: string; t: Translate; origin: string; allowed: (id: string) => boolean },
): Method[] {
  const methods: Method[] = [];
  if (o.allowed(CARD)) methods.push({ id: CARD, label: o.t(CARD), fields: [] });
  for (const m of (answer.paymentMethods as Obj[] | undefined) ?? []) {
    const id = String(m.paymentMethod);
    if (!o.allowed(id)) continue;
    const names = (m.paymentMethodDisplayName as Array<{ language: string; message: string }>) ?? [];
    const own = o.t(id);
    const label = names.find((n) => n.language === o.locale)?.message ?? (own !== id ? own : undefined);
    methods.push({
      id,
      label: label ?? captionOf(names, o.locale, id.replace(/^apmgw_/, '')),
      ...(typeof m.logoURL === 'string' ? { logoURL: new URL(m.logoURL, o.origin).toString() } : {}),
      fields: (m.fields as Method['fields']) ?? [],
    });
  }
  return methods;
}

/** A saved method as the list shows it; an APM's named by `names` (the screen's method list) when it can. */
export const upoLabelOf = (u: Obj, names?: ReadonlyMap<string, string>): Upo => {
  const details = (u.upoData ?? {}) as Obj;
  const method = String(u.paymentMethodName ?? u.paymentMethod ?? CARD);
  const isCard = method === CARD || details.ccCardNumber !== undefined;
  const masked = String(details.ccCardNumber ?? '');
  const brand = String(details.brand ?? '');
  const month = String(details.ccExpMonth ?? '');
  const year = String(details.ccExpYear ?? '');
  const data = Object.values(details).filter((v) => typeof v === 'string' && v.includes('*'));
  return {
    id: String(u.userPaymentOptionId),
    method: isCard ? CARD : method,
    isCard,
    label: isCard
      ? `${brand ? `${brand[0]!.toUpperCase()}${brand.slice(1)} ` : ''}•••• ${masked.slice(-4)}`
      : `${names?.get(method) ?? method.replace(/^apmgw_/, '')} ${String(data[0] ?? '')}`.trim(),
    ...(isCard && month && year ? { expires: `${month.padStart(2, '0')}/${year.slice(-2)}` } : {}),
  };
};

/** The saved methods of a getUserUPOs answer whose method is among `methods`, named as `methods` names them. */
export const uposOf = (answer: Obj, methods: readonly Pick<Method, 'id' | 'label'>[]): Upo[] => {
  const names = new Map(methods.map((m) => [m.id, m.label]));
  return ((answer.paymentMethods as Obj[] | undefined) ?? [])
    .map((u) => upoLabelOf(u, names))
    .filter((u) => names.has(u.method));
};

export type Selection = { kind: 'method'; id: string } | { kind: 'upo'; id: string };

/**
 * The preselection: selectUpo (an id or `first`) before selectPM (`apmgw_…`, `cc_card`, `first`;
 * `none` selects nothing); with neither, the one method when there is exactly one and no saved one.
 */
export function preselect(
  methods: Method[],
  upos: Upo[],
  selectUpo: string | undefined,
  selectPM: string | undefined,
): Selection | undefined {
  if (selectUpo && upos.length > 0) {
    const u = selectUpo === 'first' ? upos[0] : upos.find((x) => x.id === selectUpo);
    if (u) return { kind: 'upo', id: u.id };
  }
  if (selectPM && selectPM !== 'none') {
    const m = selectPM === 'first' ? methods[0] : methods.find((x) => x.id === selectPM);
    if (m) return { kind: 'method', id: m.id };
  }
  if (selectPM !== 'none' && methods.length === 1 && upos.length === 0) return { kind: 'method', id: methods[0]!.id };
  return undefined;
}

/**
 * What is wrong with the value typed in an APM's field: empty, or not matching the provider's pattern
 * (its own message in the user's language, else `texts.invalid`); undefined when it is fine. A pattern
 * this browser cannot parse checks nothing.
 */
export function apmFieldProblem(
  value: string,
  f: ApmFieldSpec,
  locale: string,
  texts: { required: string; invalid: string },
): string | undefined {
  const v = value.trim();
  if (!v) return texts.required;
  if (f.regex) {
    try {
      if (!new RegExp(f.regex).test(v)) return captionOf(f.validationMessage, locale, texts.invalid);
    } catch {
      // expected: a provider's pattern this browser cannot parse checks nothing
      return undefined;
    }
  }
  return undefined;
}

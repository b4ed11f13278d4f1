import type { FieldState } from '@gatehouse/protocol';
import { INSTALLMENT_COUNTRIES } from './installments.js';
import { type ApmFieldSpec, CARD, decimalOf, PART_FIELDS, type Upo } from './model.js';
import { apmFieldProblem as fieldProblem } from '../ui/method-catalogue.js';
import type { Checkout } from './host.js';

/**
 * The checkout form's rules, read from its controller's state: what the selected method needs, which
 * fields are invalid (onFormValidated's names) and why, and whether the method may be saved.
 */

export function selectedUpo(c: Checkout): Upo | undefined {
  const sel = c.s.selected;
  return sel?.kind === 'upo' ? c.s.upos.find((u) => u.id === sel.id) : undefined;
}

/** savePM for the selected method: apmConfig, then the general option; upoRestriction wins. */
export function savePmMode(c: Checkout): 'true' | 'force' | 'false' | 'always' {
  const method = c.currentMethod();
  if (!method || c.s.selected?.kind === 'upo') return 'false';
  const r = c.o.upoRestriction;
  if (r) {
    const cards = c.s.upos.filter((u) => u.isCard).length;
    const apms = c.s.upos.filter((u) => !u.isCard);
    if (method === CARD && r.maxCards !== undefined && cards >= r.maxCards) return 'false';
    if (method !== CARD && r.maxApmUpos !== undefined && apms.length >= r.maxApmUpos) return 'false';
    if (method !== CARD && r.onePerApm && apms.some((u) => u.method === method)) return 'false';
  }
  const own = c.o.apmConfig[method]?.savePM;
  if (own === 'false' || own === 'always') return own;
  if (own === 'true') return c.o.savePM === 'force' ? 'force' : 'true';
  return c.o.savePM;
}

export function savePmValue(c: Checkout): boolean {
  const mode = savePmMode(c);
  return mode === 'always' || ((mode === 'true' || mode === 'force') && c.s.save);
}

export function upoNeedsCvv(c: Checkout): boolean {
  const u = selectedUpo(c);
  return !!u && u.isCard && c.o.alwaysCollectCvv !== 'never';
}

export function installmentsOffered(c: Checkout): boolean {
  return (
    !!c.o.cardInstallments &&
    (INSTALLMENT_COUNTRIES as readonly string[]).includes(c.o.country) &&
    c.currentMethod() === CARD
  );
}

export function installmentChoice(
  c: Checkout,
): { type: 'singlePayment' | 'type1' | 'type2' | 'type3'; months?: number } | undefined {
  if (!installmentsOffered(c) || !c.s.installment) return undefined;
  const [type, months] = c.s.installment.split(':');
  return { type: type as 'singlePayment', ...(months ? { months: Number(months) } : {}) };
}

const okState = (st?: FieldState, optional = false) => (st ? st.complete || (optional && st.empty) : false);

/** The names of the invalid fields of the selected method (with the shopper's entries so far). */
export function invalidFields(c: Checkout): string[] {
  const out: string[] = [];
  const method = c.currentMethod();
  if (!method) return ['paymentMethod'];
  const optional = c.o.alwaysCollectCvv === 'optional';
  if (c.s.selected?.kind === 'upo') {
    if (upoNeedsCvv(c) && !okState(c.states.upoCvc, optional)) out.push('ccCvc');
  } else if (method === CARD) {
    if (!okState(c.states.number)) out.push(PART_FIELDS.number);
    if (!okState(c.states.exp)) out.push(PART_FIELDS.exp);
    if (!okState(c.states.cvc, optional)) out.push(PART_FIELDS.cvc);
    if (nameProblem(c)) out.push('cardHolderName');
    if (installmentsOffered(c)) {
      if (!c.s.installment) out.push('installments');
      if (c.o.cardInstallments?.nationalId !== undefined && !c.s.nationalId.trim()) out.push('nationalId');
    }
  } else {
    const m = c.s.methods.find((x) => x.id === method);
    for (const f of m?.fields ?? []) if (apmFieldProblem(c, method, f)) out.push(f.name);
  }
  if (c.o.openAmount && amountProblem(c, c.s.amountText)) out.push('amount');
  return out;
}

export function nameProblem(c: Checkout): string | undefined {
  const name = c.s.name.trim();
  if (!name) return c.t('required');
  if (c.o.asciiValidation && !/^[\x20-\x7E]+$/.test(name)) return c.t('asciiOnly');
  return undefined;
}

export function apmFieldProblem(c: Checkout, method: string, f: ApmFieldSpec): string | undefined {
  const texts = { required: c.t('required'), invalid: c.t('invalid') };
  return fieldProblem(c.s.apmValues[method]?.[f.name] ?? '', f, c.o.locale, texts);
}

export function amountProblem(c: Checkout, text: string): string | undefined {
  const bounds = c.o.openAmount;
  const v = decimalOf(text);
  if (!/^\d{1,9}(\.\d{1,3})?$/.test(v)) return c.t('invalid');
  if (bounds && (Number(v) < bounds.min || Number(v) > bounds.max))
    return c.t('amountRange', { min: c.money(bounds.min), max: c.money(bounds.max) });
  return undefined;
}

/**
 * A card frame's problem in the shopper's language: the frames explain in English, so their reason is
 * mapped to a text of the locale file (docs/decisions/0433); the general "check this field" otherwise.
 */
export function frameErrorText(c: Checkout, part: 'number' | 'exp' | 'cvc', st?: FieldState): string {
  const reason = st?.error ?? '';
  if (!st || st.empty) return c.t('required');
  const blocked = /^(.+) cards are not accepted$/.exec(reason);
  if (blocked) return c.t('field.blocked', { brand: blocked[1]! });
  if (/incomplete/.test(reason) || (!st.invalid && !st.complete)) return c.t(`field.${part}.incomplete`);
  if (part === 'exp' && /expired/.test(reason)) return c.t('field.exp.past');
  if (part === 'exp' && /10 years/.test(reason)) return c.t('field.exp.far');
  if (part === 'exp' && /MM\/YY|month|year/.test(reason))
    return c.t('field.exp.format', { format: c.t('expiryPlaceholder') });
  return c.t(`field.${part}.invalid`);
}

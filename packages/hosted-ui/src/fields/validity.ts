/**
 * The state of the card field page's inputs (empty, incomplete, complete or invalid, and why), read
 * from the inputs and the config; and the whole field's state as reported to the SDK.
 */
import {
  brandOf,
  cvvState,
  digitsOf,
  expiryState,
  type FieldState,
  isBlocked,
  numberState,
  type NumberState,
  systemNow,
} from '@gatehouse/protocol';
import { inputs, page, type Part, touched, type } from './state.js';

/** blockCards, and the cardWhitelist of checkout() (a card must match one of its lists), by brand. */
export function notAccepted(brand: string): boolean {
  if (isBlocked(page.config?.blockCards, { brand })) return true;
  const allow = page.config?.cardWhitelist;
  if (!allow || allow.length === 0) return false;
  // decided by the brand alone only when every list names a brand alone (else after the BIN lookup)
  if (allow.some((l) => l.length !== 1)) return false;
  return !isBlocked(allow, { brand });
}

export function numberValue(): string {
  return digitsOf(inputs.number?.value ?? '');
}

export function partStates(): Partial<Record<Part, { state: NumberState; reason?: string }>> {
  const now = systemNow();
  const support19 = page.config?.support19Digits === true;
  const out: Partial<Record<Part, { state: NumberState; reason?: string }>> = {};
  if (inputs.number) {
    out.number = numberState(inputs.number.value, support19);
    const brand = brandOf(numberValue());
    if (brand && out.number.state !== 'empty' && notAccepted(brand.id)) {
      out.number = { state: 'invalid', reason: `${brand.label} cards are not accepted` };
    }
  }
  if (inputs.exp) out.exp = expiryState(inputs.exp.value, now);
  if (inputs.cvc) {
    const numberForCvv = inputs.number ? numberValue() : page.siblingBrand === 'amex' ? '34' : '4';
    out.cvc = cvvState(inputs.cvc.value, inputs.number || page.siblingBrand ? numberForCvv : '');
  }
  if (inputs.name) out.name = inputs.name.value.trim() === '' ? { state: 'empty' } : { state: 'complete' };
  return out;
}

/** An incomplete input is shown invalid only once the cardholder has left it. */
export const showInvalid = (part: Part, state: NumberState) =>
  state === 'invalid' || (state === 'incomplete' && touched[part] === true);

export function fieldState(): FieldState {
  const states = partStates();
  const parts: NonNullable<FieldState['parts']> = {};
  let error: string | undefined;
  for (const [part, s] of Object.entries(states) as Array<[Part, { state: NumberState; reason?: string }]>) {
    const invalid = showInvalid(part, s.state);
    parts[part] = {
      empty: s.state === 'empty',
      complete: s.state === 'complete',
      invalid,
      ...(invalid && s.reason ? { error: s.reason } : {}),
    };
    if (invalid && !error) error = s.reason;
  }
  const required = Object.entries(parts).filter(([p]) => p !== 'name');
  const brand = inputs.number ? brandOf(numberValue())?.id : undefined;
  return {
    type,
    empty: required.every(([, p]) => p.empty),
    complete: required.every(([, p]) => p.complete),
    invalid: required.some(([, p]) => p.invalid),
    focus: page.focused,
    ...(brand ? { brand } : {}),
    ...(error ? { error } : {}),
    parts,
  };
}

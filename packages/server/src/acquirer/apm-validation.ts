import { ABA_REGEX, IBAN_REGEX } from './apm-fields.js';
import type { LocalizedText, SimulatedApm } from './apm.types.js';

// Checks of what a shopper submits for a simulated APM (apm-catalogue.ts): each field's pattern, the
// IBAN's mod-97 check and the ABA routing number's checksum.

/** The ISO 13616 / ISO 7064 mod-97 check of an IBAN (spaces ignored, upper-cased). */
export function ibanValid(iban: string): boolean {
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  if (!new RegExp(IBAN_REGEX).test(compact)) return false;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    const value = code >= 65 ? String(code - 55) : ch;
    for (const digit of value) remainder = (remainder * 10 + (digit.charCodeAt(0) - 48)) % 97;
  }
  return remainder === 1;
}

/** The check digit of a US ABA routing number: 3, 7, 1 weights over the 9 digits, a multiple of 10. */
export function abaValid(routing: string): boolean {
  if (!new RegExp(ABA_REGEX).test(routing)) return false;
  const d = [...routing].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

export interface ApmFieldError {
  field: string;
  /** the field's validation message in every language */
  message: LocalizedText[];
}

/**
 * Checks the data submitted for a method against its fields: each required field present, each
 * present value matching the field's regex, an IBAN passing its mod-97 check. Unknown keys are
 * ignored. Returns the failing fields, empty when the data is valid.
 */
export function validateApmData(
  apm: SimulatedApm,
  data: Readonly<Record<string, string | undefined>>,
): ApmFieldError[] {
  const errors: ApmFieldError[] = [];
  for (const field of apm.fields) {
    const raw = data[field.name];
    const value = field.name === 'iban' ? raw?.replace(/\s+/g, '').toUpperCase() : raw?.trim();
    if (value === undefined || value === '') {
      if (!field.optional) errors.push({ field: field.name, message: field.validationMessage });
      continue;
    }
    const ok =
      new RegExp(field.regex).test(value) &&
      (field.name !== 'iban' || ibanValid(value)) &&
      (!field.aba || abaValid(value));
    if (!ok) errors.push({ field: field.name, message: field.validationMessage });
  }
  return errors;
}

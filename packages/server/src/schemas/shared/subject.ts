/**
 * What a field of a request is about, when that matters beyond its name: the session and client APIs
 * answer an amount, a currency, card data and a stored payment option with errCodes of their own
 * (docs/session-api.md; docs/decisions/0600). A schema says it with the `x-subject` annotation, a domain
 * error carries it (`Missing` / `Invalid` `subject`), and no interface guesses it from a field's path.
 */
export const FIELD_SUBJECTS = [
  'field',
  'amount',
  'currency',
  'payment_option',
  'card_number',
  'card_holder',
  'card_expiry',
  'card_cvv',
  'stored_option',
  'user_token',
  'card_token',
  'reference',
] as const;

export type FieldSubject = (typeof FIELD_SUBJECTS)[number];

/** The schema annotation naming a field's subject; Ajv knows it as a keyword with no validation. */
export const SUBJECT_KEYWORD = 'x-subject';

/** Schema options giving the field `subject`: `Type.String({ maxLength: 12, ...about('amount') })`. */
export const about = (subject: FieldSubject) => ({ [SUBJECT_KEYWORD]: subject });

/** A copy of `schema` (TypeBox's hidden members included) annotated with `subject`. */
export function withSubject<T extends object>(schema: T, subject: FieldSubject): T {
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(schema)) as T;
  return Object.assign(copy, about(subject));
}

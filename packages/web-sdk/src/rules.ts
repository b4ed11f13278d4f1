/**
 * The building blocks of the Web SDK's input rules (docs/web-sdk.md): each check answers undefined when a value
 * is acceptable, or the error result the callback receives. validation.ts and withdrawals.ts compose them.
 */

export interface SdkError {
  [member: string]: unknown;
  result: 'ERROR';
  status: 'ERROR';
  errCode: number;
  reason: string;
  errorDescription: string;
}

export const sdkError = (errCode: number, errorDescription: string): SdkError => ({
  result: 'ERROR',
  status: 'ERROR',
  errCode,
  reason: errorDescription,
  errorDescription,
});

export type Obj = Record<string, unknown>;
export type Check = (value: unknown, path: string) => SdkError | undefined;

export const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
export const present = (v: unknown) => v !== undefined && v !== null && v !== '';

/** A string of at most `max` characters (nothing else: an id given as a number is refused). */
export const str =
  (max: number): Check =>
  (v, path) => {
    if (typeof v !== 'string') return sdkError(1019, `${path} must be a string`);
    if (v.length > max) return sdkError(1019, `${path} must be at most ${max} characters`);
    return undefined;
  };

/** A string field of at most `max` characters (numbers are accepted as their decimal text). */
export const text =
  (max: number, code = 1019): Check =>
  (v, path) => {
    if (typeof v !== 'string' && typeof v !== 'number') return sdkError(code, `${path} must be a string`);
    if (String(v).length > max) return sdkError(code, `${path} must be at most ${max} characters`);
    return undefined;
  };

export const oneOf =
  (values: readonly string[]): Check =>
  (v, path) =>
    typeof v === 'string' && values.includes(v)
      ? undefined
      : sdkError(1019, `${path} must be one of ${values.join(', ')}`);

export const bool: Check = (v, path) =>
  typeof v === 'boolean' ? undefined : sdkError(1019, `${path} must be true or false`);

export const letters =
  (n: number): Check =>
  (v, path) =>
    typeof v === 'string' && new RegExp(`^[A-Za-z]{${n}}$`).test(v)
      ? undefined
      : sdkError(1019, `${path} must be ${n} letters`);

export const email: Check = (v, path) =>
  text(100)(v, path) ??
  (/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(String(v)) ? undefined : sdkError(1019, `${path} must be an e-mail address`));

export const amountText: Check = (v, path) =>
  typeof v === 'string' && /^\d{1,9}(\.\d{1,3})?$/.test(v) && v.length <= 12
    ? undefined
    : sdkError(1040, `${path} must be a decimal amount such as "10.50"`);

export interface Field {
  check: Check;
  required?: boolean;
}
export type Shape = Record<string, Field>;

export const req = (check: Check): Field => ({ check, required: true });
export const opt = (check: Check): Field => ({ check });

/** Checks the members named by `shape`; missing required members first, in shape order. */
export function checkShape(input: Obj, shape: Shape, prefix = ''): SdkError | undefined {
  for (const [name, field] of Object.entries(shape)) {
    const path = prefix ? `${prefix}.${name}` : name;
    const v = input[name];
    if (!present(v)) {
      if (field.required) return sdkError(1019, `${path} is required`);
      continue;
    }
    const err = field.check(v, path);
    if (err) return err;
  }
  return undefined;
}

export const object =
  (shape: Shape): Check =>
  (v, path) =>
    isObj(v) ? checkShape(v, shape, path) : sdkError(1019, `${path} must be an object`);

/** Exactly one of `names` present in `input`. */
export function exactlyOne(input: Obj, names: readonly string[], prefix = ''): SdkError | undefined {
  const given = names.filter((n) => present(input[n]));
  const label = names.map((n) => (prefix ? `${prefix}.${n}` : n)).join(', ');
  if (given.length === 0) return sdkError(1019, `one of ${label} is required`);
  if (given.length > 1) return sdkError(1019, `exactly one of ${label} must be given`);
  return undefined;
}

import { createHash } from 'node:crypto';
import type { Secret } from '../lib/secret.js';
import { fieldsOf } from './checksum-fields.js';
import { constantTimeEqual } from './constant-time.js';

/**
 * Checksums of the methods of the real gateway's catalogue beyond the seed (docs/session-api.md,
 * docs/gateway-facts.md): the listed fields present in the request, in the listed order, a nested
 * object or array flattened depth-first in the order its keys arrived, then the merchant secret key.
 * Values become text two ways, and either is accepted (docs/decisions/0123): as JSON shows them
 * (`true`, `false`), or as the PHP SDK writes them (`true` → `1`, `false` → empty). Nulls are skipped.
 */

type Render = (v: boolean) => string;
const JSON_RENDER: Render = (v) => String(v);
const PHP_RENDER: Render = (v) => (v ? '1' : '');

function flatten(value: unknown, out: string[], render: Render): boolean {
  let sawBoolean = false;
  if (typeof value === 'string' || typeof value === 'number') out.push(String(value));
  else if (typeof value === 'boolean') {
    out.push(render(value));
    sawBoolean = true;
  } else if (Array.isArray(value)) for (const v of value) sawBoolean = flatten(v, out, render) || sawBoolean;
  else if (value !== null && typeof value === 'object')
    for (const v of Object.values(value)) sawBoolean = flatten(v, out, render) || sawBoolean;
  return sawBoolean;
}

/** The values `fields` cover in `body`, in order. */
export function catalogueChecksumValues(
  fields: readonly string[],
  body: Readonly<Record<string, unknown>>,
  render: Render = JSON_RENDER,
): { values: string[]; sawBoolean: boolean } {
  const values: string[] = [];
  let sawBoolean = false;
  for (const f of fields) sawBoolean = flatten(body[f], values, render) || sawBoolean;
  return { values, sawBoolean };
}

const hash = (values: readonly string[], secret: Secret<string>) =>
  createHash('sha256')
    .update(values.join('') + secret.expose(), 'utf8')
    .digest('hex');

/** Does `presented` match the checksum over `fields` of `body`, in either text form? Constant time. */
export function verifyCatalogueChecksum(
  order: readonly string[],
  body: Readonly<Record<string, unknown>>,
  secret: Secret<string>,
  presented: string,
): boolean {
  const given = presented.toLowerCase();
  const plain = catalogueChecksumValues(order, body);
  let ok = constantTimeEqual(hash(plain.values, secret), given);
  if (plain.sawBoolean)
    ok = constantTimeEqual(hash(catalogueChecksumValues(order, body, PHP_RENDER).values, secret), given) || ok;
  return ok;
}

/** The catalogue methods' part of the one table (`checksum-fields.ts`). */
export const CATALOGUE_CHECKSUM_FIELDS = fieldsOf('catalogue');

export type CatalogueMethodName = keyof typeof CATALOGUE_CHECKSUM_FIELDS;

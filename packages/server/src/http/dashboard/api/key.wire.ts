import type { ApiKeyInfo } from '../../../domain/merchants/merchant.types.js';
import type { KeyWire } from '../../../schemas/dashboard/keys.schema.js';

/** A REST 2.0 key as the control panel shows it: its public prefix, never its secret. */
export function keyToWire(k: ApiKeyInfo): KeyWire {
  return {
    id: k.id,
    label: k.label === '' ? null : k.label,
    type: k.type,
    hint: `gh_${k.id}_…`,
    createdAt: new Date(k.createdAt).toISOString(),
    revokedAt: k.revokedAt === null ? null : new Date(k.revokedAt).toISOString(),
  };
}

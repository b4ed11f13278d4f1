import type { ApiKeyInfo } from '../../../domain/merchants/merchant.types.js';
import type { KeyWire } from '../../../schemas/dashboard/keys.schema.js';

/**
 * A REST 2.0 key as the control panel shows it, never its secret: a hint made of its id's first and
 * last characters ("gh_key_01JB…9QZK"), enough to tell keys apart and too short to be taken for a key.
 */
export function keyToWire(k: ApiKeyInfo): KeyWire {
  return {
    id: k.id,
    label: k.label === '' ? null : k.label,
    type: k.type,
    hint: `gh_${k.id.slice(0, 8)}…${k.id.slice(-4)}`,
    createdAt: new Date(k.createdAt).toISOString(),
    revokedAt: k.revokedAt === null ? null : new Date(k.revokedAt).toISOString(),
  };
}

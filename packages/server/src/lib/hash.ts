import { hash } from 'node:crypto';

/**
 * The SHA-256 of a UTF-8 text, as lower-case hex (the DMN checksums, API keys' stored secrets). One-shot
 * `hash`: the same digest without a Hash object per call, and a key is checked on every request.
 */
export function sha256Hex(text: string): string {
  return hash('sha256', text, 'hex');
}

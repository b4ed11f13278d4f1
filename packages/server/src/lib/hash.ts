import { createHash } from 'node:crypto';

/** The SHA-256 of a UTF-8 text, as lower-case hex (the DMN checksums). */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

import { hash } from 'node:crypto';

/** The SHA-256 of a UTF-8 text, as lower-case hex (the DMN checksums). */
export function sha256Hex(text: string): string {
  return hash('sha256', text, 'hex');
}

import { hash, timingSafeEqual } from 'node:crypto';

/** Compares two strings in time independent of where they differ (lengths are hidden by hashing first). */
export function constantTimeEqual(a: string, b: string): boolean {
  const ha = hash('sha256', a, 'buffer');
  const hb = hash('sha256', b, 'buffer');
  return timingSafeEqual(ha, hb);
}

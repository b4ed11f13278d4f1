import { createHash } from 'node:crypto';
import type { Store } from '../store/db.js';
import { clearDeliveryChaos, findDeliveryChaos, saveDeliveryChaos } from '../store/webhook-endpoints.repo.js';

/**
 * Delivery chaos (sandbox only, docs/decisions/0922): a site asks its own webhooks and DMNs to be
 * dropped, delayed, duplicated or held back so that later ones overtake them, each at a rate from 0
 * to 1, to rehearse what production networks do to a receiver. Whether a mode strikes is decided by
 * a hash of the notification id, the attempt and the mode: the same queue gives the same chaos again.
 */

export interface ChaosSettings {
  /** the attempt is not sent; it is recorded as failed (`chaos: dropped`) and retried on schedule */
  drop: number;
  /** the request is signed, then held `delayMs` (real time) before it is sent */
  delay: number;
  delayMs: number;
  /** the same request (same `webhook-id`, body and signature) is sent twice */
  duplicate: number;
  /** a first attempt is held back `reorderMs` (the gateway clock), so later notifications overtake it */
  reorder: number;
  reorderMs: number;
}

export const NO_CHAOS: ChaosSettings = { drop: 0, delay: 0, delayMs: 2000, duplicate: 0, reorder: 0, reorderMs: 5000 };

/** The longest delay and hold a site may ask for. */
export const CHAOS_MAX_MS = 120_000;

export type ChaosMode = 'drop' | 'delay' | 'duplicate' | 'reorder';

/** A number in [0, 1) from the notification, its attempt and the mode. */
export function chaosRoll(notificationId: string, attempt: number, mode: ChaosMode): number {
  const h = createHash('sha256').update(`${notificationId}:${attempt}:${mode}`).digest();
  return h.readUInt32BE(0) / 2 ** 32;
}

export function strikes(settings: ChaosSettings, mode: ChaosMode, notificationId: string, attempt: number): boolean {
  const rate = settings[mode];
  return rate > 0 && chaosRoll(notificationId, attempt, mode) < rate;
}

/** The site's chaos settings, or undefined when it has none. */
export async function chaosOf(store: Store, siteId: string): Promise<ChaosSettings | undefined> {
  const row = await findDeliveryChaos(store.db, siteId);
  if (!row) return undefined;
  const s = { ...NO_CHAOS, ...(JSON.parse(row.settings) as Partial<ChaosSettings>) };
  return s.drop + s.delay + s.duplicate + s.reorder > 0 ? s : undefined;
}

/** Replaces the site's settings (unnamed modes are off); all rates 0 clears them. */
export async function setChaos(
  store: Store,
  site: { merchantId: string; siteId: string },
  settings: Partial<ChaosSettings>,
  now: number,
): Promise<ChaosSettings> {
  const s: ChaosSettings = { ...NO_CHAOS, ...settings };
  if (s.drop + s.delay + s.duplicate + s.reorder === 0)
    await store.write((trx) => clearDeliveryChaos(trx, site.siteId));
  else await store.write((trx) => saveDeliveryChaos(trx, { ...site, settings: JSON.stringify(s), now }));
  return s;
}

export async function clearChaos(store: Store, siteId: string): Promise<void> {
  await store.write((trx) => clearDeliveryChaos(trx, siteId));
}

/** Waits `ms` of real time, or less when `signal` aborts. */
export function holdFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

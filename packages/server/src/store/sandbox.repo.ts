import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Store } from './db.js';
import type { Database } from './tables.js';

/**
 * Test clocks and acquirer faults (migration 0024, docs/decisions/0940 and 0941): sandbox settings
 * every instance on the store reads. Plain functions over the store; its tables are declared here,
 * beside the only code that reads them.
 */

export type SandboxTables = {
  /** a merchant's test clock: its offset from the real time (ms, never negative) */
  sandbox_clocks: { merchant_id: string; offset_ms: number; updated_at: number };
  /** what the simulated acquirer does to a site's calls */
  sandbox_faults: { site_id: string; merchant_id: string; mode: FaultMode; ms: number; updated_at: number };
};

/** delay: answer after `ms`; timeout: no answer, the call fails after `ms`; error: a 5xx-like error answer; refused: no connection */
export const FAULT_MODES = ['delay', 'timeout', 'error', 'refused'] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

/** The waits of `delay` and `timeout` when none is given (ms). */
export const DEFAULT_FAULT_MS = { delay: 2_000, timeout: 3_000 } as const;

export interface SandboxClock {
  merchantId: string;
  offsetMs: number;
  updatedAt: number;
}

export interface SiteFault {
  siteId: string;
  merchantId: string;
  mode: FaultMode;
  /** the delay (delay) or the time before the call is given up (timeout); 0 for the others */
  ms: number;
  updatedAt: number;
}

const tables = (db: Kysely<Database>) => db.withTables<SandboxTables>();

export async function listClocks(db: Kysely<Database>): Promise<SandboxClock[]> {
  const rows = await tables(db).selectFrom('sandbox_clocks').selectAll().orderBy('merchant_id').execute();
  return rows.map((r) => ({
    merchantId: r.merchant_id,
    offsetMs: Number(r.offset_ms),
    updatedAt: Number(r.updated_at),
  }));
}

/** Moves `merchantId`'s clock forward by `byMs`; answers the clock as it now is. */
export async function advanceClock(store: Store, merchantId: string, byMs: number, now: number): Promise<SandboxClock> {
  await store.write((trx) =>
    tables(trx)
      .insertInto('sandbox_clocks')
      .values({ merchant_id: merchantId, offset_ms: byMs, updated_at: now })
      .onConflict((oc) =>
        oc
          .column('merchant_id')
          .doUpdateSet({ offset_ms: sql<number>`sandbox_clocks.offset_ms + ${byMs}`, updated_at: now }),
      )
      .execute(),
  );
  const clocks = await listClocks(store.db);
  return clocks.find((c) => c.merchantId === merchantId)!;
}

/** Puts `merchantId`'s clock back on the real time; answers whether it was ahead. */
export async function resetClock(store: Store, merchantId: string): Promise<boolean> {
  const r = await store.write((trx) =>
    tables(trx).deleteFrom('sandbox_clocks').where('merchant_id', '=', merchantId).executeTakeFirst(),
  );
  return Number(r.numDeletedRows) > 0;
}

export async function listFaults(db: Kysely<Database>): Promise<SiteFault[]> {
  const rows = await tables(db).selectFrom('sandbox_faults').selectAll().orderBy('site_id').execute();
  return rows.map((r) => ({
    siteId: r.site_id,
    merchantId: r.merchant_id,
    mode: r.mode,
    ms: Number(r.ms),
    updatedAt: Number(r.updated_at),
  }));
}

/** Sets (or replaces) the fault of `fault.siteId`. */
export async function setFault(store: Store, fault: SiteFault): Promise<void> {
  const values = {
    site_id: fault.siteId,
    merchant_id: fault.merchantId,
    mode: fault.mode,
    ms: fault.ms,
    updated_at: fault.updatedAt,
  };
  await store.write((trx) =>
    tables(trx)
      .insertInto('sandbox_faults')
      .values(values)
      .onConflict((oc) =>
        oc.column('site_id').doUpdateSet({
          merchant_id: values.merchant_id,
          mode: values.mode,
          ms: values.ms,
          updated_at: values.updated_at,
        }),
      )
      .execute(),
  );
}

/** Clears the fault of `siteId`; answers whether there was one. */
export async function clearFault(store: Store, siteId: string): Promise<boolean> {
  const r = await store.write((trx) =>
    tables(trx).deleteFrom('sandbox_faults').where('site_id', '=', siteId).executeTakeFirst(),
  );
  return Number(r.numDeletedRows) > 0;
}

import { type Kysely, sql } from 'kysely';
import type { Database } from './tables.js';

/** One node's counts of one key in one window, to add to the shared row. */
export interface WindowCount {
  scope: string;
  windowStart: number;
  key: string;
  count: number;
}

/** The keys of one limit whose shared count in one window has reached `atLeast` (near the limit). */
export interface OverLimitQuery {
  scope: string;
  windowStart: number;
  atLeast: number;
}

/** What `add` and `overLimit` answer: the sum of every node's counts. */
export interface SharedCount {
  scope: string;
  key: string;
  count: number;
}

/**
 * The shared rate-limit counts (migration 0013, docs/decisions/0808). Not a domain repository: only the
 * limiter of `http/rate-limit/` uses it, outside any write unit, and it holds no business data.
 */
export function rateLimitWindowsRepo(db: Kysely<Database>) {
  return {
    /** Adds each count to its row (one upsert for the batch) and answers the sums. */
    async add(counts: WindowCount[]): Promise<SharedCount[]> {
      if (counts.length === 0) return [];
      const rows = await db
        .insertInto('rate_limit_windows')
        .values(counts.map((c) => ({ scope: c.scope, window_start: c.windowStart, key: c.key, count: c.count })))
        .onConflict((oc) =>
          oc
            .columns(['scope', 'window_start', 'key'])
            .doUpdateSet({ count: sql<number>`rate_limit_windows.count + excluded.count` }),
        )
        .returning(['scope', 'key', 'count'])
        .execute();
      return rows.map((r) => ({ scope: r.scope, key: r.key, count: Number(r.count) }));
    },

    /** The keys whose count in a window is at least `atLeast`, whichever node counted them. */
    async overLimit(queries: OverLimitQuery[]): Promise<SharedCount[]> {
      if (queries.length === 0) return [];
      const rows = await db
        .selectFrom('rate_limit_windows')
        .select(['scope', 'key', 'count'])
        .where((eb) =>
          eb.or(
            queries.map((q) =>
              eb.and([eb('scope', '=', q.scope), eb('window_start', '=', q.windowStart), eb('count', '>=', q.atLeast)]),
            ),
          ),
        )
        .execute();
      return rows.map((r) => ({ scope: r.scope, key: r.key, count: Number(r.count) }));
    },

    /** Deletes the rows of each scope's windows that started before the given time. */
    async prune(before: { scope: string; windowStart: number }[]): Promise<void> {
      if (before.length === 0) return;
      await db
        .deleteFrom('rate_limit_windows')
        .where((eb) =>
          eb.or(before.map((b) => eb.and([eb('scope', '=', b.scope), eb('window_start', '<', b.windowStart)]))),
        )
        .execute();
    },
  };
}

export type RateLimitWindowsRepo = ReturnType<typeof rateLimitWindowsRepo>;

import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Delivery } from '../domain/notifications/notification.types.js';
import type { Dialect } from './dialect.js';
import { toDelivery } from './notifications.repo.js';
import type { OutboxKind, OutboxStatus } from './outbox.table.js';
import type { Database } from './tables.js';

/**
 * The relay's queries on the outbox (graphile-worker's getJobs / completeJob / failJob): claim due
 * rows under a lease, and settle one attempt. Due means `run_at <= now` for a pending row, or for a
 * delivering row whose lease ran out (while leased, `run_at` holds the end of the lease).
 */

/**
 * Due at `now`, or, for a merchant whose test clock runs ahead (`ahead`: merchant → ms), at that
 * merchant's time (docs/decisions/0940): a row's times are in its merchant's clock.
 */
function dueAt(eb: ExpressionBuilder<Database, 'outbox'>, now: number, ahead: ReadonlyMap<string, number> | undefined) {
  if (!ahead || ahead.size === 0) return eb('run_at', '<=', now);
  return eb.or([
    eb.and([eb('merchant_id', 'not in', [...ahead.keys()]), eb('run_at', '<=', now)]),
    ...[...ahead].map(([merchantId, ms]) => eb.and([eb('merchant_id', '=', merchantId), eb('run_at', '<=', now + ms)])),
  ]);
}

export const INTERRUPTED = 'interrupted: the relay stopped before the attempt finished (lease expired)';

/**
 * Due rows, oldest first, leaving out those addressed to the `exclude` origins (`scheme://host[:port]`,
 * matched as a prefix of the URL): what the relay chooses from, so that the backlog of a target that
 * already has its share of attempts in flight cannot fill the window (docs/decisions/0825).
 */
export async function dueCandidates(
  db: Kysely<Database>,
  now: number,
  opts: { kinds?: OutboxKind[] | undefined; exclude: string[]; limit: number; ahead?: ReadonlyMap<string, number> },
): Promise<Array<{ id: string; targetUrl: string; kind: OutboxKind }>> {
  let q = db
    .selectFrom('outbox')
    .select(['id', 'target_url', 'kind'])
    .where('status', 'in', ['pending', 'delivering'])
    .where((eb) => dueAt(eb, now, opts.ahead));
  if (opts.kinds) q = q.where('kind', 'in', opts.kinds);
  for (const origin of opts.exclude) {
    const prefix = `${origin}/`;
    q = q.where('target_url', '!=', origin).where(sql<string>`substr(target_url, 1, ${prefix.length})`, '!=', prefix);
  }
  const rows = await q.orderBy('run_at').limit(opts.limit).execute();
  return rows.map((r) => ({ id: r.id, targetUrl: r.target_url, kind: r.kind }));
}

/** Is anything due? A cheap read, so an idle relay does not open write transactions. */
export async function anyDue(
  db: Kysely<Database>,
  now: number,
  kinds?: OutboxKind[],
  ahead?: ReadonlyMap<string, number>,
): Promise<boolean> {
  let q = db
    .selectFrom('outbox')
    .select('id')
    .where('status', 'in', ['pending', 'delivering'])
    .where((eb) => dueAt(eb, now, ahead));
  if (kinds) q = q.where('kind', 'in', kinds);
  const r = await q.limit(1).executeTakeFirst();
  return r !== undefined;
}

/**
 * Claims up to `limit` due rows for `relayId` until `now + leaseMs`, counts the attempt, marks an
 * attempt left open by a relay that died as interrupted, and opens this attempt's record. Call it in
 * a write transaction: on PostgreSQL the rows are picked with `FOR UPDATE SKIP LOCKED`, so relays on
 * other nodes claim disjoint rows; on SQLite writers are serialised, which gives the same guarantee.
 */
export async function claimDue(
  trx: Kysely<Database>,
  dialect: Dialect,
  opts: {
    relayId: string;
    now: number;
    leaseMs: number;
    limit: number;
    kinds?: OutboxKind[] | undefined;
    ids?: string[] | undefined;
    ahead?: ReadonlyMap<string, number>;
  },
): Promise<Delivery[]> {
  const { relayId, now, leaseMs, limit, kinds, ids: only, ahead } = opts;
  const until = now + leaseMs;
  if (only && only.length === 0) return [];
  let pick = trx
    .selectFrom('outbox')
    .select('id')
    .where('status', 'in', ['pending', 'delivering'])
    .where((eb) => dueAt(eb, now, ahead));
  // only these kinds (a relay without SMTP leaves e-mails queued)
  if (kinds) pick = pick.where('kind', 'in', kinds);
  // only these rows, chosen fairly across targets by the relay (still due: another relay may have taken some)
  if (only) pick = pick.where('id', 'in', only);
  const due = pick.orderBy('run_at').limit(limit);
  const rows = await trx
    .updateTable('outbox')
    .set((eb) => ({
      status: 'delivering',
      locked_by: relayId,
      // the lease ends in the row's merchant's time (docs/decisions/0940)
      locked_until: leaseEnd(eb, until, ahead),
      run_at: leaseEnd(eb, until, ahead),
      attempts: eb('attempts', '+', 1),
      updated_at: now,
    }))
    .where('id', 'in', dialect.skipLocked ? due.forUpdate().skipLocked() : due)
    .returningAll()
    .execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  await trx
    .updateTable('delivery_attempts')
    .set({ finished_at: now, error: INTERRUPTED })
    .where('outbox_id', 'in', ids)
    .where('finished_at', 'is', null)
    .execute();
  await trx
    .insertInto('delivery_attempts')
    .values(
      rows.map((r) => ({
        outbox_id: r.id,
        attempt_no: Number(r.attempts),
        relay_id: relayId,
        started_at: now + (ahead?.get(r.merchant_id) ?? 0),
        finished_at: null,
        status_code: null,
        latency_ms: null,
        error: null,
        response_excerpt: null,
      })),
    )
    .execute();
  return rows.map(toDelivery).sort((a, b) => a.id.localeCompare(b.id));
}

/** `until`, moved by the test clock of the row's merchant when it runs ahead. */
function leaseEnd(
  eb: ExpressionBuilder<Database, 'outbox'>,
  until: number,
  ahead: ReadonlyMap<string, number> | undefined,
) {
  if (!ahead || ahead.size === 0) return eb.val(until);
  let c = eb
    .case()
    .when('merchant_id', '=', [...ahead.keys()][0]!)
    .then(until + [...ahead.values()][0]!);
  for (const [merchantId, ms] of [...ahead].slice(1)) c = c.when('merchant_id', '=', merchantId).then(until + ms);
  return c.else(until).end();
}

export interface AttemptResult {
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  responseExcerpt: string | null;
}

export type NextState = { status: 'delivered' } | { status: 'pending'; runAt: number } | { status: 'failed' };

/**
 * Records how attempt `attemptNo` of a row ended and, if `relayId` still holds the row's lease for
 * that attempt, moves the row on. A relay that lost its lease (it was too slow, the row was claimed
 * again) records its attempt but leaves the row to the relay that holds it now. Answers whether the
 * row was moved.
 */
export async function settleAttempt(
  trx: Kysely<Database>,
  opts: { outboxId: string; relayId: string; attemptNo: number; now: number; result: AttemptResult; next: NextState },
): Promise<boolean> {
  const { outboxId, relayId, attemptNo, now, result, next } = opts;
  await trx
    .updateTable('delivery_attempts')
    .set({
      finished_at: now,
      status_code: result.statusCode,
      latency_ms: result.latencyMs,
      error: result.error,
      response_excerpt: result.responseExcerpt,
    })
    .where('outbox_id', '=', outboxId)
    .where('attempt_no', '=', attemptNo)
    .execute();
  const status: OutboxStatus = next.status;
  const res = await trx
    .updateTable('outbox')
    .set({
      status,
      run_at: next.status === 'pending' ? next.runAt : now,
      locked_by: null,
      locked_until: null,
      last_error:
        next.status === 'delivered'
          ? null
          : (result.error ?? (result.statusCode === null ? 'no response' : `HTTP ${result.statusCode}`)),
      updated_at: now,
      ...(next.status === 'delivered' ? { delivered_at: now } : {}),
    })
    .where('id', '=', outboxId)
    .where('locked_by', '=', relayId)
    .where('attempts', '=', attemptNo)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

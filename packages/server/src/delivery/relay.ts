import { hostname } from 'node:os';
import { metrics, relayHeartbeat, relayStopped } from '../lib/metrics.js';
import type { Delivery } from '../domain/notifications/notification.types.js';
import { afterFailure } from '../domain/notifications/retry.schedule.js';
import type { DomainDeps } from '../domain/ports.js';
import { aheadOf, nowOf, realNow } from '../lib/clock.js';
import type { Store } from '../store/db.js';
import { anyDue, claimDue, dueCandidates, type NextState, settleAttempt } from '../store/outbox-relay.repo.js';
import type { OutboxKind } from '../store/outbox.table.js';
import { createSmtpSender, type EmailSender } from './email-sender.js';
import { sendEmailAttempt } from './email-attempt.js';
import { type RelayLog, type RelayOptions, relayOptionsOf, silentRelayLog } from './relay-options.js';
import type { Config } from '../config.js';
import { EndpointGone, signedRequestFor } from './signed-request.js';
import { createHttpSender, isSuccess, type OutgoingRequest, type Sender, type SendResult } from './http-sender.js';
import { type ChaosSettings, chaosOf, holdFor, strikes } from './delivery-chaos.js';
import type { ListenHub } from './listen-hub.js';
import { endpointOfRow, fanOut } from './webhook-endpoints.service.js';
import { postponeClaimed } from '../store/webhook-endpoints.repo.js';

/** The key of the e-mail lane: every e-mail goes through the one SMTP server. */
const EMAIL_LANE = 'email';

/** Where an attempt goes, for the per-target bound: the URL's origin, or the e-mail lane. */
function targetKey(kind: OutboxKind, targetUrl: string): string {
  if (kind === 'email') return EMAIL_LANE;
  try {
    return new URL(targetUrl).origin;
  } catch {
    // expected: not a URL: the address itself is the lane
    return targetUrl;
  }
}

/** Every outbox kind but e-mail: what a relay without SMTP claims. */
const WITHOUT_EMAIL: OutboxKind[] = ['webhook', 'dmn'];

export interface TickResult {
  attempted: number;
  delivered: number;
}

/**
 * The outbox relay: claims due notifications under a lease, signs and sends them, records every
 * attempt and reschedules by docs/notifications.md. Time comes only from `deps.clock`; `tick()` processes
 * what is due once (tests move a manual clock, then tick), `start()` polls until `stop()`.
 */
export { type RelayLog, type RelayOptions, relayOptionsOf } from './relay-options.js';

export class Relay {
  readonly id: string;
  readonly #store: Store;
  readonly #deps: DomainDeps;
  readonly #sender: Sender;
  readonly #ownsSender: boolean;
  readonly #mailer: EmailSender | undefined;
  readonly #ownsMailer: boolean;
  readonly #leaseMs: number;
  readonly #concurrency: number;
  readonly #perTarget: number;
  readonly #emailConcurrency: number;
  /** attempts in flight per target key (an origin, or `email`) */
  readonly #inflightByTarget = new Map<string, number>();
  readonly #pollMs: number;
  readonly #log: RelayLog;
  readonly #inflight = new Set<Promise<void>>();
  #running = false;
  #loop: Promise<void> | undefined;
  #wake: (() => void) | undefined;
  /** where `gatehouse listen` streams read what is sent (docs/decisions/0920) */
  readonly #listen: ListenHub | undefined;
  readonly #chaos: boolean;
  /** aborts chaos delays when the relay stops */
  readonly #stopping = new AbortController();

  constructor(
    parts: {
      store: Store;
      deps: DomainDeps;
      log?: RelayLog;
      sender?: Sender;
      mailer?: EmailSender;
      listen?: ListenHub | undefined;
    },
    options: RelayOptions,
  ) {
    this.#store = parts.store;
    this.#deps = parts.deps;
    this.#log = parts.log ?? silentRelayLog;
    this.#sender =
      parts.sender ?? createHttpSender({ timeoutMs: options.timeoutMs, allowPrivate: options.allowPrivate });
    this.#ownsSender = parts.sender === undefined;
    this.#mailer =
      parts.mailer ?? (options.smtp ? createSmtpSender({ ...options.smtp, timeoutMs: options.timeoutMs }) : undefined);
    this.#ownsMailer = parts.mailer === undefined && this.#mailer !== undefined;
    this.#leaseMs = options.leaseMs ?? options.timeoutMs * 2 + 5_000;
    this.#concurrency = options.concurrency ?? 16;
    this.#perTarget = Math.max(1, options.perTarget ?? 8);
    this.#emailConcurrency = Math.max(1, options.emailConcurrency ?? 4);
    this.#pollMs = options.pollMs ?? 250;
    this.id = options.id ?? `${hostname()}:${process.pid}:${parts.deps.ids.token(6)}`;
    this.#listen = parts.listen;
    this.#chaos = options.chaos === true;
  }

  /** Delivers every row due now (claiming in rounds of `concurrency`), waits for each attempt to settle. */
  async tick(): Promise<TickResult> {
    const out: TickResult = { attempted: 0, delivered: 0 };
    for (let round = 0; round < 10_000; round++) {
      const rows = await this.#claim(this.#concurrency);
      if (rows.length === 0) break;
      const settled = await Promise.all(rows.map((r) => this.#deliver(r)));
      out.attempted += rows.length;
      out.delivered += settled.filter((s) => s === 'delivered').length;
    }
    return out;
  }

  /** Polls for due rows every `pollMs` (sooner after `wake()`), delivering up to `concurrency` at once. */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#loop = this.#run();
    this.#log.info({ relay: this.id }, 'notification relay started');
  }

  /** Claim now instead of at the next poll (e.g. after a commit that queued notifications). */
  wake(): void {
    this.#wake?.();
  }

  /** Stops polling and waits for the attempts in flight to settle. */
  async stop(): Promise<void> {
    this.#running = false;
    this.#stopping.abort();
    this.wake();
    await this.#loop;
    relayStopped(this);
    await Promise.all([...this.#inflight]);
    if (this.#ownsSender) await this.#sender.close();
    if (this.#ownsMailer) await this.#mailer?.close();
  }

  async #run(): Promise<void> {
    while (this.#running) {
      relayHeartbeat(this, performance.now());
      let claimedFull = false;
      try {
        const free = this.#concurrency - this.#inflight.size;
        // Claim in batches (a claim is a write transaction): wait for a quarter of the slots to free up.
        if (free > 0 && (this.#inflight.size === 0 || free >= Math.ceil(this.#concurrency / 4))) {
          const rows = await this.#claim(free);
          claimedFull = rows.length === free;
          for (const row of rows) {
            const p: Promise<void> = this.#deliver(row).then(
              () => {
                this.#inflight.delete(p);
                this.wake();
              },
              () => {
                this.#inflight.delete(p);
              },
            );
            this.#inflight.add(p);
          }
        }
      } catch (err) {
        this.#log.error({ err, relay: this.id }, 'claiming notifications failed; retrying at the next poll');
      }
      if (claimedFull || !this.#running) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, this.#pollMs);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.#wake = done;
      });
      this.#wake = undefined;
    }
  }

  /**
   * Claims up to `limit` due rows, fairly (docs/decisions/0825): the oldest due rows of each target in
   * turn, one target at a time, never more in flight to one target than `perTarget` (e-mails: one lane
   * of `emailConcurrency`). A slow or dead receiver holds its own share of the slots, not every slot.
   */
  async #claim(limit: number): Promise<Delivery[]> {
    // the base time; rows of a merchant whose test clock runs ahead are due by its time (0940)
    const now = realNow(this.#deps.clock);
    const ahead = aheadOf(this.#deps.clock);
    // Without a mailer, e-mails are kept (pending) for the admin API: this relay leaves them alone.
    const kinds = this.#mailer ? undefined : WITHOUT_EMAIL;
    if (!(await anyDue(this.#store.db, now, kinds, ahead))) return [];
    // targets already at their bound are left out of the window, so their backlog cannot fill it
    const full = [...this.#inflightByTarget].filter(([key, n]) => n >= this.#capOf(key)).map(([key]) => key);
    const lanes = full.includes(EMAIL_LANE) ? WITHOUT_EMAIL : kinds;
    const candidates = await dueCandidates(this.#store.db, now, {
      kinds: lanes,
      exclude: full.filter((key) => key !== EMAIL_LANE),
      limit: limit * 4,
      ahead,
    });
    // in turn across targets: each target's oldest first, one per target per turn
    const queues = new Map<string, string[]>();
    for (const c of candidates) {
      const key = targetKey(c.kind, c.targetUrl);
      queues.set(key, [...(queues.get(key) ?? []), c.id]);
    }
    const taken = new Map<string, number>();
    const chosen: string[] = [];
    for (let progress = true; progress && chosen.length < limit;) {
      progress = false;
      for (const [key, ids] of queues) {
        if (chosen.length >= limit) break;
        const used = (this.#inflightByTarget.get(key) ?? 0) + (taken.get(key) ?? 0);
        if (ids.length === 0 || used >= this.#capOf(key)) continue;
        chosen.push(ids.shift()!);
        taken.set(key, (taken.get(key) ?? 0) + 1);
        progress = true;
      }
    }
    if (chosen.length === 0) return [];
    return this.#store.write((trx) =>
      claimDue(trx, this.#store.dialect, {
        relayId: this.id,
        now,
        leaseMs: this.#leaseMs,
        limit: chosen.length,
        kinds,
        ids: chosen,
        ahead,
      }),
    );
  }

  #capOf(key: string): number {
    return key === EMAIL_LANE ? this.#emailConcurrency : this.#perTarget;
  }

  async #deliver(row: Delivery): Promise<NextState['status']> {
    const key = targetKey(row.kind, row.targetUrl);
    this.#inflightByTarget.set(key, (this.#inflightByTarget.get(key) ?? 0) + 1);
    try {
      return await this.#attempt(row);
    } finally {
      const left = (this.#inflightByTarget.get(key) ?? 1) - 1;
      if (left <= 0) this.#inflightByTarget.delete(key);
      else this.#inflightByTarget.set(key, left);
    }
  }

  async #attempt(row: Delivery): Promise<NextState['status']> {
    if (row.kind === 'email')
      return this.#settle(row, ...(await sendEmailAttempt(this.#mailer!, this.#deps, this.#log, row)));
    // A site's webhook, at its first attempt, is queued once more for each matching endpoint (0921).
    if (row.kind === 'webhook' && row.attempts === 1 && row.eventType !== 'test.notification' && !endpointOfRow(row)) {
      await fanOut(this.#store, this.#deps, row, this.#deps.clock.now()).then(
        (n) => n > 0 && this.wake(),
        (err: unknown) =>
          this.#log.error({ err, notification: row.id }, 'queueing the webhook for the site’s endpoints failed'),
      );
    }
    const chaos = this.#chaos ? await this.#chaosOf(row.siteId) : undefined;
    if (chaos && row.attempts === 1 && strikes(chaos, 'reorder', row.id, row.attempts)) {
      const runAt = this.#deps.clock.now() + chaos.reorderMs;
      const held = await this.#store.write((trx) =>
        postponeClaimed(trx, {
          outboxId: row.id,
          relayId: this.id,
          attemptNo: row.attempts,
          runAt,
          now: this.#deps.clock.now(),
        }),
      );
      this.#log.info(
        { notification: row.id, chaos: 'reorder', heldMs: chaos.reorderMs, held },
        'delivery chaos: held back',
      );
      return 'pending';
    }
    let result: SendResult;
    let gone = false;
    try {
      if (chaos && strikes(chaos, 'drop', row.id, row.attempts)) {
        this.#log.info({ notification: row.id, chaos: 'drop' }, 'delivery chaos: dropped');
        result = {
          statusCode: null,
          latencyMs: 0,
          error: 'chaos: dropped (sandbox delivery chaos)',
          responseExcerpt: null,
        };
      } else {
        const request = await signedRequestFor(this.#store, this.#deps, row);
        if (chaos && strikes(chaos, 'delay', row.id, row.attempts)) {
          this.#log.info({ notification: row.id, chaos: 'delay', delayMs: chaos.delayMs }, 'delivery chaos: delayed');
          await holdFor(chaos.delayMs, this.#stopping.signal);
        }
        result = await this.#send(row, request);
        if (chaos && strikes(chaos, 'duplicate', row.id, row.attempts)) {
          this.#log.info({ notification: row.id, chaos: 'duplicate' }, 'delivery chaos: sent twice');
          await this.#send(row, request).catch(() => undefined); // expected: chaos's extra copy; the real attempt's result is the one recorded
        }
      }
    } catch (err) {
      gone = err instanceof EndpointGone;
      result = { statusCode: null, latencyMs: 0, error: (err as Error).message, responseExcerpt: null };
    }
    const now = nowOf(this.#deps.clock, row.merchantId);
    const next: NextState = isSuccess(result)
      ? { status: 'delivered' }
      : gone
        ? { status: 'failed' }
        : afterFailure(row.kind, row.attempts - row.retryBase, now);
    return this.#settle(row, result, next);
  }

  /** Sends one request; what goes to a site's own address is streamed to its listeners first (0920). */
  async #send(row: Delivery, request: OutgoingRequest): Promise<SendResult> {
    if (this.#listen && row.kind !== 'email' && !endpointOfRow(row)) {
      this.#listen.publish({
        notificationId: row.id,
        kind: row.kind,
        eventType: row.eventType,
        merchantId: row.merchantId,
        siteId: row.siteId,
        attempt: row.attempts,
        headers: request.headers,
        body: request.body,
        sentAt: this.#deps.clock.now(),
      });
    }
    return this.#sender.send(request);
  }

  /** The site's chaos settings; none when they cannot be read (chaos never stops a delivery). */
  async #chaosOf(siteId: string): Promise<ChaosSettings | undefined> {
    try {
      return await chaosOf(this.#store, siteId);
    } catch (err) {
      this.#log.error({ err, siteId }, 'reading delivery chaos settings failed; sending without chaos');
      return undefined;
    }
  }

  async #settle(row: Delivery, result: SendResult, next: NextState): Promise<NextState['status']> {
    const now = nowOf(this.#deps.clock, row.merchantId);
    try {
      const moved = await this.#store.write((trx) =>
        settleAttempt(trx, { outboxId: row.id, relayId: this.id, attemptNo: row.attempts, now, result, next }),
      );
      if (!moved) this.#log.warn({ relay: this.id, notification: row.id }, 'lease lost before the attempt settled');
      if (next.status === 'failed') {
        this.#log.warn({ notification: row.id, attempts: row.attempts }, 'notification retry schedule exhausted');
      }
    } catch (err) {
      // The lease runs out and the row is claimed again: delivery stays at least once.
      this.#log.error({ err, relay: this.id, notification: row.id }, 'recording a delivery attempt failed');
    }
    metrics.deliveryAttempts.inc({ kind: row.kind, outcome: next.status === 'pending' ? 'retry' : next.status });
    return next.status;
  }
}

/** Starts a relay over the runtime's store, polling until `stop()` (the server's and `gatehouse worker`'s). */
export function startRelay(
  rt: { store: Store; deps: DomainDeps; config: Config; listen?: ListenHub | undefined },
  log?: RelayLog,
): Relay {
  const relay = new Relay(
    { store: rt.store, deps: rt.deps, listen: rt.listen, ...(log ? { log } : {}) },
    relayOptionsOf(rt.config),
  );
  relay.start();
  return relay;
}

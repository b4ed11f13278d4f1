import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (prom-client), served at `/metrics` by `http/ops/metrics.ts`. Any
 * module may import and increment these without depending on Fastify: the e-mail sender counts
 * `metrics.emails.inc({ outcome: 'sent' })`, the relay its attempts, the store its batches.
 * One registry per process: metrics describe the process, as the Node defaults below do.
 */
export const metricsRegistry = new Registry();

// Node's own: CPU, memory, GC, handles, and `gatehouse_nodejs_eventloop_lag_*` (event-loop lag).
collectDefaultMetrics({ register: metricsRegistry, prefix: 'gatehouse_' });

const registers = [metricsRegistry];

export const metrics = {
  httpRequests: new Counter({
    name: 'gatehouse_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  }),
  httpDuration: new Histogram({
    name: 'gatehouse_http_request_duration_seconds',
    help: 'Time from the request to its answer, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  }),
  groupCommitBatchSize: new Histogram({
    name: 'gatehouse_group_commit_batch_size',
    help: 'Write units committed together by one SQLite group commit',
    buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
    registers,
  }),
  walSyncSeconds: new Histogram({
    name: 'gatehouse_wal_fsync_seconds',
    help: 'Duration of the SQLite WAL fsync that makes a group commit durable',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers,
  }),
  deliveryAttempts: new Counter({
    name: 'gatehouse_outbox_delivery_attempts_total',
    help: 'Notification delivery attempts by kind (webhook, dmn, email) and outcome (delivered, retry, failed)',
    labelNames: ['kind', 'outcome'] as const,
    registers,
  }),
  emails: new Counter({
    name: 'gatehouse_emails_total',
    help: 'E-mail attempts at the SMTP server, by outcome (sent; retry: no connection or 4xx; failed: 5xx)',
    labelNames: ['outcome'] as const,
    registers,
  }),
};

/** When each relay running in this process last went round its loop (monotonic ms). */
const relayBeats = new Map<object, number>();
export function relayHeartbeat(relay: object, at: number): void {
  relayBeats.set(relay, at);
}
/** A relay stopped: it no longer counts for readiness. */
export function relayStopped(relay: object): void {
  relayBeats.delete(relay);
}
/** The oldest last beat of the relays running here (the most stalled); undefined while none runs. */
export function lastRelayHeartbeat(): number | undefined {
  let oldest: number | undefined;
  for (const at of relayBeats.values()) if (oldest === undefined || at < oldest) oldest = at;
  return oldest;
}

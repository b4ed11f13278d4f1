import { Gauge, Registry } from 'prom-client';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { lastRelayHeartbeat, metrics, metricsRegistry } from '../../lib/metrics.js';
import { migrationState } from '../../store/migrate.js';

/** A relay that has not gone round its loop for this long is stalled (its poll is at most 60 s). */
const RELAY_STALE_MS = 90_000;

/**
 * `/metrics` (Prometheus text) and `/ready` (docs/ops/metrics.md). Request counts and latencies are
 * taken in a root `onResponse` hook by route pattern (never the raw URL: ids would explode the label
 * set); the outbox and pool gauges are read from the store when Prometheus scrapes.
 */
export function registerMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  // Per application (a test process runs several): the store's gauges, read at each scrape.
  const storeRegistry = new Registry();
  const { store, deps } = app.services;
  new Gauge({
    name: 'gatehouse_outbox_depth',
    help: 'Notifications not yet delivered or given up (pending or being delivered)',
    registers: [storeRegistry],
    async collect() {
      const row = await store.db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', 'in', ['pending', 'delivering'])
        .executeTakeFirst();
      this.set(Number(row?.n ?? 0));
    },
  });
  new Gauge({
    name: 'gatehouse_outbox_oldest_due_age_seconds',
    help: 'How long the oldest due, undelivered notification has been waiting past its run time (0 when none)',
    registers: [storeRegistry],
    async collect() {
      const now = deps.clock.now();
      const row = await store.db
        .selectFrom('outbox')
        .select((eb) => eb.fn.min<number>('run_at').as('oldest'))
        .where('status', '=', 'pending')
        .where('run_at', '<=', now)
        .executeTakeFirst();
      const oldest = row?.oldest === null || row?.oldest === undefined ? now : Number(row.oldest);
      this.set(Math.max(0, (now - oldest) / 1000));
    },
  });
  new Gauge({
    name: 'gatehouse_store_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting clients, max); absent on SQLite',
    labelNames: ['state'] as const,
    registers: [storeRegistry],
    collect() {
      const s = store.poolStats?.();
      if (!s) return;
      for (const [state, n] of Object.entries(s)) this.set({ state }, n);
    },
  });

  app.get(
    '/metrics',
    { schema: { summary: 'Prometheus metrics', tags: ['operations'], hide: true } },
    async (_request, reply) => {
      const text = (await metricsRegistry.metrics()) + (await storeRegistry.metrics());
      return reply.type(metricsRegistry.contentType).send(text);
    },
  );

  const Ready = Type.Object({
    status: Type.Enum(['ready', 'unavailable']),
    store: Type.Enum(['up', 'down']),
    migrations: Type.Enum(['done', 'pending', 'unknown']),
    relay: Type.Enum(['alive', 'stalled', 'absent']),
  });
  app.get(
    '/ready',
    {
      schema: {
        summary:
          'Readiness: the store answers, every migration is applied, the relay of this process (if any) is alive',
        tags: ['operations'],
        response: { 200: Ready, 503: Ready },
      },
    },
    async (request, reply) => {
      let storeUp = true;
      let migrations: 'done' | 'pending' | 'unknown' = 'unknown';
      try {
        // its reads are the store's answer: no separate ping
        migrations = await migrationState(store.db, store.dialect);
      } catch (err) {
        storeUp = false;
        request.log.warn({ err }, 'readiness check: store unreachable');
      }
      const beat = lastRelayHeartbeat();
      const relay = beat === undefined ? 'absent' : performance.now() - beat > RELAY_STALE_MS ? 'stalled' : 'alive';
      const ready = storeUp && migrations === 'done' && relay !== 'stalled';
      return reply
        .code(ready ? 200 : 503)
        .send({ status: ready ? 'ready' : 'unavailable', store: storeUp ? 'up' : 'down', migrations, relay });
    },
  );
}

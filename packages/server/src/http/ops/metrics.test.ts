import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRelay } from '../../delivery/relay.js';
import { metrics } from '../../lib/metrics.js';
import { dialects, freshPgSchema } from '../../../test/dialects.js';
import { apiKey, type Gateway, startGateway, validOrder } from '../../../test/harness.js';

describe.each(dialects())('metrics and readiness on %s', (dialect) => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await startGateway({ dialect });
  });
  afterAll(async () => {
    await gw.close();
  });

  it('serves Prometheus text with requests by route and status, latency, outbox, event-loop lag and e-mails after traffic', async () => {
    await gw.request('POST', '/orders', { headers: apiKey(gw), body: validOrder(gw) });
    // a webhook to a closed port: queued now, retried after the relay's attempt
    const queued = await gw.request('POST', '/admin/v1/test-notifications', {
      headers: apiKey(gw),
      body: { kind: 'webhook', url: 'http://127.0.0.1:9/t' },
    });
    expect(queued.status).toBe(202);
    await gw.request('GET', '/orders/status?sessionId=nope', { headers: apiKey(gw) });
    metrics.emails.inc({ outcome: 'sent' });
    const r = await gw.request('GET', '/metrics');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(r.text).toMatch(/^# TYPE gatehouse_http_requests_total counter$/m);
    expect(r.text).toMatch(/^gatehouse_http_requests_total\{method="POST",route="\/orders",status="201"\} [1-9]/m);
    expect(r.text).toMatch(
      /^gatehouse_http_requests_total\{method="GET",route="\/orders\/status",status="404"\} [1-9]/m,
    );
    expect(r.text).toMatch(/^# TYPE gatehouse_http_request_duration_seconds histogram$/m);
    expect(r.text).toMatch(
      /^gatehouse_http_request_duration_seconds_bucket\{le="\+Inf",method="POST",route="\/orders",status="201"\} [1-9]/m,
    );
    expect(r.text).toMatch(/^gatehouse_outbox_depth [1-9]/m);
    expect(r.text).toMatch(/^gatehouse_outbox_oldest_due_age_seconds \d/m);
    expect(r.text).toMatch(/^gatehouse_nodejs_eventloop_lag_seconds \d/m);
    expect(r.text).toMatch(/^gatehouse_emails_total\{outcome="sent"\} [1-9]/m);
    expect(r.text).toMatch(/^# TYPE gatehouse_outbox_delivery_attempts_total counter$/m);
    if (dialect === 'postgres') expect(r.text).toMatch(/^gatehouse_store_pool_connections\{state="max"\} 10$/m);
    else expect(r.text).toMatch(/^# TYPE gatehouse_group_commit_batch_size histogram$/m);
  });

  it('answers /ready with the store up, migrations done, and the relay of this process alive', async () => {
    const before = await gw.request('GET', '/ready');
    expect(before.status).toBe(200);
    expect(before.json).toMatchObject({ status: 'ready', store: 'up', migrations: 'done' });
    const relay = startRelay(gw.rt);
    try {
      let r = await gw.request('GET', '/ready');
      for (let i = 0; i < 100 && r.json.relay !== 'alive'; i++) r = await gw.request('GET', '/ready');
      expect(r.json).toEqual({ status: 'ready', store: 'up', migrations: 'done', relay: 'alive' });
    } finally {
      await relay.stop();
    }
    let metricsText = (await gw.request('GET', '/metrics')).text;
    for (let i = 0; i < 100 && !/delivery_attempts_total\{kind="webhook"/.test(metricsText); i++) {
      const again = startRelay(gw.rt);
      await again.tick();
      await again.stop();
      metricsText = (await gw.request('GET', '/metrics')).text;
    }
    expect(metricsText).toMatch(/^gatehouse_outbox_delivery_attempts_total\{kind="webhook",outcome="retry"\} [1-9]/m);
  });

  it('answers /ready 503 with migrations pending while one migration of this build is not recorded as applied', async () => {
    const other = await startGateway({ dialect });
    try {
      await other.rt.store.write((trx) =>
        sql`DELETE FROM kysely_migration WHERE name = '0031_transaction_search_indexes'`.execute(trx),
      );
      const r = await other.request('GET', '/ready');
      expect(r.status).toBe(503);
      expect(r.json).toMatchObject({ status: 'unavailable', store: 'up', migrations: 'pending' });
    } finally {
      await other.close();
    }
  });

  it.runIf(dialect === 'postgres')(
    'answers /ready from its own schema while other schemas of the database are created and dropped',
    async () => {
      const churn = async () => {
        for (let i = 0; i < 15; i++) {
          const s = await freshPgSchema();
          const c = new pg.Client({ connectionString: s.url });
          await c.connect();
          await c.query('CREATE TABLE t (id int PRIMARY KEY, v text)');
          await c.end();
          await s.drop();
        }
      };
      const probe = async () => {
        const seen: unknown[] = [];
        for (let i = 0; i < 60; i++) seen.push((await gw.request('GET', '/ready')).json);
        return seen;
      };
      const [, seen] = await Promise.all([churn(), probe()]);
      for (const answer of seen) expect(answer).toMatchObject({ store: 'up', migrations: 'done' });
    },
  );
});

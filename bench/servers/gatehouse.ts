/**
 * (c) Gatehouse itself, wired exactly as `gatehouse start` wires it (packages/server/src/main.ts):
 * loadConfig → openRuntime (migrations) → buildApp → ensureDemoMerchant → listen. Configuration
 * comes from the environment the parent sets: GATEHOUSE_DATA_DIR (a fresh temporary folder),
 * LOG_LEVEL (default info: the per-request log line is part of the cost; the parent points this
 * process's stdout, where pino writes, at a file), GATEHOUSE_SQLITE_SYNCHRONOUS (default FULL).
 *
 * BENCH_SERVER_FROM=dist (default; built by `npm run bench`, what `npm start` runs) or src (via tsx).
 *
 * BENCH_DATABASE_URL: PostgreSQL instead of SQLite, in a fresh schema of that database dropped at stop;
 * BENCH_CLUSTER=N with it: N workers (node:cluster, as `gatehouse start --cluster N` runs them) sharing
 * one port, this process the primary (its CPU figures are then the primary's alone).
 * BENCH_PRELOAD=N: N orders written straight into the store's tables before listening (bench/preload.ts).
 *
 * BENCH_WHATIF=stmt-cache (diagnostic only, never the measured product): patches better-sqlite3 in
 * this process so that `prepare(sql)` returns a cached statement per connection and SQL text,
 * to show what re-preparing every statement (Kysely's SqliteDriver does) costs Gatehouse.
 */
import type { buildApp as BuildApp } from '../../packages/server/src/app.js';
import type { ensureDemoMerchant as EnsureDemoMerchant } from '../../packages/server/src/bootstrap/demo.js';
import type { loadConfig as LoadConfig } from '../../packages/server/src/config.js';
import type { openRuntime as OpenRuntime } from '../../packages/server/src/runtime.js';
import cluster from 'node:cluster';
import { createServer } from 'node:net';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { preloadOrders } from '../preload.js';
import { fail, progress, serve } from './child.js';

const BENCH_MASTER_KEY = '42'.repeat(32);
const from = process.env.BENCH_SERVER_FROM === 'src' ? 'src' : 'dist';
const mod = <T>(path: string): Promise<T> =>
  import(new URL(`../../packages/server/${from}/${path}`, import.meta.url).href) as Promise<T>;

function cachePreparedStatements(): void {
  type Db = InstanceType<typeof SqliteDatabase>;
  const proto = SqliteDatabase.prototype as unknown as { prepare(this: Db, sql: string): unknown };
  const prepare = proto.prepare;
  const caches = new WeakMap<Db, Map<string, unknown>>();
  proto.prepare = function (this: Db, sql: string) {
    let cache = caches.get(this);
    if (!cache) caches.set(this, (cache = new Map()));
    let stmt = cache.get(sql);
    if (!stmt) cache.set(sql, (stmt = prepare.call(this, sql)));
    return stmt;
  };
}

/** A fresh schema on the PostgreSQL database of `url`: the URL that uses it, and its drop. */
async function freshSchema(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const schema = `gh_bench_${process.pid}_${Date.now().toString(36)}`;
  const run = async (text: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  };
  await run(`CREATE SCHEMA ${schema}`);
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return { url: u.toString(), drop: () => run(`DROP SCHEMA IF EXISTS ${schema} CASCADE`) };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function main(): Promise<void> {
  const whatIf = (process.env.BENCH_WHATIF ?? '').split(',').filter(Boolean);
  if (whatIf.includes('stmt-cache')) cachePreparedStatements();
  const { loadConfig } = await mod<{ loadConfig: typeof LoadConfig }>('config.js');
  const { openRuntime } = await mod<{ openRuntime: typeof OpenRuntime }>('runtime.js');
  const { buildApp } = await mod<{ buildApp: typeof BuildApp }>('app.js');
  const { ensureDemoMerchant } = await mod<{ ensureDemoMerchant: typeof EnsureDemoMerchant }>('bootstrap/demo.js');

  const env = { ...process.env };
  delete env.DATABASE_URL; // the embedded SQLite store, unless the bench names a PostgreSQL database
  const workers = Number(process.env.BENCH_CLUSTER ?? 0);
  if (cluster.isWorker) {
    // A worker of BENCH_CLUSTER: the primary prepared the store and chose the port.
    const config = loadConfig(
      { ...env, DATABASE_URL: process.env.BENCH_WORKER_DB, HOST: '127.0.0.1', PORT: process.env.BENCH_WORKER_PORT },
      process.cwd(),
    );
    const rt = await openRuntime(config);
    const app = await buildApp(rt);
    await app.listen({ port: config.PORT, host: '127.0.0.1' });
    process.on(
      'disconnect',
      () =>
        void app
          .close()
          .then(() => rt.store.close())
          .finally(() => process.exit(0)),
    );
    process.send?.('listening');
    return;
  }
  const schema = process.env.BENCH_DATABASE_URL ? await freshSchema(process.env.BENCH_DATABASE_URL) : undefined;
  // Every node of one PostgreSQL store shares one master key; the bench's is a constant.
  const pgEnv = schema
    ? { DATABASE_URL: schema.url, GATEHOUSE_MASTER_KEY: env.GATEHOUSE_MASTER_KEY ?? BENCH_MASTER_KEY }
    : {};
  const config = loadConfig({ ...env, ...pgEnv, PORT: '0', HOST: '127.0.0.1' }, process.cwd());
  const rt = await openRuntime(config);
  const demo = await ensureDemoMerchant(rt.deps, config.dataDir);
  if (!demo) throw new Error('no demo merchant');
  const preload = Number(process.env.BENCH_PRELOAD ?? 0);
  if (preload > 0) await preloadOrders(rt.store, demo.credentials, preload, (done) => progress(done, preload));

  let url: string;
  let close: () => Promise<void>;
  if (workers > 0) {
    if (!schema) throw new Error('BENCH_CLUSTER needs BENCH_DATABASE_URL');
    const port = await freePort();
    cluster.setupPrimary({ execArgv: process.execArgv });
    const forked = Array.from({ length: workers }, () =>
      cluster.fork({
        BENCH_WORKER_DB: schema.url,
        BENCH_WORKER_PORT: String(port),
        GATEHOUSE_DEMO: 'false',
        GATEHOUSE_MASTER_KEY: pgEnv.GATEHOUSE_MASTER_KEY,
      }),
    );
    await Promise.all(
      forked.map(
        (w) =>
          new Promise((resolve, reject) => {
            w.once('message', resolve);
            w.once('exit', (code) => reject(new Error(`cluster worker exited with ${code}`)));
          }),
      ),
    );
    url = `http://127.0.0.1:${port}`;
    close = async () => {
      await Promise.all(
        forked.map(
          (w) =>
            new Promise((resolve) => {
              w.once('exit', resolve);
              w.disconnect();
            }),
        ),
      );
    };
  } else {
    const app = await buildApp(rt);
    url = await app.listen({ port: 0, host: '127.0.0.1' });
    app.log.info({ address: url, store: rt.store.dialect.name, dataDir: config.dataDir }, 'gatehouse listening');
    close = () => app.close();
  }

  await serve(
    {
      url,
      apiKey: demo.credentials.apiKey,
      processingEntityId: demo.credentials.processingEntityId,
      session: {
        merchantId: demo.credentials.merchantId,
        merchantSiteId: demo.credentials.merchantSiteId,
        merchantSecretKey: demo.credentials.merchantSecretKey,
      },
      dataDir: config.dataDir,
    },
    async () => {
      await close();
      const row = (await rt.store.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()) as { n: number | string };
      await rt.store.close();
      await schema?.drop();
      return {
        ordersStored: Number(row.n),
        store: rt.store.dialect.name,
        ...(workers > 0 ? { cluster: workers } : {}),
        ...(preload > 0 ? { preloaded: preload } : {}),
        synchronous: config.GATEHOUSE_SQLITE_SYNCHRONOUS,
        logLevel: config.LOG_LEVEL,
        from,
        whatIf,
      };
    },
  );
}

main().catch(fail);

/**
 * (c) Gatehouse itself, wired exactly as `gatehouse start` wires it (packages/server/src/main.ts):
 * loadConfig → openRuntime (migrations) → buildApp → ensureDemoMerchant → listen. Configuration
 * comes from the environment the parent sets: GATEHOUSE_DATA_DIR (a fresh temporary folder),
 * LOG_LEVEL (default info: the per-request log line is part of the cost; the parent points this
 * process's stdout, where pino writes, at a file), GATEHOUSE_SQLITE_SYNCHRONOUS (default FULL).
 *
 * BENCH_SERVER_FROM=dist (default; built by `npm run bench`, what `npm start` runs) or src (via tsx).
 *
 * BENCH_WHATIF=stmt-cache (diagnostic only, never the measured product): patches better-sqlite3 in
 * this process so that `prepare(sql)` returns a cached statement per connection and SQL text,
 * to show what re-preparing every statement (Kysely's SqliteDriver does) costs Gatehouse.
 */
import type { buildApp as BuildApp } from '../../packages/server/src/app.js';
import type { ensureDemoMerchant as EnsureDemoMerchant } from '../../packages/server/src/bootstrap/demo.js';
import type { loadConfig as LoadConfig } from '../../packages/server/src/config.js';
import type { openRuntime as OpenRuntime } from '../../packages/server/src/runtime.js';
import SqliteDatabase from 'better-sqlite3';
import { fail, serve } from './child.js';

const from = process.env.BENCH_SERVER_FROM === 'src' ? 'src' : 'dist';
const mod = <T>(path: string): Promise<T> => import(new URL(`../../packages/server/${from}/${path}`, import.meta.url).href) as Promise<T>;

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

async function main(): Promise<void> {
  const whatIf = (process.env.BENCH_WHATIF ?? '').split(',').filter(Boolean);
  if (whatIf.includes('stmt-cache')) cachePreparedStatements();
  const { loadConfig } = await mod<{ loadConfig: typeof LoadConfig }>('config.js');
  const { openRuntime } = await mod<{ openRuntime: typeof OpenRuntime }>('runtime.js');
  const { buildApp } = await mod<{ buildApp: typeof BuildApp }>('app.js');
  const { ensureDemoMerchant } = await mod<{ ensureDemoMerchant: typeof EnsureDemoMerchant }>('bootstrap/demo.js');

  const env = { ...process.env };
  delete env.DATABASE_URL; // this target is the embedded SQLite store
  const config = loadConfig({ ...env, PORT: '0', HOST: '127.0.0.1' }, process.cwd());
  const rt = await openRuntime(config);
  const app = await buildApp(rt);
  const demo = await ensureDemoMerchant(rt.deps, config.dataDir);
  if (!demo) throw new Error('no demo merchant');
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  app.log.info({ address: url, store: rt.store.dialect.name, dataDir: config.dataDir }, 'gatehouse listening');

  await serve(
    { url, apiKey: demo.credentials.apiKey, processingEntityId: demo.credentials.processingEntityId, dataDir: config.dataDir },
    async () => {
      await app.close();
      const row = (await rt.store.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()) as { n: number | string };
      await rt.store.close();
      return { ordersStored: Number(row.n), synchronous: config.GATEHOUSE_SQLITE_SYNCHRONOUS, logLevel: config.LOG_LEVEL, from, whatIf };
    },
  );
}

main().catch(fail);

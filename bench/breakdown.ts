/**
 * Where one `POST /orders` spends its time inside Gatehouse, without sockets or a load generator:
 * `node --import tsx bench/breakdown.ts [--requests N] [--concurrency N] [--src]`
 *
 * Runs the real app (openRuntime + buildApp + demo merchant, fresh SQLite folder, synchronous=FULL,
 * LOG_LEVEL=info into /dev/null) and drives it with `app.inject`, N requests with `concurrency` in
 * flight so group commit forms batches as under load. better-sqlite3 is instrumented from here:
 * every `prepare` and every statement execution is counted and timed, by SQL text. It prints the
 * statements one request costs, the time in SQLite (prepare vs execute vs COMMIT) against the
 * process's CPU per request, then the cost of a few pieces measured alone (pino line, JSON).
 * Diagnostic only: `npm run bench` is the measurement.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import pino from 'pino';
import { orderBody } from './order-body.js';

const { values } = parseArgs({
  options: {
    requests: { type: 'string' },
    concurrency: { type: 'string' },
    src: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(
    'Usage: node --import tsx bench/breakdown.ts [--requests N (default 20000)] [--concurrency N (default 50)] [--src]',
  );
  process.exit(0);
}
const REQUESTS = Number(values.requests ?? 20000);
const CONCURRENCY = Number(values.concurrency ?? 50);
const from = values.src ? 'src' : 'dist';
const mod = <T>(path: string): Promise<T> =>
  import(new URL(`../packages/server/${from}/${path}`, import.meta.url).href) as Promise<T>;

// ------------------------------------------------------------------------------------------------
// better-sqlite3 instrumentation

interface SqlStats {
  prepares: number;
  prepareNs: bigint;
  runs: number;
  runNs: bigint;
}
const bySql = new Map<string, SqlStats>();
let recording = false;
const statsOf = (sql: string): SqlStats => {
  let s = bySql.get(sql);
  if (!s) bySql.set(sql, (s = { prepares: 0, prepareNs: 0n, runs: 0, runNs: 0n }));
  return s;
};

type Db = InstanceType<typeof SqliteDatabase>;
const dbProto = SqliteDatabase.prototype as unknown as { prepare(this: Db, sql: string): object };
const originalPrepare = dbProto.prepare;
dbProto.prepare = function (this: Db, sql: string) {
  if (!recording) return originalPrepare.call(this, sql);
  const t = process.hrtime.bigint();
  const stmt = originalPrepare.call(this, sql);
  const s = statsOf(sql);
  s.prepares++;
  s.prepareNs += process.hrtime.bigint() - t;
  return stmt;
};
{
  const probe = new SqliteDatabase(':memory:');
  const stmtProto = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<string, (...a: unknown[]) => unknown>;
  for (const name of ['run', 'all', 'get']) {
    const original = stmtProto[name]!;
    stmtProto[name] = function (this: { source: string }, ...args: unknown[]) {
      if (!recording) return original.apply(this, args);
      const t = process.hrtime.bigint();
      try {
        return original.apply(this, args);
      } finally {
        const s = statsOf(this.source);
        s.runs++;
        s.runNs += process.hrtime.bigint() - t;
      }
    };
  }
  probe.close();
}

// ------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const { loadConfig } = await mod<typeof import('../packages/server/src/config.js')>('config.js');
  const { openRuntime } = await mod<typeof import('../packages/server/src/runtime.js')>('runtime.js');
  const { buildApp } = await mod<typeof import('../packages/server/src/app.js')>('app.js');
  const { ensureDemoMerchant } =
    await mod<typeof import('../packages/server/src/bootstrap/demo.js')>('bootstrap/demo.js');
  const { loggerOptions } = await mod<typeof import('../packages/server/src/http/logging.js')>('http/logging.js');
  const { authenticateApiKey } =
    await mod<typeof import('../packages/server/src/http/api-key-auth.js')>('http/api-key-auth.js');

  const dataDir = await mkdtemp(join(tmpdir(), 'gatehouse-breakdown-'));
  const config = loadConfig(
    { GATEHOUSE_DATA_DIR: dataDir, LOG_LEVEL: 'info', GATEHOUSE_SQLITE_SYNCHRONOUS: 'FULL' },
    process.cwd(),
  );
  const rt = await openRuntime(config);
  const logStream = createWriteStream('/dev/null');
  const app = await buildApp({ ...rt, logStream });
  const demo = (await ensureDemoMerchant(rt.deps, dataDir))!.credentials;
  await app.ready();
  const payload = orderBody(demo.processingEntityId);
  const headers = { 'content-type': 'application/json', 'x-api-key': demo.apiKey };
  const one = () => app.inject({ method: 'POST', url: '/orders', headers, payload });

  // warm-up
  for (let i = 0; i < 2000; i += CONCURRENCY) await Promise.all(Array.from({ length: CONCURRENCY }, one));

  recording = true;
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  let sent = 0;
  let non201 = 0;
  const worker = async () => {
    while (sent < REQUESTS) {
      sent++;
      const res = await one();
      if (res.statusCode !== 201) non201++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const wallUs = Number(process.hrtime.bigint() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  recording = false;
  const cpuUs = cpu.user + cpu.system;

  const commits = bySql.get('commit')?.runs ?? 0;
  console.log(
    `${REQUESTS} POST /orders via app.inject, ${CONCURRENCY} in flight, Gatehouse from packages/server/${from}, synchronous=FULL, LOG_LEVEL=info\n` +
      `  ${non201} non-201; ${(REQUESTS / (wallUs / 1e6)).toFixed(0)} req/s in-process; CPU ${(cpuUs / REQUESTS).toFixed(1)} us/request ` +
      `(${(cpu.system / REQUESTS).toFixed(1)} in the kernel); ${commits} commits = ${(REQUESTS / Math.max(1, commits)).toFixed(1)} orders per commit\n`,
  );
  const rows = [...bySql.entries()].sort((a, b) => Number(b[1].prepareNs + b[1].runNs - a[1].prepareNs - a[1].runNs));
  let prepNs = 0n;
  let runNs = 0n;
  let prepares = 0;
  let runs = 0;
  console.log('  per request   prepares  prep us/req  execs  exec us/req   SQL');
  for (const [sql, s] of rows) {
    prepNs += s.prepareNs;
    runNs += s.runNs;
    prepares += s.prepares;
    runs += s.runs;
    console.log(
      `  ${''.padEnd(12)}${(s.prepares / REQUESTS).toFixed(2).padStart(9)}  ${(Number(s.prepareNs) / 1000 / REQUESTS).toFixed(1).padStart(11)}` +
        `  ${(s.runs / REQUESTS).toFixed(2).padStart(5)}  ${(Number(s.runNs) / 1000 / REQUESTS).toFixed(1).padStart(11)}   ${sql.replace(/\s+/g, ' ').slice(0, 110)}`,
    );
  }
  const prepUs = Number(prepNs) / 1000 / REQUESTS;
  const execUs = Number(runNs) / 1000 / REQUESTS;
  const commitUs = Number(bySql.get('commit')?.runNs ?? 0n) / 1000 / REQUESTS;
  console.log(
    `\n  (wall-clock figures; on a busy machine they include time the process was not running)` +
      `\n  per request: ${(prepares / REQUESTS).toFixed(1)} statements prepared (${prepUs.toFixed(1)} us), ${(runs / REQUESTS).toFixed(1)} executed (${execUs.toFixed(1)} us, of which COMMIT ${commitUs.toFixed(1)} us)\n` +
      `  everything else (Fastify, JSON, Ajv, Kysely building and compiling queries, pino, promises, GC): ${(cpuUs / REQUESTS - prepUs - execUs).toFixed(1)} us of CPU\n` +
      `  (times inside SQLite are wall clock; COMMIT includes the fsync, which blocks the event loop but is mostly not CPU)`,
  );

  // Pieces alone.
  console.log('\npieces measured alone (CPU us per operation, best of 5 rounds):');
  const body = JSON.parse(payload) as Record<string, unknown>;
  const log = pino({ ...loggerOptions('info') }, pino.destination({ dest: '/dev/null', sync: false }));
  const logNoRedact = pino(
    { ...loggerOptions('info'), redact: [] },
    pino.destination({ dest: '/dev/null', sync: false }),
  );
  const child = log.child({ reqId: 'req_2Xb9abcdefghijklmnopqrst' });
  const childNoRedact = logNoRedact.child({ reqId: 'req_2Xb9abcdefghijklmnopqrst' });
  const line = { method: 'POST', path: '/orders', status: 201, ms: 1.23 };
  const conn = new SqliteDatabase(rt.store.file!);
  const keySql = [...bySql.keys()].find((s) => /from "api_keys"/i.test(s));
  const insertSql = [...bySql.keys()].find((s) => /^insert into "orders"/i.test(s));
  const keyId = /^gh_(key_[^_]+)_/.exec(demo.apiKey)?.[1];
  const pieces: Array<[string, () => unknown]> = [
    [
      'authenticateApiKey (Kysely builds, compiles, prepares, runs)',
      () => authenticateApiKey(rt.deps.storage.read, demo.apiKey),
    ],
    ['JSON.parse(order body)', () => JSON.parse(payload)],
    ['JSON.stringify(order request)', () => JSON.stringify(body)],
    ['pino request line, app logger (redact paths)', () => child.info(line, 'request')],
    ['pino request line, same logger without redact', () => childNoRedact.info(line, 'request')],
    ['randomUUID (sessionId)', () => rt.ids.uuid()],
    ["ids.prefixed('req') (request id)", () => rt.ids.prefixed('req')],
  ];
  if (keySql) {
    const stmt = conn.prepare(keySql);
    pieces.push(['the same SELECT, statement prepared once', () => stmt.get(keyId)]);
    pieces.push(['prepare the API key SELECT', () => conn.prepare(keySql)]);
  }
  if (insertSql) pieces.push(['prepare the orders INSERT', () => conn.prepare(insertSql)]);
  pieces.push(['prepare SAVEPOINT unit', () => conn.prepare('savepoint "unit"')]);
  for (const [name, fn] of pieces) {
    const n = 20000;
    let best = Infinity;
    for (let round = 0; round < 5; round++) {
      const c0 = process.cpuUsage();
      for (let i = 0; i < n; i++) {
        const r = fn();
        if (r instanceof Promise) await r;
      }
      const c = process.cpuUsage(c0);
      best = Math.min(best, (c.user + c.system) / n);
    }
    console.log(`  ${best.toFixed(2).padStart(7)}  ${name}`);
  }
  conn.close();
  log.flush();
  await app.close();
  await rt.store.close();
  await rm(dataDir, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

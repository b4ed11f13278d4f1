/**
 * `npm run bench`: the cost of `POST /orders` against what this machine can do at all.
 *
 * In one run and in turn, each server in its own child process (autocannon runs here, in the
 * parent, so load generator and server never share an event loop), the same ~1.5 KB order body:
 *   (a) node-http  bare `node:http`, fixed JSON body: the ceiling
 *   (b) fastify    bare Fastify route validating OrderRequest with the app's Ajv options
 *   (b2) floor     Fastify, the same schemas, a log line and the durable SQLite writes alone
 *                  (servers/floor.ts): what the stack costs before Gatehouse's own work
 *   (c) gatehouse  the real app on a fresh SQLite data folder, durable commits, LOG_LEVEL=info
 * then a table (req/s, p50/p90/p99, non-2xx, ratios to the ceiling), a verdict against the target
 * of docs/performance.md, and the results as JSON in the OS temp folder. Exits 0 whatever the verdict;
 * exits 1 only when a target could not be started or did not answer the order correctly.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdir, mkdtemp, open, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannonModule from 'autocannon';
import { formatSummary, type ProfileSummary, summarizeProfile } from './cpuprofile.js';
import { LIMITER_TARGET_IDS, LIMITER_TARGETS, limiterCost } from './limiter-cost.js';
import { orderBody, PLACEHOLDER_ENTITY_ID } from './order-body.js';
import { type Scenario, scenario, type ScenarioId, SCENARIOS, verifyScenario } from './scenarios.js';
import type { CallMessage, ChildMessage, ReadyMessage, Usage } from './servers/child.js';

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const ROOT = dirname(BENCH_DIR);

/** Target of POST /orders (docs/performance.md). */
const TARGET_RATIO = 0.25;
const TARGET_P99_MS = 10;
/** Throughput targets (docs/performance.md, ADR 0812): ratio to the ceiling by target (and p99 where one is set). */
const GOALS: Record<string, { ratio: number; p99Ms?: number; what: string }> = {
  gatehouse: { ratio: TARGET_RATIO, p99Ms: TARGET_P99_MS, what: 'POST /orders' },
  'gatehouse-status': { ratio: 0.35, what: 'GET /orders/status' },
  'gatehouse-rest-payment': { ratio: 0.2, p99Ms: 25, what: 'REST card payment (order + Sale)' },
  'gatehouse-session-payment': { ratio: 0.2, p99Ms: 25, what: 'session openOrder + payment' },
  'gatehouse-pg': { ratio: 0.15, what: 'POST /orders on PostgreSQL, one node' },
};
/**
 * The cost goals (docs/performance.md, ADR 0830): server CPU µs per operation over the ceiling's CPU µs
 * per request in the same round, median of rounds, at most this multiple; and the operation's p99.
 */
const CPU_GOALS: Record<string, { times: number; p99Ms: number; what: string; floor?: string }> = {
  gatehouse: { times: 3, p99Ms: 25, what: 'POST /orders', floor: 'floor' },
  'gatehouse-status': { times: 3, p99Ms: 25, what: 'GET /orders/status', floor: 'floor-status' },
  'gatehouse-rest-payment': {
    times: 10,
    p99Ms: 25,
    what: 'REST card payment (order + Sale)',
    floor: 'floor-rest-payment',
  },
  'gatehouse-session-payment': { times: 14, p99Ms: 25, what: 'session openOrder + payment' },
  'gatehouse-pg': { times: 8, p99Ms: 25, what: 'POST /orders on PostgreSQL, one node' },
};
/** With --preload: POST /orders on the preloaded store keeps this share of the empty store's req/s. */
const PRELOAD_KEEPS = 0.9;
/** PostgreSQL of --pg when BENCH_PG_URL does not name one (the test server of CI). */
const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';
/** Where `npm run bench` keeps its results (committed when they back a figure in docs/performance.md). */
const RESULTS_DIR = join(BENCH_DIR, 'results');
/** V8 sampling interval of --cpu-prof */
const PROFILE_INTERVAL_US = 200;
/** other processes above this share of one core during a run make its figures suspect */
const NOISY_PCT = 15;

const HELP = `Usage: npm run bench -- [options]

Drives POST /orders with autocannon against, in turn, each in its own child process:
  node-http         bare node:http returning a fixed JSON body (the ceiling)
  fastify           bare Fastify route validating the OrderRequest schema (app's Ajv options)
  floor             the floor: Fastify, the same schema, a log line, the order's durable insert
  floor-status      the floor of GET /orders/status: the order read by sessionId, answered pending
  floor-rest-payment  the floor of a REST payment: the order, then the payment written ahead and
                    its outcome durably (servers/floor.ts); a cost goal's line names its floor
  gatehouse         Gatehouse POST /orders, fresh SQLite data folder, synchronous=FULL, LOG_LEVEL=info
  limiter-on        Gatehouse with the rate limiter counting every request (a limit never reached)
  limiter-off       Gatehouse with GATEHOUSE_RATE_LIMIT=0 and GATEHOUSE_AUTH_FAILURE_LIMIT=0; the on/off
                    ratio within each round, median of rounds, is the limiter's cost (target <= 5%)
and, with --variants, Gatehouse again with one cost removed, to see where the time goes:
  gatehouse-silent   LOG_LEVEL=silent (no per-request log line)
  gatehouse-normal   GATEHOUSE_SQLITE_SYNCHRONOUS=NORMAL (no fsync per commit: NOT durable)
  whatif-stmt-cache  better-sqlite3 prepare() cached per SQL text, patched in by the bench: a
                     diagnostic, not the product (Kysely's SQLite driver re-prepares every query)
and by default also, each a ratio to the same ceiling (operations per second, latency of an operation's
last request):
  gatehouse-status          GET /orders/status of orders without payment (${SCENARIOS.status})
  gatehouse-rest-payment    ${SCENARIOS['rest-payment']}
  gatehouse-session-payment ${SCENARIOS['session-payment']}
with --pg, on PostgreSQL (BENCH_PG_URL, default ${DEFAULT_PG_URL}; a fresh schema each):
  gatehouse-pg              POST /orders, one node
  gatehouse-pg-status       GET /orders/status, one node
  gatehouse-pg-cluster2     POST /orders, two workers (node:cluster) on one port
with --preload N[,N...]: POST /orders on a SQLite store filled with N orders first (gatehouse-preload-N);
and, by --only only:
  whatif-all-three   the three changes above together

Options:
  --duration N      seconds measured per target (default 10)
  --connections N   concurrent connections (default 50)
  --warmup N        seconds of unrecorded load per target before measuring (default 2; 0 = none)
  --rounds N        run the whole sequence N times, one target after the other in each round, and judge
                    on the medians: ratios are taken within a round, so a machine whose speed drifts from
                    minute to minute (shared virtual CPUs) moves the ceiling and Gatehouse together (default 1)
  --only LIST       comma-separated targets to run (default node-http,fastify,gatehouse,limiter-on,limiter-off)
  --variants        also run gatehouse-silent, gatehouse-normal and whatif-stmt-cache (~1.5 min)
  --pg              also the PostgreSQL targets (see above)
  --preload LIST    comma-separated store sizes (e.g. 1000000): POST /orders measured after the store is
                    filled with that many orders (bulk inserts, a progress bar on stderr)
  --idempotency     send a fresh idempotency-key with every Gatehouse request
  --cpu-prof        profile each server over its measured run (V8 sampling profiler, ${PROFILE_INTERVAL_US} us)
                    and print where its CPU went; the figures then include the profiler's overhead
  --src             run Gatehouse from packages/server/src via tsx instead of the built dist
  --keep            keep the temporary data folders and logs (paths are printed)
  -h, --help        this text

Targets (docs/performance.md), as ratios to the node:http req/s of the same round:
${Object.entries(GOALS)
  .map(([id, g]) => `  ${id.padEnd(26)} >= ${g.ratio}x${g.p99Ms ? `, p99 <= ${g.p99Ms} ms` : ''}`)
  .join('\n')}
  gatehouse-preload-N        >= ${PRELOAD_KEEPS}x of gatehouse's req/s
Results are printed and written as JSON to bench/results/latest.json (and a time-stamped copy);
\`node --import tsx bench/plot.ts\` draws docs/images/bench-stored-orders.svg from it.
Timings are reported, not asserted: the exit code is 0 whatever the verdict.`;

interface TargetSpec {
  id: string;
  label: string;
  script: string;
  gatehouse: boolean;
  /** a data folder (GATEHOUSE_DATA_DIR) and its stdout in a log file, as Gatehouse's targets */
  store?: boolean;
  env?: Record<string, string>;
  /** statuses that prove the target handled the order */
  expect: number[];
  /** what it is driven with (default: POST /orders) */
  scenario?: ScenarioId;
  /** PostgreSQL (BENCH_PG_URL) instead of SQLite */
  postgres?: boolean;
  /** node:cluster workers (PostgreSQL only) */
  cluster?: number;
  /** orders written into the store before it listens */
  preload?: number;
}

const TARGETS: TargetSpec[] = [
  {
    id: 'node-http',
    label: '(a) node:http fixed JSON (ceiling)',
    script: 'servers/node-http.ts',
    gatehouse: false,
    expect: [200, 201],
  },
  {
    id: 'fastify',
    label: '(b) Fastify + OrderRequest schema',
    script: 'servers/fastify-bare.ts',
    gatehouse: false,
    expect: [200, 201],
  },
  {
    id: 'floor',
    label: '(b2) floor: Fastify + schema + log + durable insert',
    script: 'servers/floor.ts',
    gatehouse: false,
    store: true,
    expect: [201],
  },
  {
    id: 'floor-status',
    label: '    floor of GET /orders/status',
    script: 'servers/floor.ts',
    gatehouse: false,
    store: true,
    expect: [200],
    scenario: 'status',
  },
  {
    id: 'floor-rest-payment',
    label: '    floor of a REST payment /s',
    script: 'servers/floor.ts',
    gatehouse: false,
    store: true,
    expect: [200, 201],
    scenario: 'rest-payment',
  },
  {
    id: 'gatehouse',
    label: '(c) Gatehouse POST /orders',
    script: 'servers/gatehouse.ts',
    gatehouse: true,
    env: { LOG_LEVEL: 'info', GATEHOUSE_SQLITE_SYNCHRONOUS: 'FULL' },
    expect: [201],
  },
  {
    id: 'gatehouse-status',
    label: '(d) Gatehouse GET /orders/status',
    script: 'servers/gatehouse.ts',
    gatehouse: true,
    env: { LOG_LEVEL: 'info', GATEHOUSE_SQLITE_SYNCHRONOUS: 'FULL' },
    expect: [200],
    scenario: 'status',
  },
  {
    id: 'gatehouse-rest-payment',
    label: '(e) Gatehouse REST order + Sale /s',
    script: 'servers/gatehouse.ts',
    gatehouse: true,
    env: { LOG_LEVEL: 'info', GATEHOUSE_SQLITE_SYNCHRONOUS: 'FULL' },
    expect: [200, 201],
    scenario: 'rest-payment',
  },
  {
    id: 'gatehouse-session-payment',
    label: '(f) Gatehouse session order + payment /s',
    script: 'servers/gatehouse.ts',
    gatehouse: true,
    env: { LOG_LEVEL: 'info', GATEHOUSE_SQLITE_SYNCHRONOUS: 'FULL' },
    expect: [200],
    scenario: 'session-payment',
  },
  {
    id: 'gatehouse-pg',
    label: '(g) Gatehouse POST /orders, PostgreSQL',
    script: 'servers/gatehouse.ts',
    gatehouse: true,
    env: { LOG_LEVEL: 'info' },
    expect: [201],
    postgres: true,
  },
  {
    id: 'gatehouse-pg-status',
    label: '    Gatehouse GET /orders/status, PostgreSQL',
    script: 'servers/gatehouse.ts',
    gatehouse: true,
    env: { LOG_LEVEL: 'info' },
    expect: [200],
    scenario: 'status',
    postgres: true,
  },
  {
    id: 'gatehouse-pg-cluster2',
    label: '(h) Gatehouse POST /orders, PostgreSQL, --cluster 2',
    script: 'servers/gatehouse.ts',
    gatehouse: true,
    env: { LOG_LEVEL: 'info' },
    expect: [201],
    postgres: true,
    cluster: 2,
  },
  {
    id: 'gatehouse-silent',
    label: '    Gatehouse, LOG_LEVEL=silent',
    script: 'servers/gatehouse.ts',
    gatehouse: true,
    env: { LOG_LEVEL: 'silent', GATEHOUSE_SQLITE_SYNCHRONOUS: 'FULL' },
    expect: [201],
  },
  {
    id: 'gatehouse-normal',
    label: '    Gatehouse, synchronous=NORMAL',
    script: 'servers/gatehouse.ts',
    gatehouse: true,
    env: { LOG_LEVEL: 'info', GATEHOUSE_SQLITE_SYNCHRONOUS: 'NORMAL' },
    expect: [201],
  },
  {
    id: 'whatif-stmt-cache',
    label: '    what-if: + statement cache (bench patch)',
    script: 'servers/gatehouse.ts',
    gatehouse: true,
    env: { LOG_LEVEL: 'info', GATEHOUSE_SQLITE_SYNCHRONOUS: 'FULL', BENCH_WHATIF: 'stmt-cache' },
    expect: [201],
  },
  {
    id: 'whatif-all-three',
    label: '    what-if: cache + silent + NORMAL',
    script: 'servers/gatehouse.ts',
    gatehouse: true,
    env: { LOG_LEVEL: 'silent', GATEHOUSE_SQLITE_SYNCHRONOUS: 'NORMAL', BENCH_WHATIF: 'stmt-cache' },
    expect: [201],
  },
  ...LIMITER_TARGETS,
];

interface Options {
  duration: number;
  connections: number;
  warmup: number;
  rounds: number;
  only: string[];
  preload: number[];
  pgUrl?: string;
  idempotency: boolean;
  cpuProf: boolean;
  from: 'dist' | 'src';
  keep: boolean;
}

function parseOptions(argv: string[]): Options | undefined {
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: 'string' },
      connections: { type: 'string' },
      warmup: { type: 'string' },
      only: { type: 'string' },
      variants: { type: 'boolean' },
      pg: { type: 'boolean' },
      preload: { type: 'string' },
      idempotency: { type: 'boolean' },
      'cpu-prof': { type: 'boolean' },
      rounds: { type: 'string' },
      src: { type: 'boolean' },
      keep: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) return undefined;
  const int = (name: string, text: string | undefined, def: number, min: number): number => {
    if (text === undefined) return def;
    if (!/^\d+$/.test(text) || Number(text) < min) throw new Error(`--${name} must be an integer >= ${min}`);
    return Number(text);
  };
  const preload = (values.preload ?? '')
    .split(',')
    .map((x) => x.trim().replace(/_/g, ''))
    .filter(Boolean)
    .map((x) => {
      if (!/^\d+$/.test(x) || Number(x) < 1) throw new Error('--preload takes store sizes >= 1, comma-separated');
      return Number(x);
    });
  for (const n of preload) if (!TARGETS.some((t) => t.id === `gatehouse-preload-${n}`)) TARGETS.push(preloadTarget(n));
  const ids = TARGETS.map((t) => t.id);
  const only = values.only
    ? values.only
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [
        'node-http',
        'fastify',
        'floor',
        'gatehouse',
        ...LIMITER_TARGET_IDS,
        ...preload.map((n) => `gatehouse-preload-${n}`),
        'floor-status',
        'gatehouse-status',
        'floor-rest-payment',
        'gatehouse-rest-payment',
        'gatehouse-session-payment',
        ...(values.pg ? ['gatehouse-pg', 'gatehouse-pg-status', 'gatehouse-pg-cluster2'] : []),
        ...(values.variants ? ['gatehouse-silent', 'gatehouse-normal', 'whatif-stmt-cache'] : []),
      ];
  for (const id of only) if (!ids.includes(id)) throw new Error(`unknown target ${id}; one of ${ids.join(', ')}`);
  const pgUrl = only.some((id) => TARGETS.find((t) => t.id === id)?.postgres)
    ? (process.env.BENCH_PG_URL ?? DEFAULT_PG_URL)
    : undefined;
  return {
    duration: int('duration', values.duration, 10, 1),
    connections: int('connections', values.connections, 50, 1),
    warmup: int('warmup', values.warmup, 2, 0),
    rounds: int('rounds', values.rounds, 1, 1),
    only,
    preload,
    ...(pgUrl ? { pgUrl } : {}),
    idempotency: values.idempotency ?? false,
    cpuProf: values['cpu-prof'] ?? false,
    from: values.src ? 'src' : 'dist',
    keep: values.keep ?? false,
  };
}

function preloadTarget(n: number): TargetSpec {
  return {
    id: `gatehouse-preload-${n}`,
    label: `    Gatehouse POST /orders, ${n.toLocaleString('en-US')} stored`,
    script: 'servers/gatehouse.ts',
    gatehouse: true,
    env: { LOG_LEVEL: 'info', GATEHOUSE_SQLITE_SYNCHRONOUS: 'FULL' },
    expect: [201],
    preload: n,
  };
}

// ---------------------------------------------------------------------------------------------
// Child servers

interface RunningServer {
  child: ChildProcess;
  ready: ReadyMessage;
  stderr(): string;
  call<T>(op: CallMessage['op'], arg?: unknown): Promise<T>;
  stop(): Promise<Record<string, unknown> | undefined>;
}

async function startServer(
  spec: TargetSpec,
  env: NodeJS.ProcessEnv,
  stdoutFile: string | undefined,
): Promise<RunningServer> {
  const out = stdoutFile ? await open(stdoutFile, 'w') : undefined;
  let child: ChildProcess;
  try {
    child = fork(join(BENCH_DIR, spec.script), [], {
      cwd: ROOT,
      env,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', out ? out.fd : 'ignore', 'pipe', 'ipc'],
    });
  } finally {
    await out?.close();
  }
  let err = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    if (err.length < 20_000) err += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  let nextId = 0;
  child.on('message', (m: ChildMessage) => {
    if (m.type !== 'reply') return;
    const p = pending.get(m.id);
    pending.delete(m.id);
    if (m.error) p?.reject(new Error(m.error));
    else p?.resolve(m.value);
  });
  void exited.then(() => {
    for (const p of pending.values()) p.reject(new Error(`${spec.id}: server exited`));
  });
  const call = <T>(op: CallMessage['op'], arg?: unknown): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      if (!child.connected) return reject(new Error(`${spec.id}: server is gone`));
      child.send({ type: 'call', id, op, arg } satisfies CallMessage);
    });

  const ready = await new Promise<ReadyMessage>((resolve, reject) => {
    // So long without news (a preload's progress counts as news); cluster workers each load the app.
    const waitS = spec.cluster ? 180 : 60;
    const timeout = () =>
      setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`${spec.id}: not ready after ${waitS} s\n${err}`));
      }, waitS * 1000);
    let timer = timeout();
    const bar = new ProgressBar(`  preloading ${spec.preload?.toLocaleString('en-US') ?? ''} orders`);
    child.on('message', (m: ChildMessage) => {
      if (m.type === 'progress') {
        clearTimeout(timer);
        timer = timeout();
        bar.update(m.done, m.total);
      }
      if (m.type === 'ready') {
        clearTimeout(timer);
        bar.end();
        resolve(m);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${spec.id}: exited with code ${code} before it was ready\n${err}`));
    });
  });

  return {
    child,
    ready,
    stderr: () => err,
    call,
    stop: async () => {
      const stats = call<Record<string, unknown> | undefined>('stop').catch(() => undefined);
      const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 30_000).unref());
      if ((await Promise.race([exited, timeout])) === 'timeout') {
        child.kill('SIGKILL');
        await exited;
      }
      return Promise.race([stats, Promise.resolve(undefined)]);
    },
  };
}

/** done/total, rate and ETA on stderr, redrawn in place on a terminal, a line every 10% otherwise. */
class ProgressBar {
  #t0 = performance.now();
  #shown = -1;
  #drawn = false;
  constructor(private readonly label: string) {}
  update(done: number, total: number): void {
    const s = (performance.now() - this.#t0) / 1000;
    const rate = done / Math.max(s, 1e-3);
    const eta = rate > 0 ? (total - done) / rate : Infinity;
    const width = 30;
    const filled = Math.round((width * done) / Math.max(1, total));
    const line =
      `${this.label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${fmtInt(done)}/${fmtInt(total)} ` +
      `${fmtInt(rate)} rows/s, ${done >= total ? `done in ${s.toFixed(0)} s` : `ETA ${Number.isFinite(eta) ? eta.toFixed(0) : '?'} s`}`;
    this.#drawn = true;
    if (process.stderr.isTTY) process.stderr.write(`\r${line}\x1b[K`);
    else {
      const tenth = Math.floor((10 * done) / Math.max(1, total));
      if (tenth === this.#shown) return;
      this.#shown = tenth;
      process.stderr.write(line + '\n');
    }
  }
  end(): void {
    if (this.#drawn && process.stderr.isTTY) process.stderr.write('\n');
  }
}

// ---------------------------------------------------------------------------------------------
// Load

interface AutocannonResult {
  duration: number;
  requests: { total: number; average: number };
  latency: { p50: number; p90: number; p99: number; max: number; average: number };
  throughput: { average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  statusCodeStats: Record<string, { count: number }>;
}
interface AutocannonInstance {
  on(
    event: 'response',
    fn: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
  ): void;
  stop(): void;
}
type Autocannon = (
  opts: Record<string, unknown>,
  cb: (err: Error | null, result: AutocannonResult) => void,
) => AutocannonInstance;
const autocannon = autocannonModule as unknown as Autocannon;

interface Latency {
  mean: number;
  p50: number;
  p90: number;
  p99: number;
  p999: number;
  max: number;
}

interface LoadResult {
  /** operations completed: responses, or with a sequence of requests (a payment), completed sequences */
  requests: number;
  /** HTTP responses, when an operation is several requests */
  httpRequests?: number;
  durationS: number;
  rps: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** of the 2xx responses, from autocannon's per-response timings (sub-millisecond) */
  latencyMs: Latency;
  /** autocannon's own summary (whole milliseconds) */
  autocannonLatencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  /** measured around the run: the server's CPU (of one core), its event-loop use, the load generator's CPU */
  cpu?: {
    serverPct: number;
    serverUsPerRequest: number;
    /** of serverUsPerRequest, in the kernel (syscalls: socket I/O, write, fsync) */
    serverSysUsPerRequest: number;
    serverEventLoopPct: number;
    /** CPU of the server's main thread per response (the rest ran on its other threads), where known */
    serverMainUsPerRequest?: number;
    loadgenPct: number;
    /** CPU of the other processes on the machine (other tests, builds…), in % of one core; Linux only */
    othersPct?: number;
    /** machine CPU charged to no process alive at the end: interrupts, softirq (loopback networking), kernel threads (the fs journal), processes that exited during the run; % of one core */
    kernelPct?: number;
    loadavg1: number;
  };
}

/** Busy CPU time of the whole machine so far, in µs (Linux /proc/stat; undefined elsewhere). */
async function machineBusyUs(): Promise<number | undefined> {
  try {
    const line = (await readFile('/proc/stat', 'utf8')).split('\n')[0]!;
    const [, user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).map(Number);
    // USER_HZ is 100 on every Linux the bench will meet.
    return ((user! + nice! + system! + irq! + softirq! + steal!) * 1e6) / 100;
  } catch {
    return undefined;
  }
}

/** CPU time (µs) of every user process but `exclude`, by pid (Linux /proc; undefined elsewhere). */
async function processTimesUs(exclude: number[]): Promise<Map<number, number> | undefined> {
  let pids: string[];
  try {
    pids = (await readdir('/proc')).filter((d) => /^\d+$/.test(d));
  } catch {
    return undefined;
  }
  const out = new Map<number, number>();
  await Promise.all(
    pids.map(async (d) => {
      const pid = Number(d);
      if (exclude.includes(pid)) return;
      try {
        const stat = await readFile(`/proc/${d}/stat`, 'utf8');
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        // f[0] is field 3 (state): flags = field 9, utime = 14, stime = 15
        if (Number(f[6]) & 0x00200000) return; // PF_KTHREAD: kernel threads are counted with the kernel
        out.set(pid, ((Number(f[11]) + Number(f[12])) * 1e6) / 100);
      } catch {
        // gone meanwhile
      }
    }),
  );
  return out;
}

/** CPU used by other processes between two snapshots; one started meanwhile counts whole. */
function othersUs(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, t] of after) sum += t - (before.get(pid) ?? 0);
  return sum;
}

/** Response times, kept whole so percentiles are exact and sub-millisecond. */
class Samples {
  #data = new Float64Array(1 << 16);
  #n = 0;
  push(v: number): void {
    if (this.#n === this.#data.length) {
      const next = new Float64Array(this.#data.length * 2);
      next.set(this.#data);
      this.#data = next;
    }
    this.#data[this.#n++] = v;
  }
  summary(): Latency {
    const s = this.#data.subarray(0, this.#n).sort();
    const q = (p: number) => (s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)]!);
    let sum = 0;
    for (const v of s) sum += v;
    return {
      mean: sum / s.length,
      p50: q(0.5),
      p90: q(0.9),
      p99: q(0.99),
      p999: q(0.999),
      max: s[s.length - 1] ?? NaN,
    };
  }
}

function load(url: string, sc: Scenario, o: { duration: number; connections: number }): Promise<LoadResult> {
  const samples = new Samples();
  const last = sc.requests.length - 1;
  let operations = 0;
  const requests = sc.requests.map((step, i) =>
    i < last
      ? step
      : {
          ...step,
          // The operation ends with the sequence's last request: count it and its latency here.
          onResponse: (status: number, body: string, ctx: Record<string, unknown>) => {
            if (sc.ok(status)) operations++;
            step.onResponse?.(status, body, ctx);
          },
        },
  );
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: o.connections,
        duration: o.duration,
        pipelining: 1,
        timeout: 10,
        requests,
      },
      (err, r) => {
        if (err) return reject(err);
        const statusCodes: Record<string, number> = {};
        for (const [code, { count }] of Object.entries(r.statusCodeStats ?? {})) statusCodes[code] = count;
        const ops = last === 0 ? r.requests.total : operations;
        resolve({
          requests: ops,
          ...(last > 0 ? { httpRequests: r.requests.total } : {}),
          durationS: r.duration,
          rps: ops / r.duration,
          non2xx: r.non2xx,
          errors: r.errors,
          timeouts: r.timeouts,
          statusCodes,
          latencyMs: samples.summary(),
          autocannonLatencyMs: {
            p50: r.latency.p50,
            p90: r.latency.p90,
            p99: r.latency.p99,
            max: r.latency.max,
            mean: r.latency.average,
          },
        });
      },
    );
    // autocannon names no request in its 'response' event; a client sends its sequence in order,
    // so each client's count of responses tells which step answered.
    const step = new WeakMap<object, number>();
    instance.on('response', (client, statusCode, _bytes, responseTime) => {
      const k = step.get(client as object) ?? 0;
      step.set(client as object, (k + 1) % sc.requests.length);
      if (k === last && statusCode >= 200 && statusCode < 300) samples.push(responseTime);
    });
  });
}

async function verify(
  spec: TargetSpec,
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<string | undefined> {
  const res = await fetch(`${url}/orders`, { method: 'POST', headers, body });
  const text = await res.text();
  if (!spec.expect.includes(res.status))
    return `answered ${res.status}, expected ${spec.expect.join(' or ')}: ${text.slice(0, 500)}`;
  if (spec.gatehouse) {
    let json: { sessionId?: unknown; result?: { status?: unknown } };
    try {
      json = JSON.parse(text) as typeof json;
    } catch {
      return `answered ${res.status} with a body that is not JSON: ${text.slice(0, 200)}`;
    }
    if (typeof json.sessionId !== 'string' || json.result?.status !== 'success')
      return `answered ${res.status} without a sessionId/success: ${text}`;
  }
  console.log(`  verified: ${res.status} ${text.length > 120 ? text.slice(0, 117) + '...' : text}`);
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Run

interface TargetOutcome {
  id: string;
  label: string;
  env?: Record<string, string>;
  result?: LoadResult;
  error?: string;
  server?: Record<string, unknown>;
  logLines?: number;
  profile?: { file: string; summary: ProfileSummary };
}

async function runTarget(
  spec: TargetSpec,
  o: Options,
  work: string,
  profDir: string | undefined,
  round: number,
): Promise<TargetOutcome> {
  const outcome: TargetOutcome = { id: spec.id, label: spec.label, ...(spec.env ? { env: spec.env } : {}) };
  console.log(
    `\n${spec.label.trim()}  [${spec.id}${
      spec.env
        ? ' ' +
          Object.entries(spec.env)
            .map(([k, v]) => `${k}=${v}`)
            .join(' ')
        : ''
    }]`,
  );
  // The per-credential limit (default 1000/s) is counted but never reached: the bench drives one API key
  // harder than that on a fast machine, and a 429 is not what it measures. limiter-off turns it off.
  const env: NodeJS.ProcessEnv = { GATEHOUSE_RATE_LIMIT: '100000000', ...process.env, ...spec.env };
  let logFile: string | undefined;
  const suffix = o.rounds > 1 ? `-r${round}` : '';
  const profileFile = profDir ? join(profDir, `${spec.id}${suffix}.cpuprofile`) : undefined;
  if (spec.gatehouse || spec.store) {
    const dataDir = join(work, `${spec.id}${suffix}`);
    await mkdir(dataDir, { recursive: true });
    env.GATEHOUSE_DATA_DIR = dataDir;
    env.BENCH_SERVER_FROM = o.from;
    logFile = join(work, `${spec.id}${suffix}.log`);
    if (spec.postgres) env.BENCH_DATABASE_URL = o.pgUrl ?? DEFAULT_PG_URL;
    if (spec.cluster) env.BENCH_CLUSTER = String(spec.cluster);
    if (spec.preload) env.BENCH_PRELOAD = String(spec.preload);
  }

  let server: RunningServer;
  try {
    server = await startServer(spec, env, logFile);
  } catch (err) {
    outcome.error = (err as Error).message;
    console.log(`  FAILED to start: ${outcome.error}`);
    return outcome;
  }
  try {
    const url = server.ready.url;
    const body = orderBody(server.ready.processingEntityId ?? PLACEHOLDER_ENTITY_ID);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (server.ready.apiKey) headers['x-api-key'] = server.ready.apiKey;
    console.log(
      `  listening on ${url}${server.ready.dataDir ? `, data ${server.ready.dataDir}` : ''}${logFile ? `, log ${logFile}` : ''}`,
    );
    const target = {
      url,
      ...(server.ready.apiKey ? { apiKey: server.ready.apiKey } : {}),
      processingEntityId: server.ready.processingEntityId ?? PLACEHOLDER_ENTITY_ID,
      ...(server.ready.session ? { session: server.ready.session } : {}),
    };
    const kind = spec.scenario ?? 'orders';
    const problem =
      spec.gatehouse || spec.scenario
        ? await verifyScenario(url, await scenario(kind, target))
        : await verify(spec, url, body, headers);
    if (problem) {
      outcome.error = problem;
      console.log(`  FAILED verification: ${problem}`);
      return outcome;
    }
    const useIdem = spec.gatehouse && o.idempotency;
    const sequence = (phase: string) => scenario(kind, target, useIdem ? `${phase}-${spec.id}` : undefined);
    if (o.warmup > 0) {
      await load(url, await sequence('warm'), { duration: o.warmup, connections: o.connections });
    }
    const measured = await sequence('run');
    if (profileFile) await server.call('profile-start', PROFILE_INTERVAL_US);
    const before = await server.call<Usage>('usage');
    const exclude = [process.pid, server.child.pid ?? -1];
    const procs0 = await processTimesUs(exclude);
    const machine0 = await machineBusyUs();
    const gen0 = process.cpuUsage();
    const t0 = performance.now();
    const r = await load(url, measured, { duration: o.duration, connections: o.connections });
    const wallUs = (performance.now() - t0) * 1000;
    const gen = process.cpuUsage(gen0);
    const machine1 = await machineBusyUs();
    const procs1 = await processTimesUs(exclude);
    const after = await server.call<Usage>('usage');
    if (profileFile) {
      await server.call('profile-stop', profileFile);
      const summary = await summarizeProfile(profileFile, 40);
      outcome.profile = { file: profileFile, summary };
    }
    const serverUs = after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system;
    const active = after.elu.active - before.elu.active;
    const idle = after.elu.idle - before.elu.idle;
    r.cpu = {
      serverPct: (100 * serverUs) / wallUs,
      serverUsPerRequest: serverUs / Math.max(1, r.requests),
      serverSysUsPerRequest: (after.cpu.system - before.cpu.system) / Math.max(1, r.requests),
      serverEventLoopPct: (100 * active) / Math.max(1e-9, active + idle),
      ...(after.mainThreadUs !== undefined && before.mainThreadUs !== undefined
        ? { serverMainUsPerRequest: (after.mainThreadUs - before.mainThreadUs) / Math.max(1, r.requests) }
        : {}),
      loadgenPct: (100 * (gen.user + gen.system)) / wallUs,
      ...(procs0 && procs1 ? { othersPct: (100 * othersUs(procs0, procs1)) / wallUs } : {}),
      ...(machine0 !== undefined && machine1 !== undefined && procs0 && procs1
        ? {
            kernelPct: Math.max(
              0,
              (100 * (machine1 - machine0 - serverUs - gen.user - gen.system - othersUs(procs0, procs1))) / wallUs,
            ),
          }
        : {}),
      loadavg1: loadavg()[0]!,
    };
    outcome.result = r;
    console.log(
      `  ${fmtInt(r.rps)} req/s, p50 ${fmtMs(r.latencyMs.p50)} ms, p99 ${fmtMs(r.latencyMs.p99)} ms, ` +
        `${r.requests} responses (${
          Object.entries(r.statusCodes)
            .map(([c, n]) => `${c}: ${n}`)
            .join(', ') || 'none'
        }), ` +
        `${r.errors} errors, ${r.timeouts} timeouts`,
    );
    console.log(
      `  cpu: server ${r.cpu.serverPct.toFixed(0)}% of a core (${fmtInt(r.cpu.serverUsPerRequest)} us/request of which ${fmtInt(r.cpu.serverSysUsPerRequest)} in the kernel` +
        `${r.cpu.serverMainUsPerRequest === undefined ? '' : ` and ${fmtInt(r.cpu.serverMainUsPerRequest)} on the main thread`}, event loop ${r.cpu.serverEventLoopPct.toFixed(0)}% busy), ` +
        `load generator ${r.cpu.loadgenPct.toFixed(0)}%, other processes ${pct(r.cpu.othersPct)}, unattributed (irq, kernel threads, exited processes) ${pct(r.cpu.kernelPct)}, ` +
        `load average ${r.cpu.loadavg1.toFixed(2)}`,
    );
  } catch (err) {
    outcome.error = (err as Error).stack ?? String(err);
    console.log(`  FAILED: ${outcome.error}`);
  } finally {
    const stats = await server.stop();
    if (stats) outcome.server = stats;
    if (server.stderr().trim()) console.log(`  server stderr:\n${indent(server.stderr().trim(), 4)}`);
  }
  if (logFile) {
    const text = await readFile(logFile, 'utf8').catch(() => '');
    outcome.logLines = text.split('\n').filter((l) => l.includes('"msg":"request"')).length;
    const stored = outcome.server?.ordersStored;
    console.log(`  server: ${stored ?? '?'} orders stored, ${outcome.logLines} request log lines`);
  }
  if (outcome.profile) {
    console.log(`  cpu profile of the measured ${o.duration} s: ${outcome.profile.file}`);
    console.log(formatSummary(outcome.profile.summary, outcome.result?.requests ?? 0));
  }
  return outcome;
}

async function main(): Promise<number> {
  let o: Options | undefined;
  try {
    o = parseOptions(process.argv.slice(2));
  } catch (err) {
    console.error(`bench: ${(err as Error).message}\n\n${HELP}`);
    return 2;
  }
  if (!o) {
    console.log(HELP);
    return 0;
  }
  const specs = o.only.map((id) => TARGETS.find((t) => t.id === id)!);
  const bodyBytes = Buffer.byteLength(orderBody(PLACEHOLDER_ENTITY_ID));
  const cpu = cpus();
  const startedAt = new Date();
  console.log(
    `Gatehouse POST /orders benchmark  ${startedAt.toISOString()}\n` +
      `  machine: ${cpu.length} x ${cpu[0]?.model ?? 'cpu'}, node ${process.version}, ${process.platform}\n` +
      `  load:    autocannon, ${o.connections} connections, ${o.duration} s per target after ${o.warmup} s warm-up, pipelining 1\n` +
      `  body:    ${bodyBytes} bytes (items, urlDetails, deviceDetails), x-api-key = demo key` +
      `${o.idempotency ? ', a fresh idempotency-key per request' : ', no idempotency-key'}\n` +
      `  servers: one child process each; Gatehouse from packages/server/${o.from}` +
      `${o.cpuProf ? '\n  NOTE: --cpu-prof on: every figure includes the profiler overhead' : ''}`,
  );

  const work = await mkdtemp(join(tmpdir(), 'gatehouse-bench-'));
  const outDir = join(tmpdir(), 'gatehouse-bench');
  await mkdir(outDir, { recursive: true });
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
  const profDir = o.cpuProf ? join(outDir, `profiles-${stamp}`) : undefined;
  if (profDir) await mkdir(profDir, { recursive: true });

  const rounds: TargetOutcome[][] = [];
  for (let round = 1; round <= o.rounds; round++) {
    if (o.rounds > 1) console.log(`\n=== round ${round} of ${o.rounds}`);
    const outcomes: TargetOutcome[] = [];
    for (const spec of specs) outcomes.push(await runTarget(spec, o, work, profDir, round));
    rounds.push(outcomes);
  }
  // One row per target: its median round by req/s (with one round, that round).
  const outcomes = specs.map((spec) => medianOutcome(rounds.map((r) => r.find((x) => x.id === spec.id)!)));

  const ceiling = outcomes.find((x) => x.id === 'node-http')?.result;
  const roundsNote = o.rounds > 1 ? `; each row is the target's median of ${o.rounds} rounds by req/s` : '';
  console.log(
    `\nResults (${o.connections} connections, ${o.duration} s each, body ${bodyBytes} B; latency of 2xx responses${roundsNote})\n`,
  );
  console.log(table(outcomes, ceiling));
  console.log(
    `\n  x ceil: req/s over node:http's; p99 x ceil: p99 over node:http's; errors: socket errors and timeouts.\n` +
      `  srv CPU: the server process's CPU time over the run, in % of one core; us/req: its CPU time per response;\n` +
      `  CPU x ceil: us/req (an operation's, for the scenarios) over node:http's us/req in the same run: the cost goal;\n` +
      `  main us: the part of it spent on the main thread (the event loop), which bounds one process's throughput;\n` +
      `  gen CPU: autocannon's (this process); other procs: every other process on the machine (${cpu.length} cores = ${cpu.length * 100}%).`,
  );
  const noisy = outcomes.filter((x) => (x.result?.cpu?.othersPct ?? 0) > NOISY_PCT);
  if (noisy.length > 0) {
    console.log(
      `  WARNING: other processes used the CPU during ${noisy.map((x) => x.id).join(', ')} (other procs > ${NOISY_PCT}%): ` +
        `req/s and latencies are understated; us/req is the steadier figure. Rerun on a quiet machine.`,
    );
  }

  const gh = outcomes.find((x) => x.id === 'gatehouse');
  // Ratios and p99s within each round; the verdict takes their medians.
  const paired = rounds
    .map((r) => ({
      gh: r.find((x) => x.id === 'gatehouse')?.result,
      ceil: r.find((x) => x.id === 'node-http')?.result,
    }))
    .filter((p): p is { gh: LoadResult; ceil: LoadResult } => p.gh !== undefined && p.ceil !== undefined);
  let verdict: Record<string, unknown> | undefined;
  if (gh?.result && ceiling && paired.length > 0) {
    const ratios = paired.map((p) => p.gh.rps / p.ceil.rps);
    const p99s = paired.map((p) => p.gh.latencyMs.p99);
    const ratio = median(ratios);
    const p99 = median(p99s);
    const clean = paired.every((p) => p.gh.non2xx === 0 && p.gh.errors === 0 && p.gh.timeouts === 0);
    const meets = ratio >= TARGET_RATIO && p99 < TARGET_P99_MS && clean;
    verdict = {
      ratio,
      p99Ms: p99,
      clean,
      meets,
      rounds: { ratios, p99Ms: p99s },
      target: { ratio: TARGET_RATIO, p99Ms: TARGET_P99_MS },
    };
    if (paired.length > 1) {
      console.log(
        `\nBy round: Gatehouse / ceiling ${ratios.map((x) => x.toFixed(2)).join(', ')}; ` +
          `Gatehouse p99 ${p99s.map((x) => fmtMs(x)).join(', ')} ms`,
      );
    }
    console.log(
      `\nVerdict: Gatehouse ${paired.length > 1 ? `median of ${paired.length} rounds` : `${fmtInt(gh.result.rps)} req/s`} = ${ratio.toFixed(2)}x the node:http ceiling ` +
        `(target >= ${TARGET_RATIO}x: ${ratio >= TARGET_RATIO ? 'met' : 'MISSED'}), p99 ${fmtMs(p99)} ms ` +
        `(target < ${TARGET_P99_MS} ms: ${p99 < TARGET_P99_MS ? 'met' : 'MISSED'})` +
        `${clean ? '' : ', with non-2xx responses, errors or timeouts'}` +
        ` -> ${meets ? 'MEETS TARGET' : 'MISSES TARGET'}`,
    );
  } else if (gh) {
    console.log(
      `\nVerdict: none (Gatehouse ${gh.result ? 'ran but the node:http ceiling was not measured' : 'did not run'})`,
    );
  }

  const goals = judgeGoals(specs, rounds);
  if (goals.length > 0) {
    console.log(
      `\nThroughput goals (medians of ${rounds.length} round${rounds.length > 1 ? 's' : ''}; ${cpu.length} cores${(othersMax(outcomes) ?? 0) > NOISY_PCT ? ', shared with other work: noisy' : ''}):`,
    );
    for (const g of goals) console.log(`  ${g.line}`);
  }
  const costs = judgeCpuCost(specs, rounds);
  if (costs.length > 0) {
    console.log(
      `\nCost: server CPU per operation over the ceiling's CPU per request, same round (medians of ${rounds.length}):`,
    );
    for (const c of costs) console.log(`  ${c.line}`);
  }

  const limiter = limiterCost(rounds);
  if (limiter) console.log(`\n${limiter.line}`);

  const report = {
    startedAt: startedAt.toISOString(),
    machine: { cpus: cpu.length, model: cpu[0]?.model, node: process.version, platform: process.platform },
    options: o,
    bodyBytes,
    rounds:
      o.rounds > 1 ? rounds.map((r) => r.map((x) => ({ id: x.id, result: x.result, error: x.error }))) : undefined,
    targets: outcomes.map((x) => ({
      ...x,
      ratioToCeiling:
        x.result && ceiling
          ? { rps: x.result.rps / ceiling.rps, p99: x.result.latencyMs.p99 / ceiling.latencyMs.p99 }
          : undefined,
      profile: x.profile ? { file: x.profile.file, ...x.profile.summary } : undefined,
    })),
    verdict,
    limiterCost: limiter?.cost,
    goals: goals.map(({ line: _line, ...g }) => g),
    cpuCost: costs.map(({ line: _line, ...c }) => c),
  };
  const json = JSON.stringify(report, null, 2) + '\n';
  const latest = join(outDir, 'latest.json');
  await writeFile(latest, json);
  await writeFile(join(outDir, `orders-${stamp}.json`), json);
  await mkdir(RESULTS_DIR, { recursive: true });
  await writeFile(join(RESULTS_DIR, 'latest.json'), json);
  await writeFile(join(RESULTS_DIR, `bench-${stamp}.json`), json);
  console.log(`\nResults written to bench/results/latest.json and bench/results/bench-${stamp}.json (and ${latest})`);
  if (o.keep) console.log(`Data folders and logs kept in ${work}`);
  else await rm(work, { recursive: true, force: true });

  // Timings are reported, not asserted; a target that could not be measured is a broken bench.
  return rounds.some((r) => r.some((x) => x.error)) ? 1 : 0;
}

interface Goal {
  id: string;
  what: string;
  /** median over the rounds of the target's req/s over the ceiling's (or, preloaded, over gatehouse's) */
  ratio: number;
  of: 'node-http' | 'gatehouse';
  target: number;
  p99Ms: number;
  targetP99Ms?: number;
  meets: boolean;
  line: string;
}

/** Each target with a throughput goal, judged on the medians of its within-round ratios. */
function judgeGoals(specs: TargetSpec[], rounds: TargetOutcome[][]): Goal[] {
  const out: Goal[] = [];
  for (const spec of specs) {
    const goal =
      GOALS[spec.id] ??
      (spec.preload
        ? { ratio: PRELOAD_KEEPS, what: `POST /orders with ${spec.preload.toLocaleString('en-US')} stored orders` }
        : undefined);
    if (!goal) continue;
    const of = spec.preload ? 'gatehouse' : 'node-http';
    const pairs = rounds
      .map((r) => ({ x: r.find((t) => t.id === spec.id)?.result, base: r.find((t) => t.id === of)?.result }))
      .filter((p): p is { x: LoadResult; base: LoadResult } => p.x !== undefined && p.base !== undefined);
    if (pairs.length === 0) continue;
    const ratio = median(pairs.map((p) => p.x.rps / p.base.rps));
    const p99 = median(pairs.map((p) => p.x.latencyMs.p99));
    const p99Goal = 'p99Ms' in goal ? goal.p99Ms : undefined;
    const meets = ratio >= goal.ratio && (p99Goal === undefined || p99 <= p99Goal);
    out.push({
      id: spec.id,
      what: goal.what,
      ratio,
      of,
      target: goal.ratio,
      p99Ms: p99,
      ...(p99Goal !== undefined ? { targetP99Ms: p99Goal } : {}),
      meets,
      line:
        `${goal.what}: ${ratio.toFixed(3)}x ${of === 'gatehouse' ? 'of the empty store' : 'the ceiling'} (>= ${goal.ratio}), ` +
        `p99 ${fmtMs(p99)} ms${p99Goal !== undefined ? ` (<= ${p99Goal})` : ''} -> ${meets ? 'met' : 'MISSED'}`,
    });
  }
  return out;
}

type Measured = LoadResult & { cpu: NonNullable<LoadResult['cpu']> };

/** Target `id`'s result beside the ceiling's, in each round where both were measured. */
function withCeiling(rounds: TargetOutcome[][], id: string): Array<{ x: Measured; base: Measured }> {
  return rounds
    .map((r) => ({ x: r.find((t) => t.id === id)?.result, base: r.find((t) => t.id === 'node-http')?.result }))
    .filter((p): p is { x: Measured; base: Measured } => p.x?.cpu !== undefined && p.base?.cpu !== undefined);
}

/** CPU per operation over the ceiling's CPU per request, in one round. */
const cpuTimes = (p: { x: Measured; base: Measured }) => p.x.cpu.serverUsPerRequest / p.base.cpu.serverUsPerRequest;

/** Each target with a cost goal: its CPU per operation over the ceiling's per request, within each round. */
function judgeCpuCost(specs: TargetSpec[], rounds: TargetOutcome[][]) {
  const out: {
    id: string;
    what: string;
    times: number;
    target: number;
    /** the floor's CPU over the ceiling's in the same rounds (servers/floor.ts), when it ran */
    floor?: number;
    p99Ms: number;
    meets: boolean;
    line: string;
  }[] = [];
  for (const spec of specs) {
    const goal = CPU_GOALS[spec.id];
    if (!goal) continue;
    const pairs = withCeiling(rounds, spec.id);
    if (pairs.length === 0) continue;
    const times = median(pairs.map(cpuTimes));
    const rps = median(pairs.map((p) => p.x.rps / p.base.rps));
    const p99 = median(pairs.map((p) => p.x.latencyMs.p99));
    const meets = times <= goal.times && p99 <= goal.p99Ms;
    // The floor of the same rounds (servers/floor.ts), when it ran: the stack's share of the cost.
    const floors = goal.floor === undefined ? [] : withCeiling(rounds, goal.floor);
    const floor = floors.length > 0 ? median(floors.map(cpuTimes)) : undefined;
    out.push({
      id: spec.id,
      what: goal.what,
      times,
      target: goal.times,
      ...(floor === undefined ? {} : { floor }),
      p99Ms: p99,
      meets,
      line:
        `${goal.what}: ${times.toFixed(1)}x the ceiling's CPU (<= ${goal.times}x)` +
        `${floor === undefined ? '' : ` [floor ${floor.toFixed(1)}x, Gatehouse's own work ${(times - floor).toFixed(1)}x]`}` +
        `, p99 ${fmtMs(p99)} ms (<= ${goal.p99Ms}), throughput ${rps.toFixed(3)}x -> ${meets ? 'met' : 'MISSED'}`,
    });
  }
  return out;
}

function othersMax(outcomes: TargetOutcome[]): number | undefined {
  const v = outcomes.map((x) => x.result?.cpu?.othersPct).filter((x): x is number => x !== undefined);
  return v.length ? Math.max(...v) : undefined;
}

/** The outcome whose req/s is the median of the target's rounds (the lower middle of an even count). */
function medianOutcome(all: TargetOutcome[]): TargetOutcome {
  const measured = all.filter((x) => x.result).sort((a, b) => a.result!.rps - b.result!.rps);
  if (measured.length === 0) return all[0]!;
  return measured[Math.floor((measured.length - 1) / 2)]!;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

// ---------------------------------------------------------------------------------------------
// Formatting

function fmtInt(n: number): string {
  return Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '-';
}
function pct(n: number | undefined): string {
  return n === undefined ? '?' : `${n.toFixed(0)}%`;
}
function fmtMs(n: number): string {
  return Number.isFinite(n) ? (n < 10 ? n.toFixed(2) : n.toFixed(1)) : '-';
}
function indent(text: string, n: number): string {
  return text
    .split('\n')
    .map((l) => ' '.repeat(n) + l)
    .join('\n');
}

function table(outcomes: TargetOutcome[], ceiling: LoadResult | undefined): string {
  const head = [
    'target',
    'req/s',
    'x ceil',
    'p50 ms',
    'p90 ms',
    'p99 ms',
    'p99 x ceil',
    'non-2xx',
    'errors',
    'srv CPU',
    'us/req',
    'CPU x ceil',
    'main us',
    'gen CPU',
    'other procs',
  ];
  const rows = outcomes.map((x) => {
    const r = x.result;
    if (!r) return [x.label, 'FAILED', '', '', '', '', '', '', '', '', '', '', '', '', ''];
    return [
      x.label,
      fmtInt(r.rps),
      ceiling ? (r.rps / ceiling.rps).toFixed(2) : '-',
      fmtMs(r.latencyMs.p50),
      fmtMs(r.latencyMs.p90),
      fmtMs(r.latencyMs.p99),
      ceiling ? (r.latencyMs.p99 / ceiling.latencyMs.p99).toFixed(1) : '-',
      String(r.non2xx),
      String(r.errors),
      r.cpu ? `${r.cpu.serverPct.toFixed(0)}%` : '-',
      r.cpu ? fmtInt(r.cpu.serverUsPerRequest) : '-',
      r.cpu && ceiling?.cpu ? (r.cpu.serverUsPerRequest / ceiling.cpu.serverUsPerRequest).toFixed(1) : '-',
      r.cpu?.serverMainUsPerRequest !== undefined ? fmtInt(r.cpu.serverMainUsPerRequest) : '-',
      r.cpu ? `${r.cpu.loadgenPct.toFixed(0)}%` : '-',
      r.cpu?.othersPct !== undefined ? `${r.cpu.othersPct.toFixed(0)}%` : '-',
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);

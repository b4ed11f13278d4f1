import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoCredentials } from '../src/bootstrap/demo.js';
import { type DialectName, dialects, freshPgSchema } from './dialects.js';
import { gatehouseArgs } from './gatehouse-command.js';

/**
 * Durability: every order answered 201 survives `kill -9` of the gateway. The real server runs as a
 * child process (its own process group), is SIGKILLed while requests are in flight, and is started
 * again on the same data folder (and the same PostgreSQL schema). No timing is asserted: every wait
 * is a poll bounded by a count.
 */

const SERVER_DIR = resolve(import.meta.dirname, '..');
const WORKERS = 16;
/** kill -9 once this many 201s have arrived, at a moment when other requests are out */
const KILL_AFTER_ACKS = 150;
/** a bound on the requests sent, so a server that is never killed cannot keep the test looping */
const MAX_REQUESTS = 20_000;
const POLL_MS = 100;
const POLL_COUNT = 600;

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => ok(port));
    });
  });
}

interface ServerProcess {
  child: ChildProcess;
  base: string;
  logFile: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  log(): string;
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGKILL to the whole process group of the server, then wait (bounded) until no member is left. */
async function kill9(server: ServerProcess): Promise<void> {
  const pid = server.child.pid!;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
  await server.exited;
  for (let i = 0; i < POLL_COUNT && groupAlive(pid); i++) await pause(POLL_MS);
  if (groupAlive(pid)) throw new Error(`process group ${pid} survived SIGKILL`);
}

/** `node dist/main.js start` (test/gatehouse-command.ts) in its own process group, stdout and stderr to a file. */
function spawnServer(dataDir: string, port: number, env: Record<string, string>, name: string): ServerProcess {
  const logFile = join(dataDir, `${name}-${port}.log`);
  const fd = openSync(logFile, 'a');
  const childEnv: Record<string, string | undefined> = {
    ...process.env,
    ...env,
    PORT: String(port),
    GATEHOUSE_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  if (!env.DATABASE_URL) {
    delete childEnv.DATABASE_URL;
    delete childEnv.GATEHOUSE_MASTER_KEY;
  }
  delete childEnv.GATEHOUSE_DEMO;
  const child = spawn(process.execPath, gatehouseArgs(['start']), {
    cwd: SERVER_DIR,
    env: childEnv,
    detached: true,
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((ok) => {
    child.once('exit', (code, signal) => ok({ code, signal }));
  });
  return { child, base: `http://127.0.0.1:${port}`, logFile, exited, log: () => readFileSync(logFile, 'utf8') };
}

/** Waits until /health answers 200, the demo credentials are written and the address is printed. */
async function waitReady(server: ServerProcess, dataDir: string): Promise<DemoCredentials> {
  let exitedEarly = false;
  void server.exited.then(() => {
    exitedEarly = true;
  });
  const credsFile = join(dataDir, 'demo-credentials.json');
  for (let i = 0; i < POLL_COUNT; i++) {
    if (exitedEarly) throw new Error(`gateway exited at start:\n${server.log().slice(-2000)}`);
    const healthy = await fetch(server.base + '/health')
      .then((r) => r.status === 200)
      .catch(() => false);
    if (healthy && existsSync(credsFile) && server.log().includes(`Gatehouse listening on ${server.base}`)) {
      return JSON.parse(readFileSync(credsFile, 'utf8')) as DemoCredentials;
    }
    await pause(POLL_MS);
  }
  throw new Error(`gateway not ready after ${POLL_COUNT} polls:\n${server.log().slice(-2000)}`);
}

/**
 * Spawns the server on a free port and waits until it is ready. The port is free when picked but
 * another process may take it before the server binds it: then the server exits with EADDRINUSE,
 * and it is started again on another port (a bounded number of times).
 */
async function startServer(
  dataDir: string,
  env: Record<string, string>,
  name: string,
  servers: ServerProcess[],
): Promise<{ server: ServerProcess; demo: DemoCredentials }> {
  for (let attempt = 1; ; attempt++) {
    const server = spawnServer(dataDir, await freePort(), env, name);
    servers.push(server);
    try {
      return { server, demo: await waitReady(server, dataDir) };
    } catch (err) {
      if (attempt >= 5 || !server.log().includes('EADDRINUSE')) throw err;
    }
  }
}

describe.each(dialects())('durability on %s: kill -9 loses no acknowledged order', (dialect: DialectName) => {
  let dataDir: string;
  let env: Record<string, string> = {};
  let dropSchema: (() => Promise<void>) | undefined;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'gatehouse-durability-'));
    if (dialect === 'postgres') {
      const schema = await freshPgSchema();
      dropSchema = () => schema.drop();
      env = { DATABASE_URL: schema.url, GATEHOUSE_MASTER_KEY: 'ab'.repeat(32) };
    }
  });

  afterAll(async () => {
    try {
      for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) await kill9(s);
      await dropSchema?.();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it(
    'keeps every order answered 201 before the crash, and reuses the demo credentials',
    { timeout: 180_000 },
    async () => {
      // 1. Start, wait until ready.
      const { server: first, demo } = await startServer(dataDir, env, 'first', servers);
      const credsFile = join(dataDir, 'demo-credentials.json');
      const credsBefore = readFileSync(credsFile);
      // (printed by this server, or by an attempt that lost its port after creating the merchant)
      expect(servers.map((s) => s.log()).join('\n')).toContain('Demo merchant created:');

      // 2. Fire orders from concurrent workers; SIGKILL the group once enough 201s have arrived and
      //    other requests are out (sent, not yet answered).
      const acked: string[] = [];
      const unexpected: string[] = [];
      let sent = 0;
      let inFlight = 0;
      let inFlightAtKill = 0;
      let killed: Promise<void> | undefined;
      const order = {
        processingEntityId: demo.processingEntityId,
        amount: 1,
        currency: 'USD',
        permittedOperations: ['payments'],
      };
      /** one request: the order's sessionId when it was acknowledged, else undefined */
      const post = async (): Promise<string | undefined> => {
        let res: Response;
        try {
          res = await fetch(first.base + '/orders', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-api-key': demo.apiKey },
            body: JSON.stringify(order),
          });
        } catch (err) {
          // Refused or reset: expected once the server is killed, a failure before.
          const cause = (err as Error & { cause?: unknown }).cause ?? err;
          if (!killed) unexpected.push(`request failed before the kill: ${String(cause)}`);
          return undefined;
        }
        let body: { sessionId?: string } | undefined;
        try {
          body = (await res.json()) as { sessionId?: string };
        } catch (err) {
          // The connection broke while the body was read: no sessionId reached the client, no ack.
          if (!killed) unexpected.push(`body of a ${res.status} unreadable before the kill: ${String(err)}`);
          return undefined;
        }
        if (res.status === 201 && typeof body?.sessionId === 'string') return body.sessionId;
        if (!killed) unexpected.push(`status ${res.status}: ${JSON.stringify(body)}`);
        return undefined;
      };
      const worker = async () => {
        while (!killed && sent < MAX_REQUESTS && unexpected.length === 0) {
          sent++;
          inFlight++;
          let sessionId: string | undefined;
          try {
            sessionId = await post();
          } finally {
            inFlight--;
          }
          if (sessionId === undefined) return;
          // A 201 that arrives after the kill was still sent after its commit: it counts.
          acked.push(sessionId);
          if (acked.length >= KILL_AFTER_ACKS && inFlight > 0 && !killed) {
            // Synchronously, from here: the other workers' requests are out at this moment.
            inFlightAtKill = inFlight;
            killed = kill9(first);
          }
        }
      };
      await Promise.all(Array.from({ length: WORKERS }, worker));
      expect(unexpected).toEqual([]);
      expect(killed, `never killed: ${acked.length} acks in ${sent} requests`).toBeDefined();
      await killed;
      expect((await first.exited).signal).toBe('SIGKILL');
      expect(inFlightAtKill).toBeGreaterThan(0);
      expect(acked.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
      expect(new Set(acked).size).toBe(acked.length);

      // 3. Start again on the same data folder (and database).
      const { server: second, demo: demoAfter } = await startServer(dataDir, env, 'second', servers);
      expect(readFileSync(credsFile).equals(credsBefore)).toBe(true);
      expect(statSync(credsFile).mode & 0o777).toBe(0o600);
      expect(demoAfter).toEqual(demo);
      expect(second.log()).toContain('Demo merchant:');
      expect(second.log()).not.toContain('Demo merchant created:');

      // 4. Every acknowledged order is there.
      const missing: string[] = [];
      const queue = [...acked];
      const reader = async () => {
        for (let sid = queue.pop(); sid !== undefined; sid = queue.pop()) {
          const r = await fetch(`${second.base}/orders/status?sessionId=${encodeURIComponent(sid)}`, {
            headers: { 'x-api-key': demo.apiKey },
          });
          await r.arrayBuffer();
          if (r.status !== 200) missing.push(`${sid}: ${r.status}`);
        }
      };
      await Promise.all(Array.from({ length: 8 }, reader));
      expect(missing, `${missing.length} of ${acked.length} acknowledged orders lost`).toEqual([]);

      // 5. The reused demo key still creates orders.
      const again = await fetch(second.base + '/orders', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': demo.apiKey },
        body: JSON.stringify(order),
      });
      expect(again.status).toBe(201);
      await kill9(second);
    },
  );
});

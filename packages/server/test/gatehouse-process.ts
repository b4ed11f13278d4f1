import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import type { DemoCredentials } from '../src/bootstrap/demo.js';
import { gatehouseArgs } from './gatehouse-command.js';

/**
 * `gatehouse` as a child process (`node dist/main.js …`, built by test/global-build.ts) in its own process group, its
 * output in a file: for tests that kill it, restart it, or run several. Every wait is a bounded poll.
 */

const SERVER_DIR = resolve(import.meta.dirname, '..');
export const POLL_MS = 100;
export const POLL_COUNT = 600;
export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface GatehouseProcess {
  child: ChildProcess;
  base: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  log(): string;
}

export async function freePort(): Promise<number> {
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

export function spawnGatehouse(
  args: string[],
  options: { dataDir: string; env: Record<string, string>; name: string; port?: number },
): GatehouseProcess {
  const logFile = join(options.dataDir, `${options.name}.log`);
  const fd = openSync(logFile, 'a');
  const env: Record<string, string | undefined> = {
    ...process.env,
    LOG_LEVEL: 'warn',
    ...options.env,
    GATEHOUSE_DATA_DIR: options.dataDir,
  };
  if (options.port !== undefined) env.PORT = String(options.port);
  if (!options.env.DATABASE_URL) {
    delete env.DATABASE_URL;
    delete env.GATEHOUSE_MASTER_KEY;
  }
  delete env.GATEHOUSE_DEMO;
  const child = spawn(process.execPath, gatehouseArgs(args), {
    cwd: SERVER_DIR,
    env,
    detached: true,
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((ok) => {
    child.once('exit', (code, signal) => ok({ code, signal }));
  });
  return { child, base: `http://127.0.0.1:${options.port ?? 0}`, exited, log: () => readFileSync(logFile, 'utf8') };
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

export const running = (p: GatehouseProcess) => p.child.exitCode === null && p.child.signalCode === null;

/** SIGKILL to the whole process group, then wait (bounded) until no member is left. */
export async function kill9(p: GatehouseProcess): Promise<void> {
  const pid = p.child.pid!;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
  await p.exited;
  for (let i = 0; i < POLL_COUNT && groupAlive(pid); i++) await pause(POLL_MS);
  if (groupAlive(pid)) throw new Error(`process group ${pid} survived SIGKILL`);
}

/** SIGTERM to the process, and its exit. */
export async function terminate(p: GatehouseProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  p.child.kill('SIGTERM');
  return p.exited;
}

/** Polls `check` until it returns true; throws with `what` after POLL_COUNT polls. */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: () => string,
  polls = POLL_COUNT,
): Promise<void> {
  for (let i = 0; i < polls; i++) {
    if (await check()) return;
    await pause(POLL_MS);
  }
  throw new Error(`not reached after ${polls} polls: ${what()}`);
}

/** Waits until /health answers, the demo credentials are written and the address is printed. */
export async function waitServerReady(p: GatehouseProcess, dataDir: string): Promise<DemoCredentials> {
  const credsFile = join(dataDir, 'demo-credentials.json');
  await until(
    async () => {
      if (!running(p)) throw new Error(`gateway exited at start:\n${p.log().slice(-2000)}`);
      const healthy = await fetch(p.base + '/health')
        .then((r) => r.status === 200)
        .catch(() => false);
      return healthy && existsSync(credsFile) && p.log().includes(`Gatehouse listening on ${p.base}`);
    },
    () => p.log().slice(-2000),
  );
  return JSON.parse(readFileSync(credsFile, 'utf8')) as DemoCredentials;
}

import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { gatehouseArgs } from './gatehouse-command.js';
import {
  freePort,
  type GatehouseProcess,
  kill9,
  running,
  spawnGatehouse,
  terminate,
  until,
  waitServerReady,
} from './gatehouse-process.js';

/**
 * One server per SQLite data folder (docs/decisions/0820, 0821), through the compiled CLI: a second
 * `start` is refused with the holder's pid and port while the first keeps serving; a crashed holder's
 * lock is taken over; `gatehouse` alone prints its help; the store's files are private; a start refused
 * for a lost master key writes nothing.
 */

const CLI_TIMEOUT = 120_000;

function cli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const full: Record<string, string | undefined> = { ...process.env, ...env };
  for (const name of ['DATABASE_URL', 'GATEHOUSE_MASTER_KEY', 'GATEHOUSE_DEMO']) if (!(name in env)) delete full[name];
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, gatehouseArgs(args), {
      env: full,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: CLI_TIMEOUT,
      killSignal: 'SIGKILL',
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    child.once('error', fail);
    child.once('close', (code) => ok({ code, stdout, stderr }));
  });
}

const listening = (port: number) =>
  fetch(`http://127.0.0.1:${port}/health`).then(
    () => true,
    () => false,
  );

describe('one server per data folder', () => {
  const dirs: string[] = [];
  const procs: GatehouseProcess[] = [];
  const newDir = async () => {
    const d = await mkdtemp(join(tmpdir(), 'gh-lock-'));
    dirs.push(d);
    return d;
  };
  const start = async (dataDir: string, name: string, env: Record<string, string> = {}) => {
    const p = spawnGatehouse(['start'], { dataDir, env: { LOG_LEVEL: 'info', ...env }, name, port: await freePort() });
    procs.push(p);
    return p;
  };
  afterEach(async () => {
    for (const p of procs.splice(0)) if (running(p)) await kill9(p);
  });
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it(
    "refuses a second start on the same folder, naming the holder's pid and port; the first keeps serving",
    { timeout: CLI_TIMEOUT },
    async () => {
      const dataDir = await newDir();
      const first = await start(dataDir, 'first');
      await waitServerReady(first, dataDir);
      const port = await freePort();
      const second = await cli(['start', '--port', String(port)], { GATEHOUSE_DATA_DIR: dataDir });
      expect(second.code).toBe(1);
      const firstPort = new URL(first.base).port;
      expect(second.stderr).toContain(
        `already served by another Gatehouse server (pid ${first.child.pid}, http://127.0.0.1:${firstPort}`,
      );
      expect(await listening(port)).toBe(false);
      expect((await fetch(`${first.base}/health`)).status).toBe(200);
      // the holder's record names it; a clean stop removes it and frees the folder
      expect(JSON.parse(readFileSync(join(dataDir, 'gatehouse.pid'), 'utf8'))).toMatchObject({
        pid: first.child.pid,
        port: Number(firstPort),
      });
      expect(await terminate(first)).toEqual({ code: 0, signal: null });
      expect(existsSync(join(dataDir, 'gatehouse.pid'))).toBe(false);
      const third = await start(dataDir, 'third');
      await waitServerReady(third, dataDir);
      expect(third.log()).not.toContain('taken over');
    },
  );

  it('takes over the lock of a server killed with SIGKILL, and says so', { timeout: CLI_TIMEOUT }, async () => {
    const dataDir = await newDir();
    const first = await start(dataDir, 'crashed');
    await waitServerReady(first, dataDir);
    await kill9(first);
    expect(existsSync(join(dataDir, 'gatehouse.pid'))).toBe(true);
    const next = await start(dataDir, 'next');
    await waitServerReady(next, dataDir);
    expect(next.log()).toMatch(/"pid":\d+.*data folder lock of a server that is no longer running taken over/);
    expect(next.log()).toContain(`"pid":${first.child.pid}`);
  });

  it("keeps the data folder and the store's files private to their user", { timeout: CLI_TIMEOUT }, async () => {
    const parent = await newDir();
    const dataDir = join(parent, 'data');
    const p = await start(dataDir, '../server');
    await waitServerReady(p, dataDir);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    const files = readdirSync(dataDir).filter((f) => /^gatehouse\.(sqlite|lock|pid)|\.key$|\.json$/.test(f));
    expect(files).toEqual(
      expect.arrayContaining([
        'gatehouse.sqlite',
        'gatehouse.sqlite-wal',
        'gatehouse.sqlite-shm',
        'master.key',
        'demo-credentials.json',
        'gatehouse.lock',
      ]),
    );
    for (const f of files) expect({ f, mode: statSync(join(dataDir, f)).mode & 0o777 }).toEqual({ f, mode: 0o600 });
  });

  it('refuses a start whose store has lost its master key, and writes nothing', { timeout: CLI_TIMEOUT }, async () => {
    const dataDir = await newDir();
    expect((await cli(['migrate'], { GATEHOUSE_DATA_DIR: dataDir })).code).toBe(0);
    rmSync(join(dataDir, 'master.key'));
    const before = readdirSync(dataDir).sort();
    const r = await cli(['start', '--port', String(await freePort())], { GATEHOUSE_DATA_DIR: dataDir });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('master.key is missing');
    expect(readdirSync(dataDir).sort()).toEqual(before);
  });

  it(
    '`gatehouse` alone prints the help and starts nothing; options alone are refused',
    { timeout: CLI_TIMEOUT },
    async () => {
      const dataDir = join(await newDir(), 'never');
      const port = await freePort();
      const alone = await cli([], { GATEHOUSE_DATA_DIR: dataDir, PORT: String(port) });
      expect(alone.code).toBe(0);
      expect(alone.stdout).toMatch(/^Usage: gatehouse <command> \[options\]/);
      expect(alone.stdout).toContain('start');
      const flags = await cli(['--port', String(port)], { GATEHOUSE_DATA_DIR: dataDir });
      expect(flags.code).toBe(2);
      expect(flags.stderr).toBe(
        `gatehouse: a command is needed before --port: \`gatehouse start --port ${port}\` runs the server (see gatehouse --help)\n`,
      );
      expect(existsSync(dataDir)).toBe(false);
      expect(await listening(port)).toBe(false);
    },
  );

  it(
    'a start on another port moves the demo inbox addresses with a log line, never silently',
    { timeout: CLI_TIMEOUT },
    async () => {
      const dataDir = await newDir();
      const a = await start(dataDir, 'a');
      await waitServerReady(a, dataDir);
      expect(await terminate(a)).toEqual({ code: 0, signal: null });
      const b = await start(dataDir, 'b');
      await waitServerReady(b, dataDir);
      // both addresses move; the log lines are written asynchronously, so wait for the two
      await until(
        () =>
          b
            .log()
            .split('\n')
            .filter((l) => l.includes('notification address moved')).length >= 2,
        () => b.log().slice(-1000),
      );
      const moved = b
        .log()
        .split('\n')
        .filter((l) => l.includes('notification address moved'))
        .map((l) => JSON.parse(l) as { setting: string; from: string; to: string });
      expect(moved.map((m) => m.setting).sort()).toEqual(['notificationUrl', 'webhookUrl']);
      for (const m of moved) {
        expect(m.from.startsWith(a.base)).toBe(true);
        expect(m.to.startsWith(b.base)).toBe(true);
      }
    },
  );
});

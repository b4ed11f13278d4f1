import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { DemoCredentials } from '../src/bootstrap/demo.js';
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { gatehouseArgs } from './gatehouse-command.js';
import { freePort, type GatehouseProcess, kill9, running, terminate, until } from './gatehouse-process.js';

/** `gatehouse start` with exactly this environment (spawnGatehouse drops GATEHOUSE_DEMO). */
async function spawnStart(dataDir: string, env: Record<string, string>): Promise<GatehouseProcess> {
  const port = await freePort();
  const logFile = join(dataDir, 'prod.log');
  const fd = openSync(logFile, 'a');
  const full: Record<string, string | undefined> = {
    ...process.env,
    ...env,
    GATEHOUSE_DATA_DIR: dataDir,
    PORT: String(port),
  };
  for (const name of ['DATABASE_URL', 'GATEHOUSE_MASTER_KEY']) delete full[name];
  if (!('GATEHOUSE_DEMO' in env)) delete full.GATEHOUSE_DEMO;
  const child = spawn(process.execPath, gatehouseArgs(['start']), {
    env: full,
    detached: true,
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((ok) =>
    child.once('exit', (code, signal) => ok({ code, signal })),
  );
  return { child, base: `http://127.0.0.1:${port}`, exited, log: () => readFileSync(logFile, 'utf8') };
}

/**
 * A start in production mode (docs/decisions/0823), through the compiled CLI: no demo merchant unless
 * asked for, and then its secrets are in `demo-credentials.json` only, never in the output or the log.
 */
describe('production mode start', () => {
  const dirs: string[] = [];
  const procs: GatehouseProcess[] = [];
  afterEach(async () => {
    for (const p of procs.splice(0)) if (running(p)) await kill9(p);
  });
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });
  const start = async (env: Record<string, string>) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'gh-prod-'));
    dirs.push(dataDir);
    const p = await spawnStart(dataDir, { GATEHOUSE_MODE: 'production', LOG_LEVEL: 'info', ...env });
    procs.push(p);
    await until(
      () => {
        if (!running(p)) throw new Error(`exited:\n${p.log()}`);
        return p.log().includes(`Gatehouse listening on ${p.base}`);
      },
      () => p.log().slice(-1000),
    );
    return { p, dataDir };
  };

  it('creates no demo merchant', { timeout: 120_000 }, async () => {
    const { p, dataDir } = await start({});
    expect(existsSync(join(dataDir, 'demo-credentials.json'))).toBe(false);
    expect(p.log()).not.toContain('Demo merchant');
    expect(await terminate(p)).toEqual({ code: 0, signal: null });
  });

  it(
    'asked for one, writes its secrets to the file only, never to the output or the log',
    { timeout: 120_000 },
    async () => {
      const { p, dataDir } = await start({ GATEHOUSE_DEMO: 'true' });
      const creds = JSON.parse(readFileSync(join(dataDir, 'demo-credentials.json'), 'utf8')) as DemoCredentials;
      expect(p.log()).toContain('Demo merchant created:');
      expect(p.log()).toContain(creds.merchantId);
      for (const secret of [creds.merchantSecretKey, creds.apiKey, creds.webhookSecret!, creds.dashboard!.password])
        expect(p.log()).not.toContain(secret);
      expect(p.log()).toContain(`dashboard.email     ${creds.dashboard!.email}`);
      expect(p.log()).toContain('secrets (apiKey, merchantSecretKey, webhookSecret, dashboard.password): in');
      expect(await terminate(p)).toEqual({ code: 0, signal: null });
    },
  );
});

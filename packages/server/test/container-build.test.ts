import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it, vi } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

/**
 * The container image's build steps without a container engine: scripts/container-build.sh (which
 * the Dockerfile's build stage runs) assembles a server folder, which then starts on its own, outside
 * the repository, and answers /health and serves the browser bundles. The packages were built by the
 * suites' global setup, so the script runs with `--no-build`.
 */
describe('the container build (scripts/container-build.sh)', () => {
  let dir: string | undefined;
  let server: ChildProcess | undefined;
  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((ok) => server!.once('exit', ok));
      server.kill('SIGTERM');
      await exited;
    }
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('the Dockerfile runs the script in its build stage, and its runtime stage is non-root with a healthcheck', () => {
    const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
    expect(dockerfile).toMatch(/^RUN npm ci\b/m);
    expect(dockerfile).toMatch(/^RUN scripts\/container-build\.sh \/out$/m);
    expect(dockerfile).toMatch(/^COPY --from=build \/out\/ \.\/$/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/health/m);
    expect(dockerfile).toMatch(/GATEHOUSE_DATA_DIR=\/var\/lib\/gatehouse/);
  });

  it(
    'assembles a server folder that starts outside the repository and answers /health',
    { timeout: 180_000 },
    async () => {
      dir = await mkdtemp(join(tmpdir(), 'gatehouse-container-'));
      const out = join(dir, 'opt-gatehouse');
      await run(join(ROOT, 'scripts', 'container-build.sh'), [out, '--no-build'], { cwd: ROOT, timeout: 150_000 });

      // the built server, its production dependencies and the bundles; no sources, no dev tools
      for (const f of [
        'packages/server/dist/main.js',
        'packages/server/bin/gatehouse.js',
        'packages/web-sdk/dist/websdk.js',
        'packages/hosted-ui/dist/fields.js',
        'packages/dashboard/dist/dashboard.js',
        'packages/dashboard/dist/dashboard.css',
        'node_modules/fastify',
        'node_modules/better-sqlite3',
      ]) {
        expect(existsSync(join(out, f)), f).toBe(true);
      }
      for (const f of [
        'packages/server/src',
        'packages/client',
        'node_modules/vitest',
        'node_modules/typescript',
        'node_modules/esbuild',
      ]) {
        expect(existsSync(join(out, f)), f).toBe(false);
      }

      let log = '';
      const child = spawn(process.execPath, [join(out, 'packages/server/dist/main.js'), 'start'], {
        cwd: dir,
        env: {
          PATH: process.env.PATH ?? '',
          HOST: '127.0.0.1',
          PORT: '0',
          GATEHOUSE_DATA_DIR: join(dir, 'data'),
          NODE_ENV: 'production',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      server = child;
      child.stdout!.on('data', (d: Buffer) => (log += d.toString('utf8')));
      child.stderr!.on('data', (d: Buffer) => (log += d.toString('utf8')));
      const base = await vi.waitFor(
        () => {
          const m = /listening on (http:\/\/\S+)/.exec(log);
          if (!m) throw new Error(`not listening yet: ${log.slice(-500)}`);
          return m[1]!;
        },
        { timeout: 60_000, interval: 100 },
      );
      const health = await fetch(`${base}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok', store: 'up' });
      const sdk = await fetch(`${base}/sdk/v1/websdk.js`);
      expect(sdk.status).toBe(200);
      await sdk.arrayBuffer();
    },
  );
});

import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { expect } from 'vitest';
import { gatehouseArgs } from './gatehouse-command.js';

const SERVER_DIR = resolve(import.meta.dirname, '..');

/**
 * `gatehouse <args>` run from the sources as a child process on the SQLite data folder `dataDir`, with
 * the environment of a fresh shell (no DATABASE_URL, master key, log level, port, demo or SMTP settings).
 * `timeout` only guards against a hung child; no test asserts a duration.
 */
export function cli(
  dataDir: string,
  args: string[],
  extraEnv: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: Record<string, string | undefined> = { ...process.env, GATEHOUSE_DATA_DIR: dataDir };
  for (const name of [
    'DATABASE_URL',
    'GATEHOUSE_MASTER_KEY',
    'LOG_LEVEL',
    'PORT',
    'HOST',
    'GATEHOUSE_DEMO',
    'SMTP_URL',
  ])
    delete env[name];
  Object.assign(env, extraEnv);
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, gatehouseArgs(args), {
      cwd: SERVER_DIR,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 120_000,
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

/**
 * `gatehouse <args> --json`: asserts a clean exit with nothing on stderr and parses stdout. `extraEnv`
 * adds to the fresh shell's environment (e.g. the DATABASE_URL of a PostgreSQL store).
 */
export async function cliJson<T = any>(
  dataDir: string,
  args: string[],
  extraEnv: Record<string, string> = {},
): Promise<T> {
  const r = await cli(dataDir, [...args, '--json'], extraEnv);
  expect(r.stderr, `gatehouse ${args.join(' ')}`).toBe('');
  expect(r.code, `gatehouse ${args.join(' ')}`).toBe(0);
  return JSON.parse(r.stdout) as T;
}

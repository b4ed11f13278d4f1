import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DialectName, dialects } from './dialects.js';
import { gatehouseArgs } from './gatehouse-command.js';
import { type Gateway, startGateway } from './harness.js';

/**
 * Operator credentials through the compiled CLI and the real server (docs/decisions/0824): made by
 * `gatehouse operators create` (printed once, only a hash stored), listed without secrets, accepted by
 * the admin API, refused from the moment `gatehouse operators revoke` ran.
 */

const SERVER_DIR = resolve(import.meta.dirname, '..');

function cli(gw: Gateway, args: string[]) {
  const env: Record<string, string | undefined> = {
    ...process.env,
    GATEHOUSE_DATA_DIR: gw.dataDir,
    LOG_LEVEL: 'silent',
  };
  for (const name of ['DATABASE_URL', 'GATEHOUSE_MASTER_KEY', 'PORT', 'HOST', 'GATEHOUSE_DEMO', 'GATEHOUSE_MODE'])
    delete env[name];
  if (gw.rt.config.DATABASE_URL) env.DATABASE_URL = gw.rt.config.DATABASE_URL;
  if (gw.rt.config.GATEHOUSE_MASTER_KEY) env.GATEHOUSE_MASTER_KEY = gw.rt.config.GATEHOUSE_MASTER_KEY;
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((ok, fail) => {
    const child = spawn(process.execPath, gatehouseArgs(args), {
      cwd: SERVER_DIR,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 90_000,
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

describe.each(dialects())('operator credentials on %s', (dialect: DialectName) => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await startGateway({ dialect, env: { GATEHOUSE_MODE: 'production' } });
  });
  afterAll(async () => gw?.close());

  it('create, use, list, revoke', { timeout: 120_000 }, async () => {
    const made = await cli(gw, ['operators', 'create', '--name', 'night shift', '--json']);
    expect(made.code, made.stderr).toBe(0);
    const { id, credential } = JSON.parse(made.stdout) as { id: string; credential: string };
    expect(credential).toMatch(new RegExp(`^gho_${id}_[1-9A-HJ-NP-Za-km-z]{40}$`));
    // only the hash is at rest
    if (gw.rt.store.file)
      expect(readFileSync(gw.rt.store.file).includes(Buffer.from(credential.slice(-40)))).toBe(false);
    expect((await gw.request('GET', '/admin/v1/deliveries', { headers: { 'x-api-key': credential } })).status).toBe(
      200,
    );
    expect(
      (await gw.request('GET', '/admin/v1/deliveries', { headers: { authorization: `Bearer ${credential}` } })).status,
    ).toBe(200);
    // a merchant API key with the secret of the operator's: no such key
    expect(
      (
        await gw.request('GET', '/admin/v1/deliveries', {
          headers: { 'x-api-key': credential.replace(/^gho_opr_/, 'gh_key_') },
        })
      ).status,
    ).toBe(401);
    const listed = await cli(gw, ['operators', 'list']);
    expect(listed.stdout).toContain(`${id}  night shift`);
    expect(listed.stdout).not.toContain(credential);
    const revoked = await cli(gw, ['operators', 'revoke', id]);
    expect(revoked.code).toBe(0);
    expect((await gw.request('GET', '/admin/v1/deliveries', { headers: { 'x-api-key': credential } })).status).toBe(
      401,
    );
    expect((await cli(gw, ['operators', 'list'])).stdout).toContain('REVOKED');
    const again = await cli(gw, ['operators', 'revoke', id]);
    expect({ code: again.code, stderr: again.stderr }).toEqual({
      code: 2,
      stderr: `gatehouse: no live operator credential ${id}\n`,
    });
    expect((await cli(gw, ['operators', 'create', '--json'])).code).toBe(2);
  });
});

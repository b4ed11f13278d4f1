import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const CLIENT_DIR = resolve(import.meta.dirname, '../../client');
const run = promisify(execFile);

/**
 * @gatehouse/client as a merchant gets it: `npm pack` of the package, installed from the tarball in
 * a folder outside the repository, then imported by plain `node` (no TypeScript loader): its files are
 * the built ES modules and types, and its functions work.
 */
describe('the packed @gatehouse/client', () => {
  let dir: string | undefined;
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('installs from its tarball in a temporary folder and runs under plain node', { timeout: 180_000 }, async () => {
    dir = await mkdtemp(join(tmpdir(), 'gatehouse-client-pack-'));
    const npmEnv = {
      ...process.env,
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      npm_config_update_notifier: 'false',
    };
    const packed = await run('npm', ['pack', '--json', '--pack-destination', dir], { cwd: CLIENT_DIR, env: npmEnv });
    const [info] = JSON.parse(packed.stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
    const files = info!.files.map((f) => f.path).sort();
    expect(files).toContain('dist/index.js');
    expect(files).toContain('dist/index.d.ts');
    expect(files).toContain('README.md');
    expect(files.filter((f) => f.startsWith('src/') || f.endsWith('.tsbuildinfo'))).toEqual([]);

    await run('npm', ['init', '-y'], { cwd: dir, env: npmEnv });
    await run('npm', ['install', '--prefer-offline', join(dir, info!.filename)], {
      cwd: dir,
      env: npmEnv,
      timeout: 150_000,
    });
    expect(await readdir(join(dir, 'node_modules', '@gatehouse', 'client', 'dist'))).toContain('index.js');

    const script = `
      import { checksum, dmnChecksum, verifyDmn, verifyWebhook, restApi, sessionApi, GatehouseApiError } from '@gatehouse/client';
      import { Webhook } from 'standardwebhooks';
      const secret = 'whsec_' + Buffer.alloc(32, 1).toString('base64');
      const at = new Date(1_800_000_000_000);
      const body = JSON.stringify({ type: 'transaction.approved', timestamp: at.toISOString(), data: {} });
      const headers = { 'webhook-id': 'ntf_1', 'webhook-timestamp': String(at.getTime() / 1000), 'webhook-signature': new Webhook(secret).sign('ntf_1', at, body) };
      const dmn = { totalAmount: '10.00', currency: 'EUR', responseTimeStamp: '2027-01-15.10:00:00', PPP_TransactionID: '1', Status: 'APPROVED' };
      console.log(JSON.stringify({
        checksum: checksum(['a', 'b'], 's'),
        webhook: verifyWebhook(body, headers, secret, { now: at }).type,
        dmn: verifyDmn({ ...dmn, advanceResponseChecksum: dmnChecksum(dmn, 'key') }, 'key') !== undefined,
        clients: typeof restApi({ baseUrl: 'http://x' }).createOrder + typeof sessionApi({ baseUrl: 'http://x', merchantId: '1', merchantSiteId: '2', merchantSecretKey: 'k' }).openOrder,
        error: new GatehouseApiError(400, '5000.1001', 'r', {}).code,
      }));
    `;
    const out = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: dir });
    expect(JSON.parse(out.stdout)).toEqual({
      checksum: createHash('sha256').update('abs', 'utf8').digest('hex'),
      webhook: 'transaction.approved',
      dmn: true,
      clients: 'functionfunction',
      error: '5000.1001',
    });
  });
});

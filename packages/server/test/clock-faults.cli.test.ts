import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from './cli-process.js';
import { apiKey, type Gateway, startGateway } from './harness.js';

/**
 * `gatehouse clock` and `gatehouse faults` (docs/decisions/0940, 0941), run as child processes on a
 * running gateway's SQLite data folder: the server follows what the command changed in the store.
 */
describe('gatehouse clock and faults', () => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await startGateway();
  });
  afterAll(async () => {
    await gw.close();
  });

  it('advances, shows and resets a merchant clock the server then follows', { timeout: 300_000 }, async () => {
    const help = await cli(gw.dataDir, ['clock', 'advance', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('clock advance <duration> --merchant <merchantId>');
    const m = gw.demo.merchantId;
    const adv = await cli(gw.dataDir, ['clock', 'advance', '1d2h', '--merchant', m, '--json']);
    expect(adv.code, adv.stderr).toBe(0);
    expect(JSON.parse(adv.stdout)).toMatchObject({
      clock: { merchantId: m, offsetMs: 26 * 3_600_000, offset: '1d 2h' },
      dueCharges: { attempted: 0 },
    });
    const shown = await cli(gw.dataDir, ['clock', 'show', '--merchant', m]);
    expect(shown.stdout).toContain('1d 2h ahead of the real time');
    const served = await gw.request('GET', '/admin/v1/sandbox/clock', { headers: apiKey(gw) });
    expect(served.json).toMatchObject({ offsetMs: 26 * 3_600_000 });
    const reset = await cli(gw.dataDir, ['clock', 'reset', '--merchant', m]);
    expect(reset.stdout).toContain('the real time');
    const bad = await cli(gw.dataDir, ['clock', 'advance', 'tomorrow', '--merchant', m]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('<duration> must be');
  });

  it('sets, shows and clears a site fault', { timeout: 300_000 }, async () => {
    const site = gw.demo.merchantSiteId;
    const set = await cli(gw.dataDir, ['faults', 'set', '--site', site, '--mode', 'delay', '--ms', '10']);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toContain(`site ${site}`);
    const list = await gw.request('GET', '/admin/v1/sandbox/faults', { headers: apiKey(gw) });
    expect(list.json.faults).toEqual([expect.objectContaining({ siteId: site, mode: 'delay', ms: 10 })]);
    expect((await cli(gw.dataDir, ['faults', 'show'])).stdout).toContain('delay 10 ms');
    expect((await cli(gw.dataDir, ['faults', 'clear', '--site', site])).stdout).toContain('fault cleared');
    const wrong = await cli(gw.dataDir, ['faults', 'set', '--site', site, '--mode', 'slow']);
    expect(wrong.code).toBe(2);
  });

  it('refuses both in production mode', { timeout: 300_000 }, async () => {
    const clock = await cli(gw.dataDir, ['clock', 'show', '--merchant', gw.demo.merchantId], {
      GATEHOUSE_MODE: 'production',
    });
    expect(clock.code).toBe(2);
    expect(clock.stderr).toContain('sandbox mode only');
    const faults = await cli(gw.dataDir, ['faults', 'show'], { GATEHOUSE_MODE: 'production' });
    expect(faults.stderr).toContain('sandbox mode only');
  });
});

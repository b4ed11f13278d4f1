import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoMerchant } from '../src/bootstrap/demo.js';
import { loadConfig } from '../src/config.js';
import { createEmailConfiguration } from '../src/domain/platform/email-configuration.service.js';
import { createAccountOwner } from '../src/domain/platform/platform.service.js';
import { openRuntime, type Runtime } from '../src/runtime.js';
import { cli } from './cli-process.js';

/** `gatehouse platform …` and `gatehouse emails list`, run as child processes on a data folder the test also opens. */

describe('gatehouse platform / emails commands', () => {
  let dataDir: string;
  let rt: Runtime;
  let code: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'gatehouse-platform-cli-'));
    rt = await openRuntime(loadConfig({ GATEHOUSE_DATA_DIR: dataDir }, process.cwd()));
    const demo = (await ensureDemoMerchant(rt.deps, dataDir))!.credentials;
    const caller = { platformId: demo.merchantId, siteId: demo.merchantSiteId };
    await createEmailConfiguration(rt.deps, caller.platformId, {
      notificationType: 'KYC_STATUS_UPDATE',
      emails: 'ops@example.com',
      enabled: true,
    });
    code = (
      await createAccountOwner(rt.deps, caller, {
        extRef: 'cli-seller',
        name: 'CLI',
        email: 'cli@example.com',
        country: 'DE',
      })
    ).code;
  });
  afterAll(async () => {
    await rt.store.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'moves a KYC status, refuses a move the machine forbids, and lists the kept e-mail',
    { timeout: 120_000 },
    async () => {
      const moved = await cli(dataDir, [
        'platform',
        'kyc',
        code,
        'IN_PROGRESS',
        '--reason',
        'checked by ops',
        '--json',
      ]);
      expect(moved.stderr).toBe('');
      expect(moved.code).toBe(0);
      expect(JSON.parse(moved.stdout)).toMatchObject({
        accountOwnerCode: code,
        kycStatus: 'IN_PROGRESS',
        reason: 'checked by ops',
      });

      const refused = await cli(dataDir, ['platform', 'kyc', code, 'MISSING_DATA']);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/from IN_PROGRESS to MISSING_DATA/);
      const unknown = await cli(dataDir, ['platform', 'kyc', code, 'DONE']);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toMatch(/status must be one of MISSING_DATA/);
      expect((await rt.deps.storage.read.platform.findAccountOwner(null, code))!.kycStatus).toBe('IN_PROGRESS');

      const listed = await cli(dataDir, ['emails', 'list', '--body']);
      expect(listed.code).toBe(0);
      expect(listed.stdout).toContain(`Subject: KYC status update for cli-seller of account owner ${code}`);
      expect(listed.stdout).toContain('To:      ops@example.com');
      expect(listed.stdout).toContain('checked by ops');
      expect(listed.stdout).toMatch(/ pending /);
    },
  );

  it('has --help on each command', { timeout: 120_000 }, async () => {
    for (const args of [
      ['platform', 'payout', '--help'],
      ['emails', 'list', '--help'],
    ]) {
      const r = await cli(dataDir, args);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^Usage: gatehouse (platform payout <payoutCode> <status>|emails list)/);
    }
  });
});

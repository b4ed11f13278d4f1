import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, cliJson } from './cli-process.js';

/**
 * The CLI as a new user meets it: a typo in --data-dir is refused, `merchants create` gives
 * everything the REST API needs and says what to do next, and `list` shows what the store holds.
 * Each command is a child process (`node dist/main.js …`, built by test/global-build.ts) on a temp data folder.
 */

const SERVER_DIR = resolve(import.meta.dirname, '..');
const CLI_TIMEOUT = 120_000;

interface Created {
  merchantId: string;
  name: string;
  merchantSiteId: string;
  processingEntityId: string;
  keyId: string;
  apiKey: string;
  merchantSecretKey: string;
  webhookSecret: string;
}

describe('gatehouse CLI, the first hour', () => {
  let root: string;
  let dataDir: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'gatehouse-cli-first-'));
    dataDir = join(root, 'data');
    expect(await cli(dataDir, ['migrate'])).toMatchObject({ code: 0, stderr: '' });
  }, CLI_TIMEOUT);
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it.each(
    [
      ['deliveries', 'list', '--session', 'x'],
      ['merchants', 'list'],
      ['keys', 'list', '--entity', 'e'],
      ['worker'],
    ].map((args) => [args.join(' '), args] as const),
  )(
    '`%s` on a folder without a store says so, exits non-zero and creates nothing',
    { timeout: CLI_TIMEOUT },
    async (_name, args) => {
      const typo = join(root, 'typo');
      const r = await cli(typo, [...args]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(
        `gatehouse: no Gatehouse store in ${typo}: check --data-dir (GATEHOUSE_DATA_DIR), or create one there with \`gatehouse migrate\` or \`gatehouse start\`\n`,
      );
      expect(existsSync(typo)).toBe(false);
    },
  );

  it('`merchants create` prints ids, every secret once, and what to do next', { timeout: CLI_TIMEOUT }, async () => {
    const r = await cli(dataDir, ['merchants', 'create', '--name', 'Tea Shop']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const field = (name: string) => r.stdout.match(new RegExp(`^  ${name} +(\\S+)$`, 'm'))?.[1];
    const merchantId = field('merchantId')!;
    const site = field('merchantSiteId')!;
    const entity = field('processingEntityId')!;
    expect(r.stdout.split('\n')[0]).toBe(
      `Merchant ${merchantId} (Tea Shop) created with a site, a processing entity and an API key.`,
    );
    expect(field('keyId')).toMatch(/^key_/);
    expect(field('apiKey')).toMatch(new RegExp(`^gh_${field('keyId')}_\\w{40}$`));
    expect(field('merchantSecretKey')).toMatch(/^\w{32,}$/);
    expect(field('webhookSecret')).toMatch(/^whsec_/);
    expect(r.stdout).toContain('Secrets, shown this once');
    expect(r.stdout).toContain(
      `Next:\n  REST API:     send the header "x-api-key: <apiKey>" and "processingEntityId": "${entity}"`,
    );
    expect(r.stdout).toContain(`gatehouse sites set-notification-url --site ${site} --url`);
    expect(r.stdout).toContain(`gatehouse keys create --entity ${entity} --site ${site}`);

    // The key works at once: the entity lists it as its own.
    const keys = await cliJson<Array<{ keyId: string; type: string; siteId: string }>>(dataDir, [
      'keys',
      'list',
      '--entity',
      entity,
    ]);
    expect(keys).toEqual([expect.objectContaining({ keyId: field('keyId'), type: 'operations', siteId: site })]);
  });

  it(
    '`merchants list`, `sites list`, `entities list` show what was created, without secrets',
    { timeout: 4 * CLI_TIMEOUT },
    async () => {
      const a = await cliJson<Created>(dataDir, ['merchants', 'create', '--name', 'Alpha', '--site-name', 'Alpha EU']);
      const b = await cliJson<Created>(dataDir, ['merchants', 'create', '--name', 'Beta', '--entity-name', 'Beta Ltd']);
      const child = await cliJson<{ processingEntityId: string }>(dataDir, [
        'entities',
        'create',
        '--parent',
        a.processingEntityId,
        '--name',
        'Alpha Shop',
      ]);
      const [merchants, sites, entitiesOfA, text] = await Promise.all([
        cliJson<Array<{ merchantId: string; name: string; createdAt: string }>>(dataDir, ['merchants', 'list']),
        cliJson<Array<Record<string, string>>>(dataDir, ['sites', 'list']),
        cliJson<Array<Record<string, string | null>>>(dataDir, ['entities', 'list', '--merchant', a.merchantId]),
        cli(dataDir, ['entities', 'list']),
      ]);
      expect(merchants.map((m) => m.name)).toEqual(['Tea Shop', 'Alpha', 'Beta']);
      expect(merchants.find((m) => m.name === 'Beta')).toEqual({
        merchantId: b.merchantId,
        name: 'Beta',
        createdAt: expect.any(String),
      });
      expect(sites.find((s) => s.merchantSiteId === a.merchantSiteId)).toEqual({
        merchantSiteId: a.merchantSiteId,
        merchantId: a.merchantId,
        name: 'Alpha EU',
        createdAt: expect.any(String),
      });
      expect(entitiesOfA).toEqual([
        {
          processingEntityId: a.processingEntityId,
          merchantId: a.merchantId,
          parentId: null,
          name: 'Alpha',
          createdAt: expect.any(String),
        },
        {
          processingEntityId: child.processingEntityId,
          merchantId: a.merchantId,
          parentId: a.processingEntityId,
          name: 'Alpha Shop',
          createdAt: expect.any(String),
        },
      ]);
      expect(text.code).toBe(0);
      expect(text.stdout).toContain(
        `${child.processingEntityId}  merchant ${a.merchantId}  child of ${a.processingEntityId}  Alpha Shop`,
      );
      expect(text.stdout).toMatch(
        new RegExp(`^${b.processingEntityId} +merchant ${b.merchantId} +top +Beta Ltd$`, 'm'),
      );
      const all = JSON.stringify([merchants, sites]);
      for (const secret of [a.merchantSecretKey, a.apiKey, a.webhookSecret, b.merchantSecretKey])
        expect(all).not.toContain(secret);

      const unknown = await cli(dataDir, ['sites', 'list', '--merchant', '999']);
      expect(unknown).toMatchObject({ code: 2, stdout: '', stderr: 'gatehouse: Merchant not found\n' });
    },
  );

  it(
    "`sites show` shows a site's notification addresses and settings, without secrets; an unknown site is refused",
    { timeout: 4 * CLI_TIMEOUT },
    async () => {
      const a = await cliJson<Created>(dataDir, ['merchants', 'create', '--name', 'Gamma', '--site-name', 'Gamma EU']);
      await cli(dataDir, [
        'sites',
        'set-notification-url',
        '--site',
        a.merchantSiteId,
        '--url',
        'https://gamma.example/dmn',
      ]);
      await cli(dataDir, [
        'sites',
        'configure',
        '--site',
        a.merchantSiteId,
        '--unique-client-request-id',
        'true',
        '--session-decline-limit',
        '3',
      ]);
      const shown = await cliJson<Record<string, unknown>>(dataDir, ['sites', 'show', '--site', a.merchantSiteId]);
      expect(shown).toEqual({
        merchantSiteId: a.merchantSiteId,
        merchantId: a.merchantId,
        name: 'Gamma EU',
        createdAt: expect.any(String),
        notificationUrl: 'https://gamma.example/dmn',
        webhookUrl: null,
        uniqueClientRequestId: true,
        unreferencedRefundLimit: 1000,
        sessionDeclineLimit: 3,
      });
      const text = await cli(dataDir, ['sites', 'show', '--site', a.merchantSiteId]);
      expect(text.code).toBe(0);
      expect(text.stdout).toMatch(/DMN address \(notificationUrl\) +https:\/\/gamma\.example\/dmn/);
      expect(text.stdout).toMatch(/webhook address \(webhookUrl\) +\(none\)/);
      expect(text.stdout).toMatch(/session decline limit +3/);
      for (const secret of [a.merchantSecretKey, a.apiKey, a.webhookSecret]) expect(text.stdout).not.toContain(secret);
      const unknown = await cli(dataDir, ['sites', 'show', '--site', '999']);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toMatch(/^gatehouse: No site 999/);
    },
  );

  it(
    '`bin/gatehouse.js` runs whether or not the CLI is built, and explains in one line where it cannot',
    { timeout: CLI_TIMEOUT },
    async () => {
      const runBin = (bin: string) =>
        new Promise<{ code: number | null; stdout: string; stderr: string }>((ok, fail) => {
          const child = spawn(process.execPath, [bin, '--help'], {
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
      // Here: the built CLI when there is one, else the sources through tsx.
      const real = await runBin(join(SERVER_DIR, 'bin', 'gatehouse.js'));
      expect(real.code).toBe(0);
      expect(real.stdout).toMatch(/^Usage: gatehouse <command> \[options\]/);
      // A copy with neither a build nor the sources beside it.
      const lone = join(root, 'lone', 'packages', 'server', 'bin');
      mkdirSync(lone, { recursive: true });
      copyFileSync(join(SERVER_DIR, 'bin', 'gatehouse.js'), join(lone, 'gatehouse.js'));
      const r = await runBin(join(lone, 'gatehouse.js'));
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(
        `gatehouse: not built yet: run \`npm run build\` (or \`npm start\`) in ${join(root, 'lone')}/ first\n`,
      );
    },
  );

  it('leaves only the store files in the data folder after the commands', () => {
    expect(readdirSync(dataDir).filter((f) => !f.startsWith('gatehouse.sqlite') && f !== 'master.key')).toEqual([]);
  });
});

import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openRuntime, type Runtime } from '../src/runtime.js';
import { sqliteDialect } from '../src/store/dialect.js';
import { migrationProvider } from '../src/store/migrations/index.js';
import { gatehouseArgs } from './gatehouse-command.js';

/**
 * The `gatehouse` command line, run as a child process (`node dist/main.js …`, built by test/global-build.ts) on a temp
 * data folder, and a gateway opened afterwards on the same SQLite file to check that what the CLI
 * did is what the server enforces.
 */

const SERVER_DIR = resolve(import.meta.dirname, '..');
const CLI_TIMEOUT = 120_000;

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(dataDir: string, args: string[], extraEnv: Record<string, string> = {}): Promise<CliResult> {
  const env: Record<string, string | undefined> = { ...process.env, GATEHOUSE_DATA_DIR: dataDir };
  for (const name of ['DATABASE_URL', 'GATEHOUSE_MASTER_KEY', 'LOG_LEVEL', 'PORT', 'HOST', 'GATEHOUSE_DEMO'])
    delete env[name];
  Object.assign(env, extraEnv);
  return new Promise((ok, fail) => {
    // `timeout` only guards against a hung child (it is killed); no test asserts a duration.
    const child = spawn(process.execPath, gatehouseArgs(args), {
      cwd: SERVER_DIR,
      env,
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

/** Runs a command that must succeed with `--json`, and returns its parsed output. */
async function cliJson<T = Record<string, unknown>>(
  dataDir: string,
  args: string[],
  extraEnv: Record<string, string> = {},
): Promise<T> {
  const r = await cli(dataDir, [...args, '--json'], extraEnv);
  expect(r.stderr, `gatehouse ${args.join(' ')}`).toBe('');
  expect(r.code, `gatehouse ${args.join(' ')}: ${r.stderr}`).toBe(0);
  return JSON.parse(r.stdout) as T;
}

/** The secret part of a `gh_<keyId>_<secret>` API key. */
const secretOf = (apiKey: string) => apiKey.slice(apiKey.lastIndexOf('_') + 1);
const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

interface CreatedMerchant {
  merchantId: string;
  name: string;
  merchantSiteId: string;
  merchantSecretKey: string;
}
interface CreatedEntity {
  processingEntityId: string;
  merchantId: string;
  parentId: string | null;
  name: string;
}
interface CreatedKey {
  keyId: string;
  type: string;
  entityId: string;
  siteId: string;
  apiKey: string;
}
interface ListedKey {
  keyId: string;
  type: string;
  siteId: string;
  label: string;
  createdAt: string;
  revokedAt: string | null;
}

const COMMANDS = [
  'start',
  'migrate',
  'merchants create',
  'sites create',
  'entities create',
  'keys create',
  'keys list',
  'keys revoke',
  'sites show',
];

describe('gatehouse CLI', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'gatehouse-cli-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  describe.concurrent('--help', () => {
    /** the commands `gatehouse --help` lists under "Commands:" (two-space indent, name, summary) */
    const listedIn = (help: string) => {
      const section = help.split('Commands:\n')[1]?.split('\n\n')[0] ?? '';
      return [...section.matchAll(/^ {2}([a-z][a-z-]*(?: [a-z][a-z-]*)?) +[A-Z]/gm)].map((m) => m[1]!);
    };
    const checkHelp = async (name: string) => {
      const untouched = join(dataDir, `help-${name.replaceAll(' ', '-')}`);
      const r = await cli(untouched, [...name.split(' '), '--help']);
      expect(r.code, name).toBe(0);
      expect(r.stderr, name).toBe('');
      expect(r.stdout).toMatch(new RegExp(`^Usage: gatehouse ${name} `));
      expect(r.stdout, name).toContain('--help');
      expect(r.stdout, name).toContain('--data-dir <path>');
      expect(existsSync(untouched), `${name} --help created the data folder`).toBe(false);
    };

    it('prints the usage and every command at the top level, and exits 0', { timeout: CLI_TIMEOUT }, async () => {
      const untouched = join(dataDir, 'help-top');
      const r = await cli(untouched, ['--help']);
      expect(r.code).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout).toMatch(/^Usage: gatehouse <command> \[options\]/);
      expect(listedIn(r.stdout)).toEqual(expect.arrayContaining(COMMANDS));
      expect(r.stdout).toContain('GATEHOUSE_DATA_DIR');
      expect(existsSync(untouched)).toBe(false);
    });

    it(
      'prints the package version with --version (and -V) and exits 0 without opening the store',
      { timeout: CLI_TIMEOUT },
      async () => {
        const untouched = join(dataDir, 'version');
        const version = (
          JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
        ).version;
        for (const flag of ['--version', '-V']) {
          const r = await cli(untouched, [flag]);
          expect(r.code).toBe(0);
          expect(r.stdout.trim()).toBe(version);
        }
        expect(existsSync(untouched)).toBe(false);
      },
    );

    it.each(COMMANDS)(
      'prints the usage of `%s --help` and exits 0 without opening the store',
      { timeout: CLI_TIMEOUT },
      (name) => checkHelp(name),
    );

    it('answers `--help` on every other command the top-level help lists', { timeout: 8 * CLI_TIMEOUT }, async () => {
      const top = await cli(join(dataDir, 'help-top-again'), ['--help']);
      const others = listedIn(top.stdout).filter((name) => !COMMANDS.includes(name));
      // Three at a time: a dozen processes at once on a small machine would only wait for each other.
      for (let i = 0; i < others.length; i += 3)
        await Promise.all(others.slice(i, i + 3).map((name) => checkHelp(name)));
    });
  });

  describe('migrate', () => {
    it(
      'applies the migrations on a fresh data folder, then finds the store up to date',
      { timeout: 2 * CLI_TIMEOUT },
      async () => {
        const fresh = join(dataDir, 'migrate');
        const names = Object.keys(await migrationProvider(sqliteDialect).getMigrations());
        expect(names[0]).toBe('0001_foundation');
        const first = await cli(fresh, ['migrate']);
        expect(first).toEqual({ code: 0, stdout: `applied: ${names.join(', ')}\n`, stderr: '' });
        const second = await cli(fresh, ['migrate']);
        expect(second).toEqual({ code: 0, stdout: 'store is up to date\n', stderr: '' });
      },
    );
  });

  describe('several commands at once on one data folder', () => {
    // The master key is given: this is about the store, not about creating master.key.
    const env = { GATEHOUSE_MASTER_KEY: 'ef'.repeat(32) };
    const folder = () => join(dataDir, 'concurrent');

    it(
      '`migrate` run four times at once on a fresh folder: one applies the migrations, the others find the store up to date',
      { timeout: 2 * CLI_TIMEOUT },
      async () => {
        const runs = await Promise.all(Array.from({ length: 4 }, () => cli(folder(), ['migrate'], env)));
        for (const r of runs) expect(r).toMatchObject({ code: 0, stderr: '' });
        expect(runs.filter((r) => r.stdout.startsWith('applied: 0001_foundation')).length).toBe(1);
        expect(runs.filter((r) => r.stdout === 'store is up to date\n').length).toBe(3);
      },
    );

    it('commands that read then write, run at once, all succeed', { timeout: 2 * CLI_TIMEOUT }, async () => {
      const merchant = await cliJson<CreatedMerchant>(folder(), ['merchants', 'create', '--name', 'Busy'], env);
      const runs = await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          cli(folder(), ['entities', 'create', '--merchant', merchant.merchantId, '--name', `e${i}`, '--json'], env),
        ),
      );
      for (const r of runs) expect(r).toMatchObject({ code: 0, stderr: '' });
      const ids = runs.map((r) => (JSON.parse(r.stdout) as CreatedEntity).processingEntityId);
      expect(new Set(ids).size).toBe(4);
    });
  });

  describe('credentials, then a gateway on the same store', () => {
    const s = {} as {
      merchant: CreatedMerchant;
      other: CreatedMerchant;
      parent: CreatedEntity;
      child: CreatedEntity;
      parentOps: CreatedKey;
      parentDispute: CreatedKey;
      childOps: CreatedKey;
      replacement: CreatedKey;
    };
    const printed: string[] = [];
    // Only `start` and `migrate` make a store; the other commands refuse a folder without one.
    beforeAll(async () => {
      expect(await cli(dataDir, ['migrate'])).toMatchObject({ code: 0, stderr: '' });
    }, CLI_TIMEOUT);

    it(
      '`merchants create --json` prints the merchant, its site, the site secret key and its webhook secret',
      { timeout: CLI_TIMEOUT },
      async () => {
        s.merchant = await cliJson<CreatedMerchant>(dataDir, ['merchants', 'create', '--name', 'Acme Books']);
        expect(s.merchant).toEqual({
          merchantId: expect.stringMatching(/^\d+$/),
          name: 'Acme Books',
          merchantSiteId: expect.stringMatching(/^\d+$/),
          processingEntityId: expect.any(String),
          keyId: expect.stringMatching(/^key_/),
          apiKey: expect.stringMatching(/^gh_key_\w+$/),
          merchantSecretKey: expect.stringMatching(/^\w{32,}$/),
          webhookSecret: expect.stringMatching(/^whsec_[A-Za-z0-9+/=]+$/),
        });
        s.other = await cliJson<CreatedMerchant>(dataDir, ['merchants', 'create', '--name', 'Other Shop']);
        expect(s.other.merchantId).not.toBe(s.merchant.merchantId);
        printed.push(s.merchant.merchantSecretKey, s.other.merchantSecretKey);
        printed.push((s.merchant as unknown as { webhookSecret: string }).webhookSecret);
        // `merchants create` makes a first API key too.
        for (const m of [s.merchant, s.other]) printed.push((m as unknown as { apiKey: string }).apiKey);
      },
    );

    it(
      '`entities create --merchant` makes a top-level entity; `--parent` a child of the same merchant',
      { timeout: CLI_TIMEOUT },
      async () => {
        s.parent = await cliJson<CreatedEntity>(dataDir, [
          'entities',
          'create',
          '--merchant',
          s.merchant.merchantId,
          '--name',
          'Parent',
        ]);
        expect(s.parent).toEqual({
          processingEntityId: expect.any(String),
          merchantId: s.merchant.merchantId,
          parentId: null,
          name: 'Parent',
        });
        s.child = await cliJson<CreatedEntity>(dataDir, [
          'entities',
          'create',
          '--parent',
          s.parent.processingEntityId,
          '--name',
          'Child',
        ]);
        expect(s.child).toEqual({
          processingEntityId: expect.any(String),
          merchantId: s.merchant.merchantId,
          parentId: s.parent.processingEntityId,
          name: 'Child',
        });
        expect(s.child.processingEntityId).not.toBe(s.parent.processingEntityId);
      },
    );

    it(
      '`keys create` prints an operations key by default and a dispute key with `--type dispute`',
      { timeout: 2 * CLI_TIMEOUT },
      async () => {
        const site = s.merchant.merchantSiteId;
        const [parentOps, parentDispute, childOps] = await Promise.all([
          cliJson<CreatedKey>(dataDir, ['keys', 'create', '--entity', s.parent.processingEntityId, '--site', site]),
          cliJson<CreatedKey>(dataDir, [
            'keys',
            'create',
            '--entity',
            s.parent.processingEntityId,
            '--site',
            site,
            '--type',
            'dispute',
          ]),
          cliJson<CreatedKey>(dataDir, [
            'keys',
            'create',
            '--entity',
            s.child.processingEntityId,
            '--site',
            site,
            '--type',
            'operations',
          ]),
        ]);
        Object.assign(s, { parentOps, parentDispute, childOps });
        for (const [k, type, entity] of [
          [parentOps, 'operations', s.parent],
          [parentDispute, 'dispute', s.parent],
          [childOps, 'operations', s.child],
        ] as const) {
          expect(k).toEqual({
            keyId: expect.stringMatching(/^key_/),
            type,
            entityId: entity.processingEntityId,
            siteId: site,
            apiKey: expect.any(String),
          });
          expect(k.apiKey).toMatch(new RegExp(`^gh_${k.keyId}_\\w{40}$`));
          printed.push(k.apiKey);
        }
        expect(new Set([parentOps.keyId, parentDispute.keyId, childOps.keyId]).size).toBe(3);
      },
    );

    it(
      "`keys list` shows the entity's own keys only, without secrets or hashes",
      { timeout: 2 * CLI_TIMEOUT },
      async () => {
        const [childRun, parentRun] = await Promise.all([
          cli(dataDir, ['keys', 'list', '--entity', s.child.processingEntityId, '--json']),
          cli(dataDir, ['keys', 'list', '--entity', s.parent.processingEntityId, '--json']),
        ]);
        expect(childRun.code).toBe(0);
        expect(parentRun.code).toBe(0);
        const childKeys = JSON.parse(childRun.stdout) as ListedKey[];
        const parentKeys = JSON.parse(parentRun.stdout) as ListedKey[];

        expect(childKeys).toEqual([
          {
            keyId: s.childOps.keyId,
            type: 'operations',
            siteId: s.merchant.merchantSiteId,
            label: '',
            createdAt: expect.any(String),
            revokedAt: null,
          },
        ]);
        expect(parentKeys.map((k) => k.keyId).sort()).toEqual([s.parentOps.keyId, s.parentDispute.keyId].sort());
        expect(Object.fromEntries(parentKeys.map((k) => [k.keyId, k.type]))).toEqual({
          [s.parentOps.keyId]: 'operations',
          [s.parentDispute.keyId]: 'dispute',
        });
        for (const k of [...childKeys, ...parentKeys]) {
          expect(Object.keys(k).sort()).toEqual(['createdAt', 'keyId', 'label', 'revokedAt', 'siteId', 'type']);
          expect(Number.isNaN(Date.parse(k.createdAt))).toBe(false);
        }
        for (const out of [childRun.stdout, parentRun.stdout]) {
          for (const k of [s.parentOps, s.parentDispute, s.childOps]) {
            expect(out).not.toContain(secretOf(k.apiKey));
            expect(out).not.toContain(sha256(secretOf(k.apiKey)));
          }
        }
      },
    );

    it('`keys revoke` revokes a key; `keys list` then shows when', { timeout: 2 * CLI_TIMEOUT }, async () => {
      const revoked = await cliJson<{ keyId: string; revokedAt: string }>(dataDir, [
        'keys',
        'revoke',
        s.parentOps.keyId,
      ]);
      expect(revoked).toEqual({ keyId: s.parentOps.keyId, revokedAt: expect.any(String) });
      expect(Number.isNaN(Date.parse(revoked.revokedAt))).toBe(false);

      const [list, again] = await Promise.all([
        cliJson<ListedKey[]>(dataDir, ['keys', 'list', '--entity', s.parent.processingEntityId]),
        cliJson<{ keyId: string; revokedAt: string }>(dataDir, ['keys', 'revoke', s.parentOps.keyId]),
      ]);
      expect(list.find((k) => k.keyId === s.parentOps.keyId)?.revokedAt).toBe(revoked.revokedAt);
      expect(list.find((k) => k.keyId === s.parentDispute.keyId)?.revokedAt).toBeNull();
      // Revoking again changes nothing.
      expect(again).toEqual(revoked);

      s.replacement = await cliJson<CreatedKey>(dataDir, [
        'keys',
        'create',
        '--entity',
        s.parent.processingEntityId,
        '--site',
        s.merchant.merchantSiteId,
        '--label',
        'replacement',
      ]);
      printed.push(s.replacement.apiKey);
    });

    describe('a gateway opened on the same data folder', () => {
      let rt: Runtime | undefined;
      let app: FastifyInstance | undefined;
      let url: string;
      beforeAll(async () => {
        rt = await openRuntime(loadConfig({ GATEHOUSE_DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, SERVER_DIR));
        app = await buildApp(rt);
        url = await app.listen({ port: 0, host: '127.0.0.1' });
      });
      afterAll(async () => {
        await app?.close();
        await rt?.store.close();
      });

      const createOrder = (apiKey: string, entityId: string) =>
        fetch(url + '/orders', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
          body: JSON.stringify({
            processingEntityId: entityId,
            amount: 10,
            currency: 'EUR',
            permittedOperations: ['payments'],
          }),
        });

      it('refuses the revoked key with 401', async () => {
        const r = await createOrder(s.parentOps.apiKey, s.parent.processingEntityId);
        await r.arrayBuffer();
        expect(r.status).toBe(401);
      });

      it('accepts the key created after it with 201, and the child key for the child entity', async () => {
        const r = await createOrder(s.replacement.apiKey, s.parent.processingEntityId);
        const body = (await r.json()) as { sessionId?: string };
        expect(r.status).toBe(201);
        expect(body.sessionId).toEqual(expect.any(String));
        const child = await createOrder(s.childOps.apiKey, s.child.processingEntityId);
        await child.arrayBuffer();
        expect(child.status).toBe(201);
      });
    });

    it('never writes an API key secret or a merchant secret key in clear to the SQLite files', () => {
      const file = join(dataDir, 'gatehouse.sqlite');
      const bytes = Buffer.concat([file, `${file}-wal`].filter((f) => existsSync(f)).map((f) => readFileSync(f)));
      // The search is not vacuous: public ids are there.
      expect(bytes.includes(s.parentOps.keyId)).toBe(true);
      expect(bytes.includes(s.merchant.merchantSiteId)).toBe(true);
      expect(printed.length).toBe(9); // two site secret keys, a webhook secret, six API keys
      for (const secret of printed) {
        expect(bytes.includes(secret), 'secret found in the store').toBe(false);
        if (secret.startsWith('gh_'))
          expect(bytes.includes(secretOf(secret)), 'key secret found in the store').toBe(false);
      }
    });

    describe.concurrent('bad usage exits non-zero with one `gatehouse:` line on stderr', () => {
      const unknownEntity = randomUUID();
      const cases: Array<[string, () => string[], RegExp]> = [
        ['an unknown command', () => ['frobnicate'], /unknown command: frobnicate/],
        ['an unknown sub-command', () => ['merchants', 'delete'], /unknown command: merchants delete/],
        ['a missing required option', () => ['merchants', 'create', '--json'], /missing option --name/],
        [
          'a missing --site',
          () => ['keys', 'create', '--entity', s.parent.processingEntityId],
          /missing option --site/,
        ],
        [
          'an unknown option',
          () => ['keys', 'list', '--entity', s.parent.processingEntityId, '--bogus'],
          /unknown option '--bogus'/,
        ],
        ['an option without its value', () => ['keys', 'list', '--entity'], /--entity/],
        [
          '--type foo',
          () => [
            'keys',
            'create',
            '--entity',
            s.parent.processingEntityId,
            '--site',
            s.merchant.merchantSiteId,
            '--type',
            'foo',
            '--json',
          ],
          /--type must be operations or dispute/,
        ],
        [
          'an unknown entity (keys list)',
          () => ['keys', 'list', '--entity', unknownEntity, '--json'],
          /Entity not found/,
        ],
        [
          'an unknown entity (keys create)',
          () => ['keys', 'create', '--entity', unknownEntity, '--site', s.merchant.merchantSiteId],
          /Entity not found/,
        ],
        ['an unknown parent entity', () => ['entities', 'create', '--parent', unknownEntity], /Entity not found/],
        ['an unknown merchant', () => ['entities', 'create', '--merchant', '999'], /Merchant not found/],
        ['neither --merchant nor --parent', () => ['entities', 'create', '--json'], /--merchant or --parent/],
        [
          'a parent of another merchant',
          () => ['entities', 'create', '--merchant', s.other.merchantId, '--parent', s.parent.processingEntityId],
          /same merchant/,
        ],
        [
          "a site of another merchant than the entity's",
          () => ['keys', 'create', '--entity', s.parent.processingEntityId, '--site', s.other.merchantSiteId],
          /\[site\]/,
        ],
        ['keys revoke without a key id', () => ['keys', 'revoke'], /missing argument: <keyId>/],
        ['keys revoke of an unknown key', () => ['keys', 'revoke', 'key_doesnotexist'], /Key not found/],
        ['an extra argument', () => ['keys', 'revoke', s.parentDispute.keyId, 'extra'], /unexpected argument: extra/],
      ];
      it.each(cases)('%s', { timeout: CLI_TIMEOUT }, async (_name, args, message) => {
        const r = await cli(dataDir, args());
        expect(r.code).not.toBe(0);
        expect(r.code).not.toBeNull();
        expect(r.stdout).toBe('');
        expect(r.stderr).toMatch(/^gatehouse: [^\n]+\n$/);
        expect(r.stderr).toMatch(message);
        expect(r.stderr).not.toMatch(/\n\s+at /);
      });
    });

    it(
      'leaves the store as it was: no key was created or revoked by a refused command',
      { timeout: CLI_TIMEOUT },
      async () => {
        const list = await cliJson<ListedKey[]>(dataDir, ['keys', 'list', '--entity', s.parent.processingEntityId]);
        expect(list.map((k) => k.keyId).sort()).toEqual(
          [s.parentOps.keyId, s.parentDispute.keyId, s.replacement.keyId].sort(),
        );
        expect(list.find((k) => k.keyId === s.parentDispute.keyId)?.revokedAt).toBeNull();
      },
    );
  });
});

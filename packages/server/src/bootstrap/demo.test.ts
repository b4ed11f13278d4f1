import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DialectName, dialects, freshPgSchema } from '../../test/dialects.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openRuntime, type Runtime } from '../runtime.js';
import { DEMO_FILE, type DemoCredentials, ensureDemoMerchant } from './demo.js';

describe.each(dialects())('ensureDemoMerchant on %s', (dialect: DialectName) => {
  let dataDir: string;
  let env: Record<string, string>;
  let dropSchema: (() => Promise<void>) | undefined;
  let rt: Runtime | undefined;
  let first: DemoCredentials;

  const open = async () => {
    await rt?.store.close();
    rt = undefined;
    rt = await openRuntime(loadConfig(env, process.cwd()));
    return rt;
  };
  const count = async (r: Runtime, table: 'merchants' | 'sites' | 'processing_entities' | 'api_keys') => {
    const row = await r.store.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const counts = async (r: Runtime) => ({
    merchants: await count(r, 'merchants'),
    sites: await count(r, 'sites'),
    entities: await count(r, 'processing_entities'),
    keys: await count(r, 'api_keys'),
  });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'gatehouse-demo-'));
    env = { GATEHOUSE_DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    if (dialect === 'postgres') {
      const schema = await freshPgSchema();
      dropSchema = () => schema.drop();
      env = { ...env, DATABASE_URL: schema.url, GATEHOUSE_MASTER_KEY: 'cd'.repeat(32) };
    }
  });
  afterAll(async () => {
    try {
      await rt?.store.close();
      await dropSchema?.();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('on an empty store creates a merchant, site, entity and key, and writes the credentials file (mode 0600)', async () => {
    const r = await open();
    expect(await counts(r)).toEqual({ merchants: 0, sites: 0, entities: 0, keys: 0 });

    const demo = await ensureDemoMerchant(r.deps, r.config.dataDir);
    expect(demo?.created).toBe(true);
    first = demo!.credentials;
    expect(await counts(r)).toEqual({ merchants: 1, sites: 1, entities: 1, keys: 1 });

    const file = join(dataDir, DEMO_FILE);
    const onDisk = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    expect(Object.keys(onDisk).sort()).toEqual([
      'apiKey',
      'dashboard',
      'merchantId',
      'merchantSecretKey',
      'merchantSiteId',
      'processingEntityId',
      'webhookSecret',
    ]);
    expect(onDisk).toEqual(first);
    const { dashboard, ...ids } = onDisk;
    for (const v of Object.values(ids)) expect(v).toEqual(expect.stringMatching(/^\S+$/));
    // the control panel's Admin of the demo merchant (docs/dashboard.md)
    expect(dashboard).toEqual({ email: 'demo@gatehouse.local', password: expect.stringMatching(/^\w{20}$/) });
    const admin = await r.deps.storage.read.dashboard.findUserByEmail('demo@gatehouse.local');
    expect(admin).toMatchObject({ merchantId: first.merchantId, role: 'admin', expiresAt: null, deletedAt: null });
    expect(admin!.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(admin!.passwordHash).not.toContain(first.dashboard!.password);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    // The credentials name what was created.
    const site = await r.deps.storage.read.merchants.findSite(first.merchantSiteId);
    expect(site?.merchantId).toBe(first.merchantId);
    const entity = await r.deps.storage.read.merchants.findEntity(first.processingEntityId);
    expect(entity).toMatchObject({ merchantId: first.merchantId, parentId: null });
    const keys = await r.deps.storage.read.merchants.listApiKeys(first.processingEntityId);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ type: 'operations', siteId: first.merchantSiteId, revokedAt: null });
    expect(first.apiKey).toContain(keys[0]!.id);
  });

  it('a second call creates nothing and returns the same credentials', async () => {
    const r = rt!;
    const before = readFileSync(join(dataDir, DEMO_FILE));
    const again = await ensureDemoMerchant(r.deps, r.config.dataDir);
    expect(again).toEqual({ credentials: first, created: false });
    expect(await counts(r)).toEqual({ merchants: 1, sites: 1, entities: 1, keys: 1 });
    expect(readFileSync(join(dataDir, DEMO_FILE)).equals(before)).toBe(true);
  });

  it('after the store is closed and opened again, it still reuses the same credentials', async () => {
    const r = await open();
    const again = await ensureDemoMerchant(r.deps, r.config.dataDir);
    expect(again).toEqual({ credentials: first, created: false });
    expect(await counts(r)).toEqual({ merchants: 1, sites: 1, entities: 1, keys: 1 });
  });

  it('the demo API key creates an order over HTTP', async () => {
    const r = rt!;
    const app = await buildApp(r);
    try {
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      const res = await fetch(url + '/orders', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': first.apiKey },
        body: JSON.stringify({
          processingEntityId: first.processingEntityId,
          amount: 12.5,
          currency: 'EUR',
          permittedOperations: ['payments'],
        }),
      });
      const body = (await res.json()) as { sessionId?: string };
      expect(res.status).toBe(201);
      const status = await fetch(`${url}/orders/status?sessionId=${encodeURIComponent(body.sessionId!)}`, {
        headers: { 'x-api-key': first.apiKey },
      });
      await status.arrayBuffer();
      expect(status.status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('gives a demo merchant made before the control panel its Admin, once, in the file', async () => {
    const r = rt!;
    const file = join(dataDir, DEMO_FILE);
    const saved = readFileSync(file);
    const { dashboard: _old, ...older } = first;
    await writeFile(file, JSON.stringify(older), { mode: 0o600 });
    await r.store.write((trx) => trx.deleteFrom('dashboard_users').execute());
    try {
      const again = await ensureDemoMerchant(r.deps, r.config.dataDir);
      expect(again?.created).toBe(false);
      expect(again?.credentials).toEqual({
        ...older,
        dashboard: { email: 'demo@gatehouse.local', password: expect.any(String) },
      });
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(again?.credentials);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const admin = await r.deps.storage.read.dashboard.findUserByEmail('demo@gatehouse.local');
      expect(admin).toMatchObject({ merchantId: first.merchantId, role: 'admin' });
      expect(await ensureDemoMerchant(r.deps, r.config.dataDir)).toEqual(again);
    } finally {
      await writeFile(file, saved, { mode: 0o600 });
    }
  });

  it('on a store that has merchants but no credentials file, creates nothing and returns nothing', async () => {
    const r = rt!;
    const file = join(dataDir, DEMO_FILE);
    const saved = readFileSync(file);
    await rm(file);
    try {
      expect(await ensureDemoMerchant(r.deps, r.config.dataDir)).toBeUndefined();
      expect(await counts(r)).toEqual({ merchants: 1, sites: 1, entities: 1, keys: 1 });
      expect(existsSync(file)).toBe(false);
    } finally {
      await writeFile(file, saved, { mode: 0o600 });
    }
  });
});

describe.each(dialects())('ensureDemoMerchant is all or nothing on %s', (dialect: DialectName) => {
  it('when the credentials file cannot be written, no demo row is committed; the next start creates it', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'gatehouse-demo-atomic-'));
    let env: Record<string, string> = { GATEHOUSE_DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    let drop: (() => Promise<void>) | undefined;
    if (dialect === 'postgres') {
      const schema = await freshPgSchema();
      drop = () => schema.drop();
      env = { ...env, DATABASE_URL: schema.url, GATEHOUSE_MASTER_KEY: 'ef'.repeat(32) };
    }
    const rt = await openRuntime(loadConfig(env, process.cwd()));
    const merchants = async () =>
      Number(
        (
          await rt.store.db
            .selectFrom('merchants')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    try {
      // A directory where the file goes: the rename over it fails, as a crash before the write would.
      const file = join(dataDir, DEMO_FILE);
      await mkdir(join(file, 'obstacle'), { recursive: true });
      await expect(ensureDemoMerchant(rt.deps, dataDir)).rejects.toThrow();
      expect(await merchants()).toBe(0);

      await rm(file, { recursive: true });
      const demo = await ensureDemoMerchant(rt.deps, dataDir);
      expect(demo?.created).toBe(true);
      expect(await merchants()).toBe(1);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(demo!.credentials);
    } finally {
      await rt.store.close();
      await drop?.();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

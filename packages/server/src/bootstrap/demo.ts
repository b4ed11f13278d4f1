import { open, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { createApiKey, createEntity, createMerchant } from '../domain/merchants/merchant.service.js';
import { rotateWebhookSecret } from '../domain/notifications/notification.service.js';
import type { DomainDeps } from '../domain/ports.js';
import { storageWithin } from '../domain/storage-within.js';
import { insertDashboardUser } from '../domain/dashboard/users.service.js';

export interface DemoCredentials {
  merchantId: string;
  merchantSiteId: string;
  merchantSecretKey: string;
  processingEntityId: string;
  apiKey: string;
  /** the demo site's Standard Webhooks secret (`whsec_…`) */
  webhookSecret?: string;
  /** the control panel's admin user and its first password (docs/dashboard.md) */
  dashboard?: { email: string; password: string };
}

/** The demo merchant's control-panel user. */
export const DEMO_DASHBOARD_EMAIL = 'demo@gatehouse.local';

export const DEMO_FILE = 'demo-credentials.json';

/**
 * On an empty store, creates the demo merchant (merchant, site with its secret key, processing
 * entity, Operations API key, webhook secret, the control panel's Admin) and writes
 * `<dataDir>/demo-credentials.json` (mode 0600). On a store that has merchants, returns the file's
 * credentials when it is there, and creates nothing (but the Admin of a demo made before it).
 */
export async function ensureDemoMerchant(
  deps: DomainDeps,
  dataDir: string,
): Promise<{ credentials: DemoCredentials; created: boolean } | undefined> {
  const file = join(dataDir, DEMO_FILE);
  if ((await deps.storage.read.merchants.countMerchants()) > 0) {
    let existing: DemoCredentials;
    try {
      existing = JSON.parse(await readFile(file, 'utf8')) as DemoCredentials;
    } catch {
      // expected: no readable demo-credentials.json: this data folder has no demo merchant to show
      return undefined;
    }
    return { credentials: await withDashboardUser(deps, file, existing), created: false };
  }
  // One transaction for every row, and the file written inside it, before its commit: a crash
  // before the commit leaves an empty store (the next start creates the demo again and overwrites the
  // file); after it, both are there. Never rows whose key is lost with an unwritten file.
  const credentials = await deps.storage.write(async (repos) => {
    const inTx: DomainDeps = { ...deps, storage: storageWithin(repos) };
    const { merchant, site, merchantSecretKey } = await createMerchant(inTx, {
      name: 'Demo Merchant',
      siteName: 'Demo Site',
    });
    const entity = await createEntity(inTx, { merchantId: merchant.id, name: 'Demo Entity' });
    const { plaintext } = await createApiKey(inTx, {
      entityId: entity.id,
      siteId: site.id,
      type: 'operations',
      label: 'demo',
    });
    const admin = await insertDashboardUser(repos, deps, {
      merchantId: merchant.id,
      email: DEMO_DASHBOARD_EMAIL,
      name: 'Demo Admin',
      role: 'admin',
    });
    const created: DemoCredentials = {
      merchantId: merchant.id,
      merchantSiteId: site.id,
      merchantSecretKey: merchantSecretKey.expose(),
      processingEntityId: entity.id,
      apiKey: plaintext.expose(),
      webhookSecret: (await rotateWebhookSecret(inTx, site.id)).secret.expose(),
      dashboard: { email: admin.user.email, password: admin.password.expose() },
    };
    await writeFileDurably(file, JSON.stringify(created, null, 2) + '\n');
    return created;
  });
  return { credentials, created: true };
}

/**
 * A demo merchant made before the control panel existed gets its Admin on the next start, written to
 * the file (with the user, in one transaction, as above); its password is then in the file only.
 */
async function withDashboardUser(deps: DomainDeps, file: string, existing: DemoCredentials): Promise<DemoCredentials> {
  if (existing.dashboard) return existing;
  if (!(await deps.storage.read.merchants.findMerchant(existing.merchantId))) return existing;
  if (await deps.storage.read.dashboard.findUserByEmail(DEMO_DASHBOARD_EMAIL)) return existing;
  return deps.storage.write(async (repos) => {
    const admin = await insertDashboardUser(repos, deps, {
      merchantId: existing.merchantId,
      email: DEMO_DASHBOARD_EMAIL,
      name: 'Demo Admin',
      role: 'admin',
    });
    const updated = { ...existing, dashboard: { email: admin.user.email, password: admin.password.expose() } };
    await writeFileDurably(file, JSON.stringify(updated, null, 2) + '\n');
    return updated;
  });
}

/**
 * After the demo site's webhook secret is rotated, `demo-credentials.json` carries the new one (the file is
 * where the README and the demo read it). True when the file named that site and was rewritten.
 */
export async function refreshDemoWebhookSecret(
  dataDir: string,
  siteId: string,
  webhookSecret: string,
): Promise<boolean> {
  const file = join(dataDir, DEMO_FILE);
  let current: DemoCredentials;
  try {
    current = JSON.parse(await readFile(file, 'utf8')) as DemoCredentials;
  } catch {
    // expected: no readable demo-credentials.json: there is no demo file to keep true
    return false;
  }
  if (current.merchantSiteId !== siteId) return false;
  await writeFileDurably(file, JSON.stringify({ ...current, webhookSecret }, null, 2) + '\n');
  return true;
}

/** Writes a private file whole or not at all: temporary file (0600), fsync, rename over the target. */
async function writeFileDurably(file: string, content: string): Promise<void> {
  const tmp = `${file}.${process.pid}.tmp`;
  const handle = await open(tmp, 'w', 0o600);
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(tmp, file);
}

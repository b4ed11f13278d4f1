import { open, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { createApiKey, createEntity, createMerchant } from '../domain/merchants/merchant.service.js';
import { rotateWebhookSecret } from '../domain/notifications/notification.service.js';
import type { DomainDeps } from '../domain/ports.js';

export interface DemoCredentials {
  merchantId: string;
  merchantSiteId: string;
  merchantSecretKey: string;
  processingEntityId: string;
  apiKey: string;
  /** the demo site's Standard Webhooks secret (`whsec_…`) */
  webhookSecret?: string;
}

export const DEMO_FILE = 'demo-credentials.json';

/**
 * On an empty store, creates the demo merchant (merchant, site with its secret key, processing
 * entity, Operations API key, webhook secret) and writes `<dataDir>/demo-credentials.json` (mode 0600). On a store
 * that has merchants, returns the file's credentials when it is there, and creates nothing.
 */
export async function ensureDemoMerchant(
  deps: DomainDeps,
  dataDir: string,
): Promise<{ credentials: DemoCredentials; created: boolean } | undefined> {
  const file = join(dataDir, DEMO_FILE);
  if ((await deps.storage.read.merchants.countMerchants()) > 0) {
    try {
      return { credentials: JSON.parse(await readFile(file, 'utf8')) as DemoCredentials, created: false };
    } catch {
      return undefined;
    }
  }
  const { merchant, site, merchantSecretKey } = await createMerchant(deps, { name: 'Demo Merchant', siteName: 'Demo Site' });
  const entity = await createEntity(deps, { merchantId: merchant.id, name: 'Demo Entity' });
  const { plaintext } = await createApiKey(deps, { entityId: entity.id, siteId: site.id, type: 'operations', label: 'demo' });
  const credentials: DemoCredentials = {
    merchantId: merchant.id,
    merchantSiteId: site.id,
    merchantSecretKey: merchantSecretKey.expose(),
    processingEntityId: entity.id,
    apiKey: plaintext.expose(),
    webhookSecret: (await rotateWebhookSecret(deps, site.id)).secret.expose(),
  };
  await writeFileDurably(file, JSON.stringify(credentials, null, 2) + '\n');
  return { credentials, created: true };
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

import { mkdir } from 'node:fs/promises';
import { timingSafeEqual } from 'node:crypto';
import { createSimulatedAcquirer } from './acquirer/simulated-acquirer.js';
import type { Config } from './config.js';
import { storageOf } from './store/repos.js';
import { transactionRender } from './render/transaction-render.js';
import { notificationRender } from './delivery/notification.render.js';
import type { DomainDeps } from './domain/ports.js';
import type { Acquirer } from './domain/payments/acquirer.port.js';
import { type Clock, systemClock } from './lib/clock.js';
import { createIds, type Ids } from './lib/ids.js';
import { loadMasterKey, MASTER_KEY_CHECK, masterKeyCheckValue, WrongMasterKey } from './security/master-key.js';
import { createSealedBox, type SealedBox } from './security/sealed-box.js';
import { keepingOpened } from './security/opened-secrets.js';
import { SITE_SECRET_PURPOSE } from './domain/merchants/merchant.service.js';
import { generateWebhookSecret } from './security/webhook-secret.js';
import { issueApiKey } from './security/api-keys.js';
import { openStore, type Store } from './store/db.js';
import { settleStoreSetting } from './store/store-settings.repo.js';
import { keepStoreFilesPrivate, refuseStoreWithoutKey } from './bootstrap/private-files.js';
import { openSandbox, type SandboxSettings } from './sandbox.runtime.js';

/** Everything a process needs before it serves or runs a command: store (migrated), keys, clock, ids. */
export interface Runtime {
  config: Config;
  store: Store;
  box: SealedBox;
  clock: Clock;
  ids: Ids;
  acquirer: Acquirer;
  deps: DomainDeps;
  migrated: string[];
  /** sandbox mode: the test clocks and acquirer faults every instance shares (docs/decisions/0940) */
  sandbox?: SandboxSettings | undefined;
}

export async function openRuntime(
  config: Config,
  options: { clock?: Clock; migrate?: boolean; acquirer?: Acquirer } = {},
): Promise<Runtime> {
  if (config.DATABASE_URL && !config.GATEHOUSE_MASTER_KEY) {
    throw new Error('GATEHOUSE_MASTER_KEY is required with DATABASE_URL: every node must share one key');
  }
  // The data folder holds the SQLite file, master.key and demo-credentials.json: made when missing,
  // private to this user (docs/decisions/0821).
  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  if (!config.DATABASE_URL) {
    await refuseStoreWithoutKey(config.dataDir, config.GATEHOUSE_MASTER_KEY);
    await keepStoreFilesPrivate(config.dataDir);
  }
  const masterKey = await loadMasterKey(config.GATEHOUSE_MASTER_KEY, config.dataDir);
  const store = openStore({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    sqliteSynchronous: config.GATEHOUSE_SQLITE_SYNCHRONOUS,
    poolSize: config.GATEHOUSE_PG_POOL_SIZE,
  });
  try {
    const migrated = options.migrate === false ? [] : await store.migrate();
    const base = options.clock ?? systemClock;
    // sandbox mode: each merchant's clock may run ahead, and acquirer faults may be asked for (0940, 0941)
    const sandbox =
      config.GATEHOUSE_MODE === 'sandbox' && options.migrate !== false ? await openSandbox(store, base) : undefined;
    const clock = sandbox?.clock ?? base;
    const ids = createIds(base);
    const box = createSealedBox(masterKey);
    if (options.migrate !== false)
      await checkMasterKey(
        store,
        box,
        clock.now(),
        config.GATEHOUSE_MASTER_KEY ? 'GATEHOUSE_MASTER_KEY' : 'master.key',
      );
    const simulated = options.acquirer ?? createSimulatedAcquirer({ clock });
    const acquirer = sandbox ? sandbox.faulty(simulated) : simulated;
    return {
      config,
      store,
      box,
      clock,
      ids,
      acquirer,
      deps: domainDeps({ store, box, clock, ids, acquirer }),
      migrated,
      sandbox: sandbox?.settings,
    };
  } catch (err) {
    await store.close();
    throw err;
  }
}

/** The domain's dependencies, built once per process and shared by the HTTP app and the commands. */
export function domainDeps(deps: Pick<Runtime, 'store' | 'box' | 'clock' | 'ids' | 'acquirer'>): DomainDeps {
  return {
    storage: storageOf(deps.store),
    clock: deps.clock,
    ids: deps.ids,
    // a site's secret key is opened on every signed call: kept once opened (0818); card numbers never are
    vault: keepingOpened(deps.box, [SITE_SECRET_PURPOSE]),
    secrets: { webhookSecret: generateWebhookSecret, apiKey: () => issueApiKey(deps.ids) },
    acquirer: deps.acquirer,
    render: { ...transactionRender, ...notificationRender },
  };
}

/** Stores the master-key check value at the first start; refuses a key whose value differs (docs/decisions/0801). */
async function checkMasterKey(store: Store, box: SealedBox, now: number, source: string): Promise<void> {
  const mine = masterKeyCheckValue(box);
  const stored = await settleStoreSetting(store, MASTER_KEY_CHECK, mine, now);
  const a = Buffer.from(stored);
  const b = Buffer.from(mine);
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw new WrongMasterKey(source);
}

import { type AcquirerFault, withFaults } from './acquirer/faulty-acquirer.js';
import type { Acquirer } from './domain/payments/acquirer.port.js';
import type { Clock, MerchantClock } from './lib/clock.js';
import { merchantClock } from './lib/clock-context.js';
import type { Store } from './store/db.js';
import { SandboxSettings } from './store/sandbox-settings.js';

export { SandboxSettings };

/**
 * The sandbox's test clocks and acquirer faults, wired for one process (docs/decisions/0940, 0941):
 * the settings read from the store (and refreshed while the store is open), the runtime's clock over
 * them, and the decorator that puts faults around the acquirer. Production mode opens none of it.
 */
export interface Sandbox {
  settings: SandboxSettings;
  clock: MerchantClock;
  faulty(acquirer: Acquirer): Acquirer;
}

export async function openSandbox(store: Store, base: Clock): Promise<Sandbox> {
  const settings = new SandboxSettings(store);
  await settings.refresh();
  settings.start();
  // the refresh stops with the store, whoever closes it (the server, a command, a test)
  const close = store.close.bind(store);
  store.close = async () => {
    settings.stop();
    await close();
  };
  return {
    settings,
    clock: merchantClock(base, settings),
    faulty: (acquirer) =>
      withFaults(acquirer, {
        anySet: () => settings.faults().size > 0,
        forTransaction: async (transactionId): Promise<AcquirerFault | undefined> => {
          if (!/^\d{1,20}$/.test(transactionId) || !Number.isSafeInteger(Number(transactionId))) return undefined;
          const tx = await store.db
            .selectFrom('transactions')
            .select('site_id')
            .where('id', '=', Number(transactionId))
            .executeTakeFirst();
          const fault = tx ? settings.faults().get(tx.site_id) : undefined;
          return fault ? { mode: fault.mode, ms: fault.ms } : undefined;
        },
      }),
  };
}

import { access } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config.js';
import { UsageError } from './args.js';

/** The embedded store's file in a data folder (store/db.ts opens it). */
export const SQLITE_FILE = 'gatehouse.sqlite';

/**
 * Refuses, before anything is created, a command pointed at a data folder without a store: only
 * `start` and `migrate` make one. (A PostgreSQL URL names an existing database: nothing to check.)
 */
export async function requireStore(config: Config): Promise<void> {
  if (config.DATABASE_URL) return;
  try {
    await access(join(config.dataDir, SQLITE_FILE));
  } catch {
    // expected: no store file there (or none we may open): the usage error names the folder
    throw new UsageError(
      `no Gatehouse store in ${config.dataDir}: check --data-dir (GATEHOUSE_DATA_DIR), or create one there with \`gatehouse migrate\` or \`gatehouse start\``,
    );
  }
}

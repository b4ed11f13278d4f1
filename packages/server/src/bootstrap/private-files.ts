import { chmod, open, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The files of an embedded store are private to the user running Gatehouse (docs/decisions/0821): the
 * data folder is made 0700, the SQLite file is created 0600 before SQLite opens it (SQLite gives its
 * `-wal` and `-shm` files the mode of the database file), and files an older version left readable
 * by others are narrowed at start.
 */

export const STORE_FILE = 'gatehouse.sqlite';
const PRIVATE_FILES = [STORE_FILE, `${STORE_FILE}-wal`, `${STORE_FILE}-shm`, 'master.key', 'demo-credentials.json'];

async function sizeOf(file: string): Promise<number | undefined> {
  try {
    return (await stat(file)).size;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/**
 * Refuses, before anything is written, a store whose master key is gone: a new key would be generated
 * beside data it cannot open, and the start refused after all with the new key file left behind.
 */
export async function refuseStoreWithoutKey(dataDir: string, configuredKey: string | undefined): Promise<void> {
  if (configuredKey) return;
  if ((await sizeOf(join(dataDir, 'master.key'))) !== undefined) return;
  const size = await sizeOf(join(dataDir, STORE_FILE));
  if (size !== undefined && size > 0) {
    throw new Error(
      `${join(dataDir, 'master.key')} is missing, but the store ${join(dataDir, STORE_FILE)} beside it exists: ` +
        'restore the key file, or give the key in GATEHOUSE_MASTER_KEY. A new key could not open what the store holds, so none is made.',
    );
  }
}

/** Creates the SQLite file 0600 when missing, and narrows the store's files to 0600 where they are wider. */
export async function keepStoreFilesPrivate(dataDir: string): Promise<string[]> {
  await (await open(join(dataDir, STORE_FILE), 'a', 0o600)).close();
  const narrowed: string[] = [];
  for (const name of PRIVATE_FILES) {
    const file = join(dataDir, name);
    try {
      if (((await stat(file)).mode & 0o077) !== 0) {
        await chmod(file, 0o600);
        narrowed.push(name);
      }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  return narrowed;
}

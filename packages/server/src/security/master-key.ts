import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Secret } from '../lib/secret.js';

/** Parses GATEHOUSE_MASTER_KEY: 32 bytes as 64 hex characters or base64. */
export function parseMasterKey(text: string): Secret<Buffer> {
  const t = text.trim();
  const buf = /^[0-9a-fA-F]{64}$/.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (buf.length !== 32) {
    throw new Error('GATEHOUSE_MASTER_KEY must be 32 bytes, given as 64 hex characters or base64');
  }
  return new Secret(buf);
}

/**
 * Returns the configured master key or, for the embedded store, the one kept in
 * `<dataDir>/master.key`, creating it (mode 0600) on first start.
 */
export async function loadMasterKey(configured: string | undefined, dataDir: string): Promise<Secret<Buffer>> {
  if (configured) return parseMasterKey(configured);
  const file = join(dataDir, 'master.key');
  try {
    return parseMasterKey(await readFile(file, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(dataDir, { recursive: true });
  // Written whole to a private temporary file, synced, then linked into place: a concurrent start
  // never reads a half-written key, and the first process to link wins.
  const tmp = `${file}.${process.pid}.tmp`;
  const handle = await open(tmp, 'w', 0o600);
  try {
    await handle.writeFile(randomBytes(32).toString('hex') + '\n');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await link(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err; // another process won the race
  } finally {
    await unlink(tmp);
  }
  return parseMasterKey(await readFile(file, 'utf8'));
}

/** The store setting holding the master-key check value. */
export const MASTER_KEY_CHECK = 'master_key_check';

/** A value only the right master key produces (a MAC of a fixed text), safe to store beside the data. */
export function masterKeyCheckValue(box: { mac(purpose: string, data: string): Buffer }): string {
  return 'v1.' + box.mac('gatehouse/master-key-check', 'gatehouse master key check').toString('hex');
}

export class WrongMasterKey extends Error {
  constructor(source: string) {
    super(
      `the master key (${source}) is not the key this store was created with: its check value differs. ` +
        'Start with the original GATEHOUSE_MASTER_KEY (every node must share it); data sealed under another key cannot be opened.',
    );
  }
}

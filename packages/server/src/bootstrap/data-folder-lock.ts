import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';

/**
 * One server per SQLite data folder (docs/decisions/0820). The lock is an exclusive transaction held
 * on `<data folder>/gatehouse.lock` for the server's whole life: the operating system drops it when the
 * process ends, however it ends, so a lock left by a crashed (or `kill -9`ed) server is simply taken,
 * and a reused process id can never hold a folder by mistake. Beside it, `gatehouse.pid` names the
 * holder (pid, port, start time) for the refusal message of a second start.
 */

export const LOCK_FILE = 'gatehouse.lock';
export const HOLDER_FILE = 'gatehouse.pid';

export interface LockHolder {
  pid: number;
  /** the port asked for, then the address the server listens on */
  port: number;
  address?: string;
  since: string;
}

export interface DataFolderLock {
  /** the holder of a lock its process left behind when it ended, which this start took over */
  readonly tookOver: LockHolder | undefined;
  /** records the address the server listens on, for the message of a refused second start */
  listening(address: string, port: number): void;
  release(): void;
}

/** A second server on a data folder that one already serves. */
export class DataFolderInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | undefined,
  ) {
    const who = holder
      ? `pid ${holder.pid}, ${holder.address ?? `port ${holder.port}`}, since ${holder.since}`
      : 'a process that has not yet written its pid';
    super(
      `the data folder ${dataDir} is already served by another Gatehouse server (${who}): stop it first. ` +
        'One server per SQLite data folder; for several nodes use PostgreSQL (DATABASE_URL).',
    );
  }
}

function readHolder(dataDir: string): LockHolder | undefined {
  try {
    const h = JSON.parse(readFileSync(join(dataDir, HOLDER_FILE), 'utf8')) as Partial<LockHolder>;
    return typeof h.pid === 'number' && typeof h.port === 'number' ? (h as LockHolder) : undefined;
  } catch {
    // expected: no holder file, or a half-written one: the message then names no holder
    return undefined;
  }
}

function writeHolder(dataDir: string, holder: LockHolder): void {
  const file = join(dataDir, HOLDER_FILE);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(holder) + '\n', { mode: 0o600 });
  renameSync(tmp, file);
}

/**
 * Takes the data folder's lock or throws `DataFolderInUse` naming the holder. Creates the folder
 * (0700) when missing; writes nothing else when refused.
 */
export function lockDataFolder(dataDir: string, me: { pid: number; port: number; now: Date }): DataFolderLock {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, LOCK_FILE);
  // A rollback-journal database with no busy wait: BEGIN EXCLUSIVE either takes the file's lock now or fails.
  const db = new SqliteDatabase(file, { timeout: 0 });
  try {
    chmodSync(file, 0o600);
    db.pragma('journal_mode = DELETE');
    db.exec('BEGIN EXCLUSIVE');
  } catch (err) {
    db.close();
    if (
      (err as { code?: string }).code?.startsWith('SQLITE_BUSY') ||
      (err as { code?: string }).code?.startsWith('SQLITE_LOCKED')
    ) {
      throw new DataFolderInUse(dataDir, readHolder(dataDir));
    }
    throw err;
  }
  const previous = readHolder(dataDir);
  const tookOver = previous && previous.pid !== me.pid ? previous : undefined;
  let holder: LockHolder = { pid: me.pid, port: me.port, since: me.now.toISOString() };
  writeHolder(dataDir, holder);
  let held = true;
  return {
    tookOver,
    listening(address, port) {
      if (!held) return;
      holder = { ...holder, port, address };
      writeHolder(dataDir, holder);
    },
    release() {
      if (!held) return;
      held = false;
      rmSync(join(dataDir, HOLDER_FILE), { force: true });
      db.close();
    },
  };
}

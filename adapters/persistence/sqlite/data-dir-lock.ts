import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

const SQLITE_BUSY = 5;

const ownerOf = (dir: string): string => {
  try {
    return ` (process ${Number.parseInt(readFileSync(join(dir, 'LOCK.owner'), 'utf8'), 10)})`;
  } catch {
    return '';
  }
};

/**
 * One process owns a data directory. The lock is an exclusive SQLite lock on `LOCK.db`, which
 * rests on a POSIX record lock: the kernel lets go of it the moment its process ends, however it
 * ends (SIGKILL, a crash, a zombie not yet reaped), and a reused process id cannot hold it.
 * `LOCK.owner` only names the owner in the refusal.
 */
export const lockDataDir = (dir: string, label = dir): (() => void) => {
  const lock = new DatabaseSync(join(dir, 'LOCK.db'));
  try {
    lock.exec('PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE;');
  } catch (error) {
    lock.close();
    if ((error as { errcode?: number }).errcode === SQLITE_BUSY)
      throw new Error(`The data directory ${label} is in use by another running instance${ownerOf(dir)}.`);
    throw error;
  }
  writeFileSync(join(dir, 'LOCK.owner'), String(process.pid), { mode: 0o600 });
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    lock.close();
  };
};

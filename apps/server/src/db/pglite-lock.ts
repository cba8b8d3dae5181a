import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The embedded database is open in another process (or already in this one). */
export class DatabaseInUseError extends Error {}

/** Folders this process holds: a second open here is refused too. */
const held = new Set<string>();

/** `DATA_DIR/db` → `DATA_DIR/db.lock`: beside the data folder, so never inside a dump of it. */
export const pgliteLockFile = (dataDir: string) => `${resolve(dataDir)}.lock`;

function ownerOf(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is PostgreSQL in one process, with no postmaster to keep a second one off its files: two
 * processes on one data folder (a server and a backup, two servers) would each write its own
 * version of the same pages. Whoever opens the folder takes this lock (its process id in a file
 * beside the folder); a lock whose process is gone (a crash) is taken over. Answers the release.
 */
export function lockPgliteDir(dataDir: string): () => void {
  const file = pgliteLockFile(dataDir);
  const inUse = (pid: number) =>
    new DatabaseInUseError(
      `The embedded database ${resolve(dataDir)} is in use by process ${pid} (a running server or command). ` +
        `Stop it first; if that process is not Brushline, delete ${file}.`,
    );
  if (held.has(file)) throw inUse(process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      held.add(file);
      return () => {
        held.delete(file);
        if (ownerOf(file) === process.pid) rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = ownerOf(file);
      // Our own id in a file we do not hold: left by an earlier life of this process id (a container restarted).
      if (owner !== null && owner !== process.pid && isAlive(owner)) throw inUse(owner);
      rmSync(file, { force: true });
    }
  }
  throw inUse(ownerOf(file) ?? 0);
}

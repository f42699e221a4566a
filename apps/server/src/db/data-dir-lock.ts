import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * One process per embedded database folder (docs/decisions/014). PGlite is a database inside the
 * server's process: two processes on one `DATA_DIR/pglite` both start, both acknowledge writes,
 * and after a restart only one side's writes exist. The process that opens the folder therefore
 * writes `DATA_DIR/pglite.lock` (its pid, host name, start time and, on Linux, the kernel's start
 * time of the pid) and removes it when it closes the database or exits; another process that finds
 * the lock held by a live process refuses to start. A lock left by a process that no longer runs
 * (killed, crashed, the machine restarted) is taken over, so a crash never leaves the folder stuck.
 */

export const DATA_DIR_LOCK_FILE = 'pglite.lock';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

interface LockContent {
  pid: number;
  hostname: string;
  startedAt: string;
  /** Field 22 of /proc/<pid>/stat (clock ticks since boot): tells a reused pid from the holder. Null off Linux. */
  processStart: string | null;
  /** Random, unique to this acquisition. */
  token: string;
}

export interface DataDirLock {
  path: string;
  /** Removes the lock file (when it is still this lock's). Idempotent. */
  release(): void;
}

/** Locks this process holds, by token: a lock naming our own pid that is not one of them is stale. */
const held = new Set<string>();

function processStartOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may contain spaces and parentheses: count after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function readLock(path: string): LockContent | null {
  try {
    const value = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockContent>;
    if (typeof value.pid !== 'number' || typeof value.hostname !== 'string' || typeof value.token !== 'string') return null;
    return { pid: value.pid, hostname: value.hostname, startedAt: String(value.startedAt ?? ''), processStart: value.processStart ?? null, token: value.token };
  } catch {
    return null;
  }
}

/** Whether the process named by the lock may still run. Unknowable for another machine: yes. */
function holderAlive(lock: LockContent): boolean {
  if (lock.hostname !== hostname()) return true;
  if (lock.pid === process.pid) return held.has(lock.token);
  try {
    process.kill(lock.pid, 0);
  } catch (error) {
    // EPERM: the pid exists, owned by another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (lock.processStart !== null) {
    const current = processStartOf(lock.pid);
    // The pid runs, but it is another process than the one that wrote the lock (pid reused).
    if (current !== null && current !== lock.processStart) return false;
  }
  return true;
}

function lockedMessage(dataDir: string, path: string, holder: LockContent | null): string {
  const who = holder
    ? `process ${holder.pid} on ${holder.hostname}${holder.startedAt ? `, started ${holder.startedAt}` : ''}`
    : 'another process (its lock file is being written or is unreadable)';
  return [
    `The data folder ${dataDir} is in use by ${who}.`,
    'Two processes on one embedded database lose data, so this one does not start.',
    'Stop the other process first, or give this one its own DATA_DIR; several instances need PostgreSQL (DATABASE_URL).',
    `If no such process runs any more, delete ${path}.`,
  ].join('\n');
}

/**
 * Takes the lock of `dataDir` for this process, or throws `DataDirLockedError` naming the holder.
 * The lock file appears whole (written beside it, then hard-linked into place, which fails when
 * one exists); a stale one is moved aside first, and put back if a live process wrote it meanwhile.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const path = join(dataDir, DATA_DIR_LOCK_FILE);
  const content: LockContent = {
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date().toISOString(),
    processStart: processStartOf(process.pid),
    token: randomBytes(12).toString('hex'),
  };
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const temporary = `${path}.${content.token}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(content)}\n`, { flush: true });
    try {
      linkSync(temporary, path);
      held.add(content.token);
      return createHandle(path, content.token);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(temporary);
    }
    const holder = readLock(path);
    if (holder === null) {
      // Vanished (ENOENT: released meanwhile), or not yet readable.
      try {
        readFileSync(path);
      } catch {
        continue;
      }
      throw new DataDirLockedError(lockedMessage(dataDir, path, null));
    }
    if (holderAlive(holder)) throw new DataDirLockedError(lockedMessage(dataDir, path, holder));
    // Stale: move it aside (atomic; only one process gets it), then make sure it was the stale one.
    const aside = `${path}.${content.token}.stale`;
    try {
      renameSync(path, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    const moved = readLock(aside);
    if (moved && moved.token !== holder.token && holderAlive(moved)) {
      // Another starter had taken it over between our read and the rename: give it back.
      try {
        linkSync(aside, path);
      } catch {
        // a third one is there already; it decides
      }
      unlinkSync(aside);
      throw new DataDirLockedError(lockedMessage(dataDir, path, moved));
    }
    unlinkSync(aside);
  }
  throw new DataDirLockedError(lockedMessage(dataDir, path, readLock(path)));
}

function createHandle(path: string, token: string): DataDirLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    held.delete(token);
    process.removeListener('exit', release);
    if (readLock(path)?.token !== token) return;
    try {
      unlinkSync(path);
    } catch {
      // already gone
    }
  };
  // process.exit() and a normal end remove it; a kill leaves it, and the next start takes it over.
  process.on('exit', release);
  return { path, release };
}

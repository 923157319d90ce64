// One server per DATA_DIR (CONTRACT.md section 1): a second server pointed at a DATA_DIR
// whose embedded database is in use refuses to start and leaves the first one running.
// Without this, the second one adopted the first one's PostgreSQL and stopped it when
// it failed to listen.
//
// DATA_DIR/server.lock holds the holder's pid, port and process start time. It is made
// with link(2), which fails when the file exists, so two servers starting together
// cannot both take it. A lock whose process is gone, or whose pid now belongs to a
// process started at another time (pid reuse after a crash), is stale and taken over.
// (Two servers taking over the same stale lock within the same few microseconds could
// both win; starting two servers at the very moment a third has crashed is left at that.)
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

const LOCK_FILE = 'server.lock';

interface LockContent {
  pid: number;
  port: number;
  /** /proc/<pid>/stat's start time (clock ticks since boot); null where there is no /proc. */
  started: string | null;
}

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

/** A process's state (field 3) and start time (field 22) from /proc/<pid>/stat, or null when /proc cannot tell. */
function procStat(pid: number): { state: string; started: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', started: fields[19] ?? '' };
  } catch {
    return null;
  }
}

function isAlive(holder: LockContent): boolean {
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // Alive, and not a zombie: the same process only if it started when the holder did (else the pid was reused).
  const stat = procStat(holder.pid);
  if (!stat) return true;
  return stat.state !== 'Z' && (holder.started === null || stat.started === holder.started);
}

async function readLock(file: string): Promise<LockContent | null> {
  try {
    const content = JSON.parse(await fs.readFile(file, 'utf8')) as Partial<LockContent>;
    return typeof content.pid === 'number' ? { pid: content.pid, port: Number(content.port), started: content.started ?? null } : null;
  } catch {
    return null;
  }
}

/** Writes `content` to a temp file beside `file`; returns its path. */
async function writeTemp(file: string, content: LockContent): Promise<string> {
  const temp = `${file}.${process.pid}.tmp`;
  await fs.writeFile(temp, `${JSON.stringify(content)}\n`, { mode: 0o644 });
  return temp;
}

export interface DataDirLock {
  /** Records the port actually listened on (PORT=0 picks one). */
  setPort(port: number): Promise<void>;
  release(): Promise<void>;
}

/** Takes DATA_DIR's server lock, or throws DataDirInUseError naming the live holder's pid and port. */
export async function lockDataDir(dataDir: string, port: number): Promise<DataDirLock> {
  await fs.mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const mine: LockContent = { pid: process.pid, port, started: procStat(process.pid)?.started ?? null };
  const temp = await writeTemp(file, mine);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await fs.link(temp, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 5) throw error;
      }
      const holder = await readLock(file);
      if (holder && isAlive(holder)) {
        throw new DataDirInUseError(
          `DATA_DIR ${dataDir} is in use by another Hushboard server (pid ${holder.pid}, port ${holder.port}). ` +
            'Stop that server first, or give this one another DATA_DIR.',
        );
      }
      // Stale (its server died), or unreadable (a write cut short): take it over.
      await fs.rm(file, { force: true });
    }
  } finally {
    await fs.rm(temp, { force: true });
  }
  return {
    async setPort(actual) {
      mine.port = actual;
      await fs.rename(await writeTemp(file, mine), file);
    },
    async release() {
      const holder = await readLock(file);
      if (holder?.pid === process.pid) await fs.rm(file, { force: true });
    },
  };
}

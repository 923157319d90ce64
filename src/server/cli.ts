// Operator commands: `npm run cli -- <command> [args]`. Uses the server's environment
// and database; with the embedded database it joins the instance a running server
// started, or starts (and afterwards stops) it itself.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { passwordSchema, usernameSchema } from '../shared/schemas/auth.js';
import { backup, BackupError, restore, terminalProgress } from './backup/index.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { users } from './db/schema.js';
import { openDatabase, type OpenDatabase } from './db/open.js';
import { createAuthService } from './modules/auth/index.js';
import { findUserByUsername } from './modules/users/index.js';
import { auditDatabase, formatReport, reportJson } from './privacy-audit/index.js';

const USAGE = `Usage: npm run cli -- <command>

Commands:
  create-admin <username>   Make <username> an admin. A new user is created with the
                            password read from standard input (one line); an existing
                            user is promoted and keeps their password.
  privacy-audit [--log <file>] [--json] [--window-ms <n>]
                            Try every generic way to link anonymous threads and posts
                            to accounts (docs/privacy.md): exits 0 only when none is
                            found. --log reads the server's log (pino JSON lines).
  backup [--to <dir> | --to s3://bucket/prefix]
                            Write one archive of the database and the uploads, with a
                            manifest of counts and checksums. Default place: BACKUP_DIR or
                            BACKUP_S3_PREFIX when set, else DATA_DIR/backups.
  restore <archive> [--force]
                            Restore an archive (a path or s3://bucket/key) into an empty
                            database, then migrate it to the current schema. --force
                            replaces everything a non-empty database holds.`;

class CliError extends Error {}

/** The first line of standard input (prompting when it is a terminal). */
async function readPasswordLine(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Password: ');
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line.replace(/\r$/, '');
  }
  return '';
}

async function createAdmin(database: OpenDatabase, secret: string, rawUsername: string | undefined): Promise<string> {
  const username = usernameSchema.safeParse(rawUsername);
  if (!username.success) throw new CliError(username.error.issues[0]?.message ?? 'Invalid username');
  const existing = await findUserByUsername(database.db, username.data);
  if (existing) {
    await database.db.update(users).set({ isAdmin: true, updatedAt: new Date() }).where(eq(users.id, existing.id));
    return existing.isAdmin ? `${existing.username} is already an admin` : `${existing.username} is now an admin`;
  }
  const line = await readPasswordLine();
  if (!line) throw new CliError(`${username.data} does not exist yet: give the new admin's password on standard input`);
  const password = passwordSchema.safeParse(line);
  if (!password.success) throw new CliError(password.error.issues[0]?.message ?? 'Invalid password');
  const { user } = await createAuthService(database.db, secret).register({ username: username.data, password: password.data, email: null, isAdmin: true });
  return `Created admin ${user.username} (id ${user.id})`;
}

function parseAuditArgs(args: string[]): { log?: string; json: boolean; windowMs?: number } {
  const options: { log?: string; json: boolean; windowMs?: number } = { json: false };
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    if (arg === '--json') options.json = true;
    else if (arg === '--log' && args[index + 1]) options.log = args[++index];
    else if (arg === '--window-ms' && Number(args[index + 1]) >= 0) options.windowMs = Number(args[++index]);
    else throw new CliError(`privacy-audit: unknown or incomplete argument ${arg}\n\n${USAGE}`);
  }
  return options;
}

/** The audit in one read-only snapshot of the database, without the pool's statement timeout (it reads whole tables). */
async function privacyAudit(database: OpenDatabase, secret: string, args: string[]): Promise<number> {
  const options = parseAuditArgs(args);
  const logLines = options.log === undefined ? undefined : (await readFile(options.log, 'utf8')).split('\n').filter(Boolean);
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query('SET LOCAL statement_timeout = 0');
    const report = await auditDatabase(client, { secret, ...(logLines ? { logLines } : {}), ...(options.windowMs === undefined ? {} : { windowMs: options.windowMs }) });
    await client.query('COMMIT');
    console.log(options.json ? reportJson(report) : formatReport(report, { logRead: logLines !== undefined }));
    return report.ok ? 0 : 1;
  } finally {
    client.release();
  }
}

function parseBackupArgs(args: string[], config: Config): { to: string } {
  let to = config.backup?.to ?? path.join(config.dataDir, 'backups');
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    const next = args[index + 1];
    if (arg === '--to' && next) to = args[++index] ?? to;
    else if (arg?.startsWith('--to=')) to = arg.slice('--to='.length);
    else throw new CliError(`backup: unknown or incomplete argument ${arg}\n\n${USAGE}`);
  }
  return { to };
}

function parseRestoreArgs(args: string[]): { archive: string; force: boolean } {
  const force = args.includes('--force');
  const rest = args.filter((arg) => arg !== '--force');
  const [archive, extra] = rest;
  if (!archive || extra !== undefined || archive.startsWith('--')) throw new CliError(`restore: give one archive (a path or s3://bucket/key)\n\n${USAGE}`);
  return { archive, force };
}

/**
 * SIGTERM or Ctrl+C during a backup stops it and removes what it wrote, so nothing that
 * looks like an archive is left (a partial file is named .<name>.partial until the end).
 */
function abortOnSignal(): { signal: AbortSignal; release(): void } {
  const controller = new AbortController();
  const stop = (name: NodeJS.Signals) => controller.abort(new CliError(`backup interrupted by ${name}: no archive was written`));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  return {
    signal: controller.signal,
    release() {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
    },
  };
}

async function runBackup(database: OpenDatabase, config: Config, args: string[]): Promise<number> {
  const { to } = parseBackupArgs(args, config);
  const interruption = abortOnSignal();
  try {
    const result = await backup({ config, connectionString: database.directUrl, to, progress: terminalProgress(), signal: interruption.signal });
    const rows = result.manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(`Backup written: ${result.location} (${result.manifest.tables.length} tables, ${rows} rows, ${result.manifest.uploads.length} uploads, ${result.bytes} bytes)`);
    return 0;
  } catch (error) {
    if (interruption.signal.aborted) throw interruption.signal.reason;
    throw error;
  } finally {
    interruption.release();
  }
}

async function runRestore(database: OpenDatabase, config: Config, args: string[]): Promise<number> {
  const { archive, force } = parseRestoreArgs(args);
  const result = await restore({ archive, config, database, force, progress: terminalProgress() });
  const rows = result.manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `Restored ${archive}: ${rows} rows in ${result.manifest.tables.length} tables and ${result.manifest.uploads.length} uploads, made ${result.manifest.createdAt} at migration ${result.madeAt}; the schema is now current`,
  );
  return 0;
}

const COMMANDS = new Set(['create-admin', 'privacy-audit', 'backup', 'restore']);

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  if (!COMMANDS.has(command)) {
    console.error(`Unknown command: ${command}\n\n${USAGE}`);
    return 1;
  }
  const config = loadConfig();
  const logger = pino({ level: 'warn' }, pino.destination(2));
  // A restore builds the schema itself, as the archive had it: nothing is migrated or seeded first.
  const database = await openDatabase(config, logger, { role: 'cli', prepare: command !== 'restore' });
  try {
    if (command === 'backup') return await runBackup(database, config, args);
    if (command === 'restore') return await runRestore(database, config, args);
    if (command === 'privacy-audit') return await privacyAudit(database, config.secret, args);
    console.log(await createAdmin(database, config.secret, args[0]));
    return 0;
  } finally {
    await database.shutdown();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof CliError || error instanceof ConfigError || error instanceof BackupError;
    console.error(known ? (error as Error).message : `cli failed: ${error instanceof Error ? error.stack : String(error)}`);
    process.exit(1);
  },
);

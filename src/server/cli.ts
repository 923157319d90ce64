// Operator commands: `npm run cli -- <command> [args]`. Uses the server's environment
// and database; with the embedded database it joins the instance a running server
// started, or starts (and afterwards stops) it itself.
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { passwordSchema, usernameSchema } from '../shared/schemas/auth.js';
import { ConfigError, loadConfig } from './config.js';
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
                            found. --log reads the server's log (pino JSON lines).`;

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

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  if (command !== 'create-admin' && command !== 'privacy-audit') {
    console.error(`Unknown command: ${command}\n\n${USAGE}`);
    return 1;
  }
  const config = loadConfig();
  const logger = pino({ level: 'warn' }, pino.destination(2));
  const database = await openDatabase(config, logger, { role: 'cli' });
  try {
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
    const known = error instanceof CliError || error instanceof ConfigError;
    console.error(known ? (error as Error).message : `cli failed: ${error instanceof Error ? error.stack : String(error)}`);
    process.exit(1);
  },
);

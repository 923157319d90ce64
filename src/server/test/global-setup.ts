import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../db/client.js';
import { startEmbeddedPostgres } from '../db/embedded.js';
import { prepareDatabase } from '../db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A URL on the test server with rights to create databases. */
    adminDatabaseUrl: string;
    /** The migrated, seeded database each test file clones. */
    templateDatabase: string;
    /** Prefix of every database this run creates. */
    runPrefix: string;
  }
}

const silent = { warn() {} };

export default async function setup(project: TestProject) {
  const runPrefix = `hbtest_${randomBytes(4).toString('hex')}`;
  let adminDatabaseUrl = process.env.TEST_DATABASE_URL;
  let stopEmbedded = async () => {};
  let clusterRoot: string | undefined;
  if (!adminDatabaseUrl) {
    clusterRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'hushboard-test-'));
    await fs.chmod(clusterRoot, 0o755);
    const embedded = await startEmbeddedPostgres({
      clusterDir: path.join(clusterRoot, 'postgres'),
      // Durability does not matter for throw-away test data; speed does.
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '200' },
    });
    adminDatabaseUrl = embedded.url;
    stopEmbedded = embedded.stop;
  }

  const templateDatabase = `${runPrefix}_template`;
  const admin = new pg.Client({ connectionString: adminDatabaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${templateDatabase}"`);
  const template = createDatabase(withDatabase(adminDatabaseUrl, templateDatabase), silent, { max: 1 });
  await prepareDatabase(template.pool);
  await template.close();

  project.provide('adminDatabaseUrl', adminDatabaseUrl);
  project.provide('templateDatabase', templateDatabase);
  project.provide('runPrefix', runPrefix);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${runPrefix}%`]);
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    await admin.end();
    await stopEmbedded();
    if (clusterRoot) await fs.rm(clusterRoot, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

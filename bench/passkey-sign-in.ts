// `npm run bench:passkeys -- --database-url postgres://... [--rounds 300]`: the server time
// of a passkey sign-in (issue 30: under 50 ms). A fresh database on that server is
// migrated, the app built in this process, an account given a passkey of the software
// authenticator (src/server/test/passkey-authenticator.ts), and then each round asks for
// options and signs in, with PRF and without, timing each request as the app answers
// it (Fastify's inject: the whole request pipeline, no socket), one at a time.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { createDatabase } from '../src/server/db/client.js';
import { prepareDatabase } from '../src/server/db/migrate.js';
import { SoftwareAuthenticator, TEST_SITE } from '../src/server/test/passkey-authenticator.js';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL },
    rounds: { type: 'string', default: '300' },
  },
});
const adminUrl = values['database-url'];
if (!adminUrl) {
  console.error('--database-url (or BENCH_DATABASE_URL / TEST_DATABASE_URL): a PostgreSQL server to create the bench database on');
  process.exit(1);
}
const rounds = Number(values.rounds);
const name = `bench_passkeys_${randomBytes(4).toString('hex')}`;
const withDatabase = (url: string, database: string) => Object.assign(new URL(url), { pathname: `/${database}` }).toString();

/** A client that keeps cookies and the CSRF token, over inject. */
class Client {
  readonly cookies = new Map<string, string>();
  csrf = '';
  constructor(private readonly app: FastifyInstance) {}
  async post(url: string, body: unknown = {}) {
    const started = process.hrtime.bigint();
    const cpu = process.cpuUsage();
    const response = await this.app.inject({
      method: 'POST',
      url,
      payload: body as Record<string, unknown>,
      headers: { 'x-csrf-token': this.csrf, cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const used = process.cpuUsage(cpu);
    // The app's own CPU for the request (this process only: PostgreSQL's work is not in it),
    // which a loaded machine inflates far less than the wall time.
    const cpuMs = (used.user + used.system) / 1000;
    this.csrf = String(response.headers['x-csrf-token'] ?? this.csrf);
    for (const cookie of response.cookies as { name: string; value: string }[]) this.cookies.set(cookie.name, cookie.value);
    return { response, ms, cpuMs };
  }
  async prime() {
    const response = await this.app.inject({ method: 'GET', url: '/api/user' });
    this.csrf = String(response.headers['x-csrf-token']);
    for (const cookie of response.cookies as { name: string; value: string }[]) this.cookies.set(cookie.name, cookie.value);
  }
}

const percentile = (list: number[], p: number) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor((list.length * p) / 100))]!;
const silent = { warn() {} };

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${name}"`);
const database = createDatabase(withDatabase(adminUrl, name), silent);
let app: FastifyInstance | undefined;
try {
  await prepareDatabase(database.pool);
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: withDatabase(adminUrl, name), SECRET: randomBytes(32).toString('base64url'), RATE_LIMIT: 'off', POW: 'off', LOG_LEVEL: 'silent' };
  // The origin the software authenticator signs for is the request's own (localhost).
  delete env.PUBLIC_URL;
  const config = loadConfig(env);
  app = await buildApp({ config, database });
  await app.ready();

  const results: Record<string, { options: number[]; signIn: number[]; signInCpu: number[] }> = {};
  for (const prf of [true, false]) {
    const owner = new Client(app);
    await owner.prime();
    const registered = await owner.post('/api/register', { username: `bench${prf ? 'prf' : 'plain'}`, password: 'bench password' });
    if (registered.response.statusCode !== 201) throw new Error(`register: ${registered.response.statusCode} ${registered.response.body}`);
    const authenticator = new SoftwareAuthenticator({ prf });
    const options = (await owner.post('/api/webauthn/registration/options')).response.json();
    const made = authenticator.register(options, TEST_SITE);
    const added = await owner.post('/api/webauthn/registration', { name: 'Bench', response: made.response, ...(made.prfOutput ? { prfOutput: made.prfOutput } : {}) });
    if (added.response.statusCode !== 201) throw new Error(`adding the passkey: ${added.response.body}`);

    const timings = { options: [] as number[], signIn: [] as number[], signInCpu: [] as number[] };
    for (let round = 0; round < rounds; round++) {
      const client = new Client(app);
      await client.prime();
      const asked = await client.post('/api/webauthn/authentication/options');
      // The authenticator's own work (a P-256 signature) is the browser's, not timed.
      const answer = authenticator.authenticate(asked.response.json(), TEST_SITE);
      const signedIn = await client.post('/api/webauthn/authentication', { response: answer.response, ...(answer.prfOutput ? { prfOutput: answer.prfOutput } : {}) });
      if (signedIn.response.statusCode !== 200) throw new Error(`sign-in: ${signedIn.response.statusCode} ${signedIn.response.body}`);
      // The first rounds warm the JIT and the pool.
      if (round >= 20) {
        timings.options.push(asked.ms);
        timings.signIn.push(signedIn.ms);
        timings.signInCpu.push(signedIn.cpuMs);
      }
    }
    results[prf ? 'with PRF' : 'without PRF'] = timings;
  }
  for (const [label, { options, signIn, signInCpu }] of Object.entries(results)) {
    console.log(
      `${label.padEnd(12)} options p50 ${percentile(options, 50).toFixed(2)} ms p99 ${percentile(options, 99).toFixed(2)} ms | sign-in p50 ${percentile(signIn, 50).toFixed(2)} ms p99 ${percentile(signIn, 99).toFixed(2)} ms, app CPU p50 ${percentile(signInCpu, 50).toFixed(2)} ms (target: under 50 ms)`,
    );
  }
} finally {
  await app?.close();
  await database.close();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
}

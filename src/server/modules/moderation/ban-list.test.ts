// The in-memory ban list (issue 19): other instances' bans reach it through the
// banned_ips trigger's NOTIFY, and whenever it cannot be sure it defers to the query.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { bannedIps } from '../../db/schema.js';
import type { ChannelSubscriber } from '../../lib/pg-channels.js';
import { canonicalAddress } from '../../lib/client-address.js';
import { createIpHasher } from '../../lib/ip-prefix.js';
import { TestClient, testConfig, useTestApp } from '../../test/app.js';
import { createThread, insertBan, signUp, type TestUser } from '../../test/factories.js';
import { createBanList } from './ban-list.js';
import { until } from '../../test/until.js';

const t = useTestApp();
const hasher = createIpHasher(testConfig().secret);
let admin: TestUser;
let threadId: number;

beforeAll(async () => {
  admin = await signUp(t, { admin: true, ip: '192.0.2.1' });
  threadId = (await createThread(t, admin)).id;
});


/** Someone posting from `ip`, with the three hashes the ban check compares. */
async function poster(ip: string) {
  const person = await signUp(t, { ip });
  const { ip: own, subnet, wide } = hasher.hashesOf(canonicalAddress(ip));
  return { ...person, ipHash: own, keys: [own, subnet, wide] };
}
const reply = (person: TestUser) => person.client.post('/api/posts', { threadId, content: 'a reply' });
const listHolds = (keys: string[]) => t.app.services.banList.current && t.app.services.banList.mayCover(keys);
const listClears = (keys: string[]) => t.app.services.banList.current && !t.app.services.banList.mayCover(keys);

describe('the in-memory ban list', () => {
  it('learns of a ban made on another instance once notified, and of its lifting', async () => {
    const person = await poster('203.0.113.40');
    await until(() => listClears(person.keys), 'the list to be loaded');
    expect((await reply(person)).statusCode).toBe(201);

    const other = await buildApp({ config: testConfig(), database: t.database });
    try {
      const otherAdmin = new TestClient(other, '192.0.2.1');
      expect((await otherAdmin.login(admin.username)).statusCode).toBe(200);
      expect((await otherAdmin.post('/api/moderation/ban-ip', { ipHash: person.ipHash, reason: 'elsewhere' })).statusCode).toBe(201);
      await until(() => listHolds(person.keys), 'the NOTIFY of the ban');
      const refused = await reply(person);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: 'You are banned: elsewhere', ban: { reason: 'elsewhere', expiresAt: null, appealable: true } });

      expect((await otherAdmin.delete(`/api/moderation/ban-ip/${person.ipHash}`)).statusCode).toBe(204);
      await until(() => listClears(person.keys), 'the NOTIFY of the lifting');
      expect((await reply(person)).statusCode).toBe(201);
    } finally {
      await other.close();
    }
  });

  it('falls back to the query while its listener is lost, so a ban made meanwhile applies', async () => {
    const person = await poster('203.0.113.41');
    await until(() => listClears(person.keys), 'the list to be loaded');
    await t.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'hushboard-channels' and datname = current_database()`,
    );
    // Nobody on this instance hears this one's NOTIFY.
    await t.database.db.insert(bannedIps).values({ ipHash: person.ipHash, reason: 'unheard' });
    await until(() => !t.app.services.channels.listening, 'the loss to be noticed');
    expect(t.app.services.banList.current).toBe(false);
    expect((await reply(person)).statusCode).toBe(403);

    // Listening again, the list is loaded afresh and holds the ban it never heard of.
    await until(() => listHolds(person.keys), 'the listener to come back');
    expect((await reply(person)).statusCode).toBe(403);
    await t.database.db.delete(bannedIps).where(eq(bannedIps.ipHash, person.ipHash));
    await until(() => listClears(person.keys), 'the NOTIFY of the deletion');
    expect((await reply(person)).statusCode).toBe(201);
  });

  it('is not trusted while not listening, even once loaded', async () => {
    const channels = { listening: false, subscriber: undefined as ChannelSubscriber | undefined };
    const list = createBanList({
      db: t.database.db,
      log: { warn() {} },
      channels: {
        get listening() {
          return channels.listening;
        },
        subscribe: (_channel, subscriber) => {
          channels.subscriber = subscriber;
          return () => undefined;
        },
      },
    });
    try {
      const keys = ['f'.repeat(64)];
      channels.subscriber!.reset();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(list.current).toBe(false);
      expect(list.mayCover(keys)).toBe(true);
      channels.listening = true;
      expect(list.current).toBe(true);
      expect(list.mayCover(keys)).toBe(false);
      // A change this instance made: the query answers until the reload lands.
      list.changed();
      expect(list.mayCover(keys)).toBe(true);
      await until(() => list.current, 'the reload');
      expect(list.mayCover(keys)).toBe(false);
    } finally {
      list.close();
    }
  });

  it('stops applying an expiring ban the moment it expires, with no reload', async () => {
    const person = await poster('203.0.113.42');
    const expiresAt = new Date(Date.now() + 1_500);
    await insertBan(t, { ipHash: person.ipHash, reason: 'briefly', expiresAt });
    const refused = await reply(person);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'You are banned: briefly', ban: { reason: 'briefly', expiresAt: expiresAt.toISOString(), appealable: true } });
    await new Promise((resolve) => setTimeout(resolve, expiresAt.getTime() - Date.now() + 20));
    // Still the list loaded before the expiry, and it answers alone.
    expect(listClears(person.keys)).toBe(true);
    expect((await reply(person)).statusCode).toBe(201);
  });
});

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabaseUrl } from '../test/app.js';
import { createPgChannels, type PgChannels } from './pg-channels.js';
import { until } from '../test/until.js';

const silent = { warn() {} };


describe('pg channels', () => {
  let url: string;
  let other: pg.Client;
  let channels: PgChannels;

  beforeAll(async () => {
    url = await createTestDatabaseUrl();
    other = new pg.Client({ connectionString: url });
    await other.connect();
    channels = createPgChannels({ connectionString: url, log: silent });
  });
  afterAll(async () => {
    await channels.close();
    await other.end();
  });

  it("delivers a committed notification's payload, after telling the subscriber to start over", async () => {
    const heard: string[] = [];
    let resets = 0;
    channels.subscribe('test_channel', { message: (payload) => heard.push(payload), reset: () => resets++ });
    await channels.ready();
    expect(channels.listening).toBe(true);
    expect(resets).toBe(1);
    await other.query(`SELECT pg_notify('test_channel', 'one')`);
    await until(() => heard.length === 1, 'the notification');
    expect(heard).toEqual(['one']);
  });

  it('a lost connection resets its subscribers, is made again, and delivers again', async () => {
    const heard: string[] = [];
    let resets = 0;
    channels.subscribe('second_channel', { message: (payload) => heard.push(payload), reset: () => resets++ });
    await until(() => channels.listening && resets === 1, 'the second channel to be listened to');
    await other.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'hushboard-channels' AND datname = current_database()`);
    await until(() => resets >= 2, 'the reset on the lost connection');
    await until(() => channels.listening, 'the listener to come back');
    await other.query(`SELECT pg_notify('second_channel', 'two')`);
    await until(() => heard.length === 1, 'the notification after reconnecting');
    expect(heard).toEqual(['two']);
  });
});

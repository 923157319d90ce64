// Canary for en-us-date-format.ts, which writes dates as Intl.DateTimeFormat('en-US') does
// without building one. When the Intl data under it (ICU / CLDR) writes the format
// differently, a test here fails and shows both texts; the module's header says what to do.
import { afterEach, describe, expect, it } from 'vitest';
import { formatDate } from './en-us-date-format';

// The tests run in Node; the web app's types know no `process`.
const { process } = globalThis as unknown as { process: { env: Record<string, string | undefined>; versions: Record<string, string | undefined> } };

const options: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' };

// Time zones with DST both ways, half- and quarter-hour offsets, a half-hour DST shift, and the date line.
const ZONES = ['UTC', 'America/New_York', 'America/Los_Angeles', 'Europe/Berlin', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Pacific/Kiritimati', 'America/Sao_Paulo'];
const originalZone = process.env.TZ;
afterEach(() => {
  if (originalZone === undefined) delete process.env.TZ;
  else process.env.TZ = originalZone;
});

describe('formatDate against Intl.DateTimeFormat en-US', () => {
  it.each(ZONES)('writes every date as Intl does, in local time (%s)', (zone) => {
    process.env.TZ = zone;
    const intl = new Intl.DateTimeFormat('en-US', options);
    if (zone !== 'UTC') expect(new Date(Date.UTC(2026, 0, 1)).getTimezoneOffset(), 'the test could not switch the local time zone').not.toBe(0);
    const mismatches: string[] = [];
    // Every month, midnight and noon, single- and double-digit days, hours and minutes, over three decades.
    for (let time = Date.UTC(1999, 11, 31, 23, 59); time < Date.UTC(2031, 0, 1); time += 37 * 60 * 60 * 1000 + 7 * 60 * 1000) {
      const iso = new Date(time).toISOString();
      const ours = formatDate(iso);
      const theirs = intl.format(new Date(time));
      if (ours !== theirs) mismatches.push(`${iso}: ours ${JSON.stringify(ours)}, Intl ${JSON.stringify(theirs)}`);
    }
    expect(mismatches.slice(0, 10), `formatDate differs from Intl.DateTimeFormat('en-US') in ${zone} (ICU ${process.versions.icu})`).toEqual([]);
  });

  it('writes the examples of its comment', () => {
    process.env.TZ = 'UTC';
    expect(formatDate('2026-11-24T09:05:00Z')).toBe('Nov 24, 2026, 9:05 AM');
    expect(formatDate('2026-11-24T00:05:00Z')).toBe('Nov 24, 2026, 12:05 AM');
    expect(formatDate('2026-01-02T12:00:00Z')).toBe('Jan 2, 2026, 12:00 PM');
  });

  it('says Invalid Date for text that is not a date, as Intl’s Date does', () => {
    expect(formatDate('not a date')).toBe('Invalid Date');
    expect(formatDate('not a date')).toBe(String(new Date('not a date')));
  });
});

import { describe, expect, it } from 'vitest';
import { formatDate } from './format';

describe('formatDate', () => {
  it('writes a date exactly as Intl.DateTimeFormat en-US does, in local time', () => {
    const intl = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
    // Every month, midnight and noon, single- and double-digit days, hours and minutes.
    for (let time = Date.UTC(1999, 11, 31, 23, 59); time < Date.UTC(2031, 0, 1); time += 37 * 60 * 60 * 1000 + 7 * 60 * 1000) {
      const iso = new Date(time).toISOString();
      expect(formatDate(iso)).toBe(intl.format(new Date(time)));
    }
    expect(formatDate('2026-11-24T00:05:00')).toBe('Nov 24, 2026, 12:05 AM');
    expect(formatDate('2026-01-02T12:00:00')).toBe('Jan 2, 2026, 12:00 PM');
  });

  it('says Invalid Date for text that is not a date', () => {
    expect(formatDate('not a date')).toBe('Invalid Date');
  });
});

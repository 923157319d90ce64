import { describe, expect, it } from 'vitest';
import { MemoryCounters } from './rate-limit-store.js';

describe('MemoryCounters (the rate limits without Redis)', () => {
  it('counts in a window that starts with the first request and ends after timeWindow', () => {
    const counters = new MemoryCounters();
    expect(counters.incr('a', 1_000, 0)).toEqual({ current: 1, ttl: 1_000 });
    expect(counters.incr('a', 1_000, 400)).toEqual({ current: 2, ttl: 600 });
    expect(counters.incr('b', 1_000, 400)).toEqual({ current: 1, ttl: 1_000 });
    expect(counters.incr('a', 1_000, 1_000)).toEqual({ current: 1, ttl: 1_000 });
  });

  it('stays bounded: ended windows go first, then the oldest', () => {
    const counters = new MemoryCounters();
    for (let i = 0; i < 50_000; i++) counters.incr(`old-${i}`, i < 10 ? 10 : 60_000, 0);
    counters.incr('new', 60_000, 100);
    expect(counters.size).toBe(49_991);
    for (let i = 0; i < 20; i++) counters.incr(`more-${i}`, 60_000, 100);
    expect(counters.size).toBe(50_000);
    expect(counters.incr('new', 60_000, 200).current).toBe(2);
  });
});

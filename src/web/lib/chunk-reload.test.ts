import { describe, expect, it } from 'vitest';
import { type ChunkReloadDeps, RELOAD_GUARD_MS, reloadForMissingChunk } from './chunk-reload';

function tab(options: { serverAnswers?: boolean } = {}) {
  const stored = new Map<string, string>();
  const state = { now: 1_000_000, reloads: 0 };
  const deps: ChunkReloadDeps = {
    storage: { getItem: (key) => stored.get(key) ?? null, setItem: (key, value) => void stored.set(key, value) },
    reload: () => void state.reloads++,
    serverAnswers: async () => options.serverAnswers ?? true,
    now: () => state.now,
  };
  return { deps, state };
}

describe('reloading for a chunk gone since a deploy', () => {
  it('reloads once, not again right after (no loop), and again after the guard', async () => {
    const { deps, state } = tab();
    expect(await reloadForMissingChunk(deps)).toBe(true);
    expect(state.reloads).toBe(1);
    // The reloaded page fails too: the chunk is missing from the new build as well.
    state.now += 2_000;
    expect(await reloadForMissingChunk(deps)).toBe(false);
    expect(state.reloads).toBe(1);
    state.now += RELOAD_GUARD_MS;
    expect(await reloadForMissingChunk(deps)).toBe(true);
    expect(state.reloads).toBe(2);
  });

  it('does not reload while the server does not answer (offline: the page would be lost)', async () => {
    const { deps, state } = tab({ serverAnswers: false });
    expect(await reloadForMissingChunk(deps)).toBe(false);
    expect(state.reloads).toBe(0);
  });
});

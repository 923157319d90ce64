/**
 * A page opened before a deploy asks for chunks by the old build's names. The server
 * keeps the previous build's files (scripts/keep-assets.mjs), but a page older than
 * that, or an instance that never had them, answers 404: the page or dialog cannot load.
 * When a chunk fails while the server answers (so the network is not the problem), the
 * page reloads once and gets the new build. A second failure within RELOAD_GUARD_MS of a
 * reload does not reload again (no loop when a chunk is missing from the new build too):
 * the failure then shows as it would without this (the error page, a "Could not load"
 * toast).
 *
 * Every dynamic import() of the app goes through Vite's preload helper, which dispatches
 * `vite:preloadError` on window when the chunk, or a CSS or module it preloads, fails.
 */

/** A reload this recent (kept in sessionStorage, per tab) is not repeated. */
export const RELOAD_GUARD_MS = 60_000;
const RELOADED_AT = 'hushboard:chunk-reload-at';
/** A server that has not answered within this is away: no reload. */
const SERVER_CHECK_MS = 5_000;

export interface ChunkReloadDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload(): void;
  /** Whether the server answers with a page now (false: offline, or the server is away). */
  serverAnswers(): Promise<boolean>;
  now(): number;
}

/** Decides on one failed chunk; resolves with whether the page reloads. */
export async function reloadForMissingChunk(deps: ChunkReloadDeps): Promise<boolean> {
  const last = Number(deps.storage.getItem(RELOADED_AT) ?? 0);
  const now = deps.now();
  if (now - last < RELOAD_GUARD_MS) return false;
  if (!(await deps.serverAnswers())) return false;
  deps.storage.setItem(RELOADED_AT, String(now));
  deps.reload();
  return true;
}

/** Listens for failed chunks on this page (main.tsx, once). */
export function reloadOnMissingChunks(): void {
  let deciding = false;
  window.addEventListener('vite:preloadError', () => {
    // Several chunks of one page fail together: one decision.
    if (deciding) return;
    deciding = true;
    void reloadForMissingChunk({
      storage: sessionStorage,
      reload: () => window.location.reload(),
      serverAnswers: () =>
        fetch(window.location.href, { method: 'HEAD', cache: 'no-store', credentials: 'same-origin', signal: AbortSignal.timeout(SERVER_CHECK_MS) }).then(
          (response) => response.ok,
          () => false,
        ),
      now: () => Date.now(),
    })
      .catch(() => false)
      .then((reloading) => {
        if (!reloading) deciding = false;
      });
  });
}

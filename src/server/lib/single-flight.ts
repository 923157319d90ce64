import { queryContext } from '../db/client.js';

/**
 * Identical reads in flight at the same moment share one run: a read for a key that
 * is already being fetched waits for that fetch instead of starting its own. Nothing
 * is kept once the run settles, so an answer is never older than the moment the
 * caller asked (a read that arrives while a write commits may get the state just
 * before it, as it could have anyway). For answers that are the same for every
 * caller; never for one that depends on who asks.
 *
 * The run belongs to no single request: it leaves the caller's query context, so a
 * caller who goes away cannot cancel the queries the others are waiting on.
 */
export function singleFlight<T>(): (key: string, run: () => Promise<T>) => Promise<T> {
  const inFlight = new Map<string, Promise<T>>();
  return (key, run) => {
    let shared = inFlight.get(key);
    if (!shared) {
      shared = queryContext.exit(run).finally(() => inFlight.delete(key));
      inFlight.set(key, shared);
    }
    return shared;
  };
}

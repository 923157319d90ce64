import { loadSnapshot } from './load.js';
import { missingRows } from './methods/gaps.js';
import { logLinks } from './methods/log.js';
import { posterIds } from './methods/poster-ids.js';
import { directReferences, ipHashes, sharedValues, timestamps } from './methods/rows.js';
import { type Candidate, type CandidateClass, type ItemKey, METHODS, type MethodName, type Queryable } from './types.js';

export interface AuditOptions {
  secret: string;
  /** The server's log, pino JSON lines. */
  logLines?: string[];
  /** Ground truth for tests: item (`threads:12`, `posts:5`) -> the account that wrote it. */
  truth?: Map<ItemKey, number>;
  /** How far apart (ms) an account's row and an item still count as written together; default 5. */
  windowMs?: number;
}

type Counts = Record<CandidateClass, number>;

export interface MethodReport {
  method: MethodName;
  /** Distinct (item, account) pairs per class. */
  candidates: Counts;
  /** With ground truth: how many of those pairs name the item's real author. */
  correct?: Counts;
  /** A few links and interactions: where they were found (escrow pairs are never listed). */
  examples: string[];
}

export interface AuditReport {
  /** No link (and, with ground truth, no candidate of any class but escrow naming the real author). */
  ok: boolean;
  items: number;
  accounts: number;
  /** Distinct (item, account) pairs of class link, over all methods. */
  failures: number;
  /** Items linkable with SECRET through an account still in escrow (allowed). */
  escrowItems: number;
  methods: MethodReport[];
  candidates: Candidate[];
}

const EXAMPLES = 5;
const zero = (): Counts => ({ link: 0, interaction: 0, escrow: 0 });

/**
 * Tries every generic way to link the anonymous threads and posts of the database to
 * accounts (README.md in this folder): direct references, shared values, timestamps,
 * poster IDs recomputed with SECRET, IP hashes, the log when given, and rows missing where
 * an item's addressing says one belongs.
 */
export async function auditDatabase(pool: Queryable, options: AuditOptions): Promise<AuditReport> {
  const snapshot = await loadSnapshot(pool);
  const candidates = [
    ...directReferences(snapshot),
    ...sharedValues(snapshot),
    ...timestamps(snapshot, options.windowMs ?? 5),
    ...posterIds(snapshot, options.secret),
    ...ipHashes(snapshot),
    ...(options.logLines ? logLinks(snapshot, options.logLines) : []),
    ...missingRows(snapshot),
  ];
  const { truth } = options;
  const methods = METHODS.map((method): MethodReport => {
    const mine = candidates.filter((candidate) => candidate.method === method);
    const counts = zero();
    const correct = zero();
    const seen = new Set<string>();
    for (const candidate of mine) {
      const pair = `${candidate.class} ${candidate.item} ${candidate.userId}`;
      if (seen.has(pair)) continue;
      seen.add(pair);
      counts[candidate.class]++;
      if (truth?.get(candidate.item) === candidate.userId) correct[candidate.class]++;
    }
    const examples = mine
      .filter((candidate) => candidate.class !== 'escrow')
      .sort((a, b) => (a.class === b.class ? 0 : a.class === 'link' ? -1 : 1))
      .slice(0, EXAMPLES)
      .map((candidate) => `${candidate.class}: ${candidate.item} -> account ${candidate.userId} via ${candidate.where}: ${candidate.detail}`);
    return { method, candidates: counts, ...(truth ? { correct } : {}), examples };
  });
  const failures = methods.reduce((sum, method) => sum + method.candidates.link, 0);
  const escrowItems = new Set(candidates.filter((candidate) => candidate.class === 'escrow').map((candidate) => candidate.item)).size;
  const correctOutsideEscrow = methods.reduce((sum, method) => sum + (method.correct ? method.correct.link + method.correct.interaction : 0), 0);
  return {
    ok: failures === 0 && correctOutsideEscrow === 0,
    items: snapshot.items.size,
    accounts: snapshot.users.length,
    failures,
    escrowItems,
    methods,
    candidates,
  };
}

import type { VoteTarget } from './vote';

/** Query keys of the votes feature, keyed by the viewer: another account signing in never sees the last one's votes. */
export const voteKeys = {
  /** The viewer's vote on one target. */
  one: (viewerId: number, target: VoteTarget) => ['votes', viewerId, target.kind, target.id] as const,
  /** The viewer's votes on many targets of a kind, asked in one request. */
  many: (viewerId: number, kind: VoteTarget['kind'], scope: string) => ['votes', viewerId, 'many', kind, scope] as const,
};

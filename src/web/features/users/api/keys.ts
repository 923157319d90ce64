/** Every query key of the users feature: all of a user's queries start with ['users', id]. */
export const userKeys = {
  profile: (id: number) => ['users', id, 'profile'] as const,
  posts: (id: number, page: number) => ['users', id, 'posts', page] as const,
  threads: (id: number, page: number) => ['users', id, 'threads', page] as const,
  followStats: (id: number) => ['users', id, 'follow-stats'] as const,
  isFollowing: (id: number) => ['users', id, 'is-following'] as const,
  activities: (id: number) => ['users', id, 'activities'] as const,
  /** Who holds a username (lower-case), for @mention links. */
  byName: (username: string) => ['users', 'by-name', username] as const,
};

// Query keys of cache entries that more than one feature reads or writes. Features do not
// import each other, so such a key is spelled here, once; each feature's own keys live in
// its api/keys.ts (and build on these where they nest under them).
export const sharedKeys = {
  /** The signed-in user (lib/auth): set by login, register and logout, refreshed by a profile edit or a membership. */
  currentUser: () => ['auth', 'user'] as const,
  /**
   * A thread with its first posts (threads feature). New and deleted posts, a premium
   * purchase and moderation refresh it; the posts after it nest under it (posts feature).
   */
  threadDetail: (id: number) => ['threads', 'detail', id] as const,
};

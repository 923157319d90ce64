/** An Atom feed a page offers (CONTRACT.md section 11). */
export interface FeedLink {
  href: string;
  title: string;
}

export const RECENT_FEED: FeedLink = { href: '/feeds/recent.atom', title: 'Recent threads' };

/**
 * The feed that matches a page: a board's threads on a board page, a user's named
 * threads on their profile, the recent threads everywhere else. The server names it
 * in the page's <head> (feed readers find it there) and the footer links to it.
 */
export function feedForPath(pathname: string): FeedLink {
  const board = /^\/board\/([a-z0-9]{1,16})\/?$/i.exec(pathname);
  if (board) {
    const code = board[1]!.toLowerCase();
    return { href: `/feeds/boards/${code}.atom`, title: `/${code}/ threads` };
  }
  const user = /^\/users\/(\d{1,10})\/?$/.exec(pathname);
  if (user) return { href: `/feeds/users/${user[1]}.atom`, title: "This user's threads" };
  return RECENT_FEED;
}

import { Feed } from 'feed';
import type { Poll } from '../../../shared/api.js';
import { renderMarkdownWithoutSpoilers } from '../../../shared/markdown/renderer.js';
import { wellFormedXml } from '../../lib/xml.js';
import type { BoardService } from '../boards/index.js';
import type { FeedSource, FeedThread, ThreadService } from '../threads/index.js';
import type { UserService } from '../users/index.js';

/** An Atom document and what it describes, ready to send. */
export interface AtomFeed {
  xml: string;
}

const SITE = 'Hushboard';

/**
 * The feed readers see escaped text: entries are sent as `type="html"`, so a title
 * such as "<b>" must arrive as text, and no "]]>" can end the CDATA early.
 */
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A thread's Markdown as the page shows it (the one renderer), with the two things
 * a feed reader lacks: no stylesheet to hide a spoiler (so its text is left out),
 * and no page to resolve `#post-12` or `/u/bob` against (so they become absolute).
 * The renderer escapes every quote in text, so `href="` only starts its own attributes.
 */
const feedHtml = (content: string, origin: string, threadUrl: string) =>
  renderMarkdownWithoutSpoilers(content).replaceAll('href="#', `href="${threadUrl}#`).replaceAll('href="/', `href="${origin}/`);

/** A poll as text: its question and options, never its counts (they move; the entry should not). */
const pollText = (poll: Poll | null) =>
  poll === null ? '' : `<p>Poll: ${escapeHtml(poll.question)}</p><ul>${poll.options.map((option) => `<li>${escapeHtml(option.text)}</li>`).join('')}</ul>`;

/**
 * Atom 1.0 feeds of threads (CONTRACT.md section 11): recent threads, a board's, a
 * user's named ones. The threads come from the threads service as a visitor sees
 * them, so every privacy and premium rule of the API holds in the feed too.
 */
export function createFeedService({ threads, boards, users }: { threads: Pick<ThreadService, 'feed'>; boards: Pick<BoardService, 'byCode'>; users: Pick<UserService, 'findUser'> }) {
  function render(origin: string, self: string, meta: { title: string; description: string; page: string }, entries: FeedThread[]): AtomFeed {
    // The newest change, not the time of the request: an unchanged feed stays byte-identical (ETag).
    const updated = entries.reduce((newest, thread) => Math.max(newest, Date.parse(thread.updatedAt)), 0);
    const feed = new Feed({
      id: `${origin}${self}`,
      title: meta.title,
      description: meta.description,
      link: `${origin}${meta.page}`,
      updated: new Date(updated),
      generator: SITE,
      copyright: `Posts belong to their authors`,
      feedLinks: { atom: `${origin}${self}` },
    });
    for (const thread of entries) {
      const url = `${origin}/thread/${thread.id}`;
      feed.addItem({
        id: url,
        link: url,
        title: escapeHtml(thread.title),
        date: new Date(thread.updatedAt),
        published: new Date(thread.createdAt),
        // Premium threads appear with their public part only: premiumContent is never read here.
        content: feedHtml(thread.content, origin, url) + pollText(thread.poll),
        author: [thread.userId !== null && thread.username !== null ? { name: thread.username, link: `${origin}/users/${thread.userId}` } : { name: 'Anonymous' }],
        category: [{ name: `/${thread.board.code}/`, term: thread.board.code }],
      });
    }
    // Text from posts may hold characters XML forbids (U+0007): dropped, or the feed is no XML at all.
    return { xml: wellFormedXml(feed.atom1()) };
  }

  return {
    async recent(origin: string): Promise<AtomFeed> {
      return render(origin, '/feeds/recent.atom', { title: `Recent threads · ${SITE}`, description: 'The newest threads on every board', page: '/recent' }, await threads.feed({ kind: 'recent' }));
    },

    async board(origin: string, code: string): Promise<AtomFeed> {
      const board = await boards.byCode(code);
      const source: FeedSource = { kind: 'board', boardCode: board.code };
      return render(origin, `/feeds/boards/${board.code}.atom`, { title: `/${board.code}/ - ${board.name} · ${SITE}`, description: board.description, page: `/board/${board.code}` }, await threads.feed(source));
    },

    /** A user's named threads: their anonymous ones never appear here. */
    async user(origin: string, userId: number): Promise<AtomFeed> {
      const user = await users.findUser(userId);
      return render(origin, `/feeds/users/${user.id}.atom`, { title: `Threads by ${user.username} · ${SITE}`, description: `Threads ${user.username} started under their name`, page: `/users/${user.id}` }, await threads.feed({ kind: 'user', userId: user.id }));
    },
  };
}

export type FeedService = ReturnType<typeof createFeedService>;

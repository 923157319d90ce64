// What the server and the web app's server entry (src/web/entry-server.tsx) say to each
// other when a page is rendered on the server (CONTRACT.md section 12). The web side
// names the reads a URL's page makes (the same names, arguments and so the same query
// keys as its features); the server answers each through the services the API routes
// call, for the same viewer, so every privacy and premium rule holds in the HTML as in
// the JSON; the web side renders with them and dehydrates them into the page.
import type { Board, CurrentUser, FollowStats, IsFollowing, ProfilePost, SearchResults, Thread, ThreadDetail, Tip, UserProfile } from './api.js';
import type { THREAD_SORTS } from './constants.js';

export type PageThreadSort = (typeof THREAD_SORTS)[number];
export type PageSearchType = 'all' | 'threads' | 'posts';

/** Each read a page can start with: its arguments and what the API answers for it. */
export interface PageReads {
  currentUser: { args: []; data: CurrentUser | null };
  boards: { args: []; data: Board[] };
  board: { args: [code: string]; data: Board };
  boardThreads: { args: [code: string, page: number, sort: PageThreadSort]; data: Thread[] };
  feed: { args: [feed: 'recent' | 'popular']; data: Thread[] };
  thread: { args: [id: number]; data: ThreadDetail };
  threadTips: { args: [threadId: number]; data: Tip[] };
  threadPostTips: { args: [threadId: number]; data: Tip[] };
  profile: { args: [id: number]; data: UserProfile };
  userThreads: { args: [id: number, page: number]; data: Thread[] };
  userPosts: { args: [id: number, page: number]; data: ProfilePost[] };
  followStats: { args: [id: number]; data: FollowStats };
  isFollowing: { args: [id: number]; data: IsFollowing };
  search: { args: [query: string, type: PageSearchType]; data: SearchResults };
}

export type PageReadName = keyof PageReads;

/** A read a page asks for. */
export type PageRead = { [K in PageReadName]: { name: K; args: PageReads[K]['args'] } }[PageReadName];

/** A read as the server answered it: the data, or the API's error status and message. */
export type PageReadResult = {
  [K in PageReadName]: { name: K; args: PageReads[K]['args'] } & ({ data: PageReads[K]['data'] } | { error: { status: number; message: string } });
}[PageReadName];

/** A form the server re-renders after a post without JavaScript, with the API's messages. */
export interface PageFormState {
  /** Which form: the page may hold several. */
  form: PageFormName;
  /** What was sent (never a password), to fill the fields in again. */
  values: Record<string, string>;
  /** Field name -> message (CONTRACT.md section 2's `errors`). */
  errors: Record<string, string>;
  /** The answer's `message` when it is not about one field (wrong password, banned, locked). */
  message?: string;
  /** Proof of work was asked for (CONTRACT.md section 11): the form needs JavaScript for now. */
  needsJavaScript?: boolean;
}

export type PageFormName = 'login' | 'register' | 'reply' | 'thread' | 'poll';

/** What the server hands the web app's server entry for one page. */
export interface PageRenderInput {
  /** Path and query of the page. */
  url: string;
  reads: PageReadResult[];
  /** The token the page's forms post back as `_csrf` (the response's X-CSRF-Token); null on pages cached for everyone. */
  csrfToken: string | null;
  form: PageFormState | null;
  /** The server's clock, so relative times ('5 minutes ago') render the same on both sides. */
  now: number;
  /** The last live event's id before the page's data was read: its event stream resumes after it. */
  eventId: number | null;
}

export interface PageRenderOutput {
  /** The app's HTML for #root. */
  html: string;
  /** 404 for the not-found page and for a board, thread or user that does not exist; else 200. */
  status: number;
  /** The page's own <title>, when it declares one. */
  title: string | null;
  /** JSON for the page's state script (already safe inside <script>). */
  state: string;
}

/** The JSON the page carries for the app to hydrate from (id `page-state`). */
export interface PageState {
  /** TanStack Query's dehydrated cache. */
  queries: unknown;
  csrfToken: string | null;
  form: PageFormState | null;
  now: number;
  /** See PageRenderInput. */
  eventId: number | null;
}

export const PAGE_STATE_ID = 'page-state';

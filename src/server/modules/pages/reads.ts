import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PageRead, PageReadResult } from '../../../shared/page-render.js';
import { THREADS_PER_PAGE } from '../../../shared/constants.js';
import { threadListQuerySchema } from '../../../shared/schemas/threads.js';
import { HttpError } from '../../lib/errors.js';
import { parseInput } from '../../lib/validate.js';
import { viewerOf } from '../../lib/viewer.js';
import { unavailableAnswer } from '../../plugins/error-handler.js';

type Services = FastifyInstance['services'];

/**
 * Answers one read of a server-rendered page exactly as its API route does: the same
 * service call, for the same viewer, so what the HTML shows (an anonymous author,
 * premium content) follows the same rules as the JSON. The comment names the route.
 */
async function answer(services: Services, request: FastifyRequest, read: PageRead): Promise<unknown> {
  const viewer = viewerOf(request);
  switch (read.name) {
    case 'currentUser': // GET /api/user (a 401 is null to the app)
      return request.user ? services.users.ownView(request.user, request.authorKey) : null;
    case 'boards': // GET /api/boards
      return services.boards.list();
    case 'board': // GET /api/boards/:code
      return services.boards.byCode(read.args[0]);
    case 'boardThreads': {
      // GET /api/boards/:code/threads?page&limit&sort
      const [code, page, sort] = read.args;
      const query = parseInput(threadListQuerySchema, { page: String(page), limit: String(THREADS_PER_PAGE), sort });
      const threads = await services.threads.listBoardThreads(code.toLowerCase(), query, viewer);
      if (threads.length === 0) await services.boards.byCode(code.toLowerCase());
      return threads;
    }
    case 'feed': // GET /api/threads/simple-recent, simple-popular
      return read.args[0] === 'recent' ? services.threads.recent(viewer) : services.threads.popular(viewer);
    case 'thread': // GET /api/threads/:id
      return (await services.threads.getThreadPage(read.args[0], viewer)).thread;
    case 'threadTips': // GET /api/threads/:id/tips
      return services.tips.forThread(read.args[0]);
    case 'threadPostTips': // GET /api/threads/:id/post-tips
      return services.tips.forThreadPosts(read.args[0]);
    case 'profile': // GET /api/users/:id
      return services.users.profile(read.args[0], viewer);
    case 'userThreads': // GET /api/users/:id/threads?page
      return services.users.threads(read.args[0], read.args[1], viewer);
    case 'userPosts': // GET /api/users/:id/posts?page
      return services.users.posts(read.args[0], read.args[1], viewer);
    case 'followStats': // GET /api/users/:id/follow-stats
      return services.follows.stats(read.args[0]);
    case 'isFollowing': // GET /api/users/:id/is-following
      return services.follows.isFollowing(request.user?.id ?? null, read.args[0]);
    case 'search': // GET /api/search?query&type
      return services.search.search(read.args[0], read.args[1]);
  }
}

/**
 * Every read of a page, at once. A read the API answers with an error becomes that
 * error (status and message) for the page's own error view, as the app shows it after
 * a failed request: an unknown board or thread (404), the database away (503, so a
 * failed search says 'Error searching: Service temporarily unavailable' in the page, not
 * a page of JSON). Anything else (a bug: a 500) fails the render, as it fails the API.
 */
export async function answerReads(services: Services, request: FastifyRequest, reads: PageRead[]): Promise<PageReadResult[]> {
  return Promise.all(
    reads.map(async (read) => {
      try {
        return { ...read, data: await answer(services, request, read) } as PageReadResult;
      } catch (error) {
        const failed = failureOf(error);
        if (!failed) throw error;
        // A page of a thread or board that is not there (a crawler's old link) is no trouble
        // of the server's: only a read it could not answer is worth a warning.
        if (failed.status >= 500) request.log.warn({ err: error, read: read.name }, 'a page read failed');
        else request.log.debug({ read: read.name, status: failed.status }, 'a page read answered an error');
        return { ...read, error: failed } as PageReadResult;
      }
    }),
  );
}

/** The API's answer to a read's error (error-handler.ts), when it is one the app shows: not a 500. */
function failureOf(error: unknown): { status: number; message: string } | null {
  if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
  return unavailableAnswer(error);
}

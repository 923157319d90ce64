import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pollChangesAt } from '../../../shared/polls.js';
import { createThreadSchema } from '../../../shared/schemas/threads.js';
import { readForm } from '../../lib/form.js';
import { THREAD_NOT_FOUND } from '../../lib/messages.js';
import { parseId } from '../../lib/params.js';
import { parseInput } from '../../lib/validate.js';
import { viewerOf, VISITOR } from '../../lib/viewer.js';
import { gated } from '../../plugins/gate.js';
import { multipartRoutes } from '../../plugins/multipart.js';
import { sendVisitorPage } from './visitor-pages.js';

const threadInput = (request: FastifyRequest) => parseInput(createThreadSchema, readForm(request).fields);

export async function threadRoutes(app: FastifyInstance) {
  const { threads, boards, visitorPages } = app.services;
  // Home's lists across boards: a visitor's revalidation of an unchanged one costs one read
  // of the boards' list versions (a handful of rows), not the list.
  for (const [path, list] of [
    ['/api/threads/simple-recent', 'recent'],
    ['/api/threads/simple-popular', 'popular'],
  ] as const) {
    app.get(path, async (request, reply) => {
      let readAfter: string | undefined;
      if (!request.user && request.headers['if-none-match']) {
        readAfter = await boards.homeListVersion();
        if (app.versionedCache.notModified(request, reply, `home:${list}:${readAfter}`)) return reply.send();
      }
      return threads[list](viewerOf(request), readAfter);
    });
  }

  app.get<{ Params: { id: string }; Querystring: { after?: string } }>('/api/threads/:id', async (request, reply) => {
    const id = parseId(request.params.id, THREAD_NOT_FOUND);
    const after = request.query.after === undefined || request.query.after === '' ? 0 : parseId(request.query.after, 'No such post to page after');
    if (!request.user) {
      // Every visitor gets the same page: kept per instance until the thread changes.
      const page = await visitorPages.page(`thread:${id}`, `json:${after}`, async () => {
        const { thread } = await threads.getThreadPage(id, VISITOR, after);
        return { body: reply.serialize(thread) as string, until: pollChangesAt(thread.poll) };
      });
      return sendVisitorPage(request, reply, page, 'application/json; charset=utf-8');
    }
    return (await threads.getThreadPage(id, viewerOf(request), after)).thread;
  });

  await multipartRoutes(app, (scope) =>
    scope.post('/api/threads', gated({ user: true, ban: true, input: threadInput, pow: 'thread' }), async (request, reply) => {
      const user = request.requireUser();
      const { image } = readForm(request);
      const input = threadInput(request);
      const thread = await threads.createThread(input, { id: user.id, ipHash: await request.contentIpHash(input.isAnonymous) }, viewerOf(request), image);
      return reply.code(201).send(thread);
    }),
  );
}

import type { FastifyInstance } from 'fastify';
import { createThreadSchema } from '../../../shared/schemas/threads.js';
import { readForm } from '../../lib/form.js';
import { THREAD_NOT_FOUND } from '../../lib/messages.js';
import { parseId } from '../../lib/params.js';
import { parseInput } from '../../lib/validate.js';
import { viewerOf } from '../../lib/viewer.js';
import { multipartRoutes } from '../../plugins/multipart.js';

export async function threadRoutes(app: FastifyInstance) {
  const { threads, boards } = app.services;
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

  // A visitor's revalidation of an unchanged thread costs one indexed look-up of its
  // version (threads.version, moved by every write that changes the page), not the page.
  const versionKey = (id: number, after: number, version: number) => `thread:${id}:${after}:${version}`;
  app.get<{ Params: { id: string }; Querystring: { after?: string } }>('/api/threads/:id', async (request, reply) => {
    const id = parseId(request.params.id, THREAD_NOT_FOUND);
    const after = request.query.after === undefined || request.query.after === '' ? 0 : parseId(request.query.after, 'No such post to page after');
    const visitor = !request.user;
    if (visitor && request.headers['if-none-match']) {
      const version = await threads.threadVersion(id);
      if (app.versionedCache.notModified(request, reply, versionKey(id, after, version))) return reply.send();
    }
    const page = await threads.getThreadPage(id, viewerOf(request), after);
    if (visitor) app.versionedCache.remember(request, versionKey(id, after, page.version));
    return page.thread;
  });

  await multipartRoutes(app, (scope) =>
    scope.post('/api/threads', async (request, reply) => {
      const user = request.requireUser();
      await request.assertNotBanned();
      const { fields, image } = readForm(request);
      const input = parseInput(createThreadSchema, fields);
      await app.powGate.check(request, 'thread');
      const thread = await threads.createThread(input, { id: user.id, ipHash: request.ipHash }, viewerOf(request), image);
      return reply.code(201).send(thread);
    }),
  );
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { markNotificationsReadSchema, notificationPageQuerySchema } from '../../../shared/schemas/notifications.js';
import { parseInput } from '../../lib/validate.js';
import { gated } from '../../plugins/gate.js';

/**
 * The signed-in user's notifications (CONTRACT.md section 11); 401 for visitors. The
 * caller's own, by account and by the author tags their session's key finds (section 13).
 */
export async function notificationRoutes(app: FastifyInstance) {
  const { notifications } = app.services;
  const recipientOf = (request: FastifyRequest) => notifications.recipient(request.requireUser().id, request.authorKey);

  app.get('/api/notifications', async (request) => {
    const recipient = await recipientOf(request);
    const { before } = parseInput(notificationPageQuerySchema, request.query);
    return notifications.list(recipient, before);
  });

  app.get('/api/notifications/unread-count', async (request) => notifications.unreadCount(await recipientOf(request)));

  app.post('/api/notifications/read', gated({ ban: false }), async (request, reply) => {
    const recipient = await recipientOf(request);
    const { ids } = parseInput(markNotificationsReadSchema, request.body);
    await notifications.markRead(recipient, ids);
    return reply.code(204).send();
  });
}

import type { FastifyInstance } from 'fastify';
import { markNotificationsReadSchema, notificationPageQuerySchema } from '../../../shared/schemas/notifications.js';
import { parseInput } from '../../lib/validate.js';
import { gated } from '../../plugins/gate.js';

/** The signed-in user's notifications (CONTRACT.md section 11); 401 for visitors. */
export async function notificationRoutes(app: FastifyInstance) {
  const { notifications } = app.services;

  app.get('/api/notifications', async (request) => {
    const user = request.requireUser();
    const { before } = parseInput(notificationPageQuerySchema, request.query);
    return notifications.list(user.id, before);
  });

  app.get('/api/notifications/unread-count', async (request) => notifications.unreadCount(request.requireUser().id));

  app.post('/api/notifications/read', gated({ ban: false }), async (request, reply) => {
    const user = request.requireUser();
    const { ids } = parseInput(markNotificationsReadSchema, request.body);
    await notifications.markRead(user.id, ids);
    return reply.code(204).send();
  });
}

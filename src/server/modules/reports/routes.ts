import type { FastifyInstance } from 'fastify';
import { reportListQuerySchema, reportResolutionSchema, reportSchema } from '../../../shared/schemas/moderation.js';
import { parseId } from '../../lib/params.js';
import { parseInput } from '../../lib/validate.js';
import { gated } from '../../plugins/gate.js';
import { REPORT_NOT_FOUND } from './service.js';

/** Users report content; admins work through the reports (CONTRACT.md section 6). */
export async function reportRoutes(app: FastifyInstance) {
  const { reports } = app.services;

  app.post('/api/reports', gated({ user: true, ban: true }), async (request, reply) => {
    const user = request.requireUser();
    const input = parseInput(reportSchema, request.body);
    return reply.code(201).send(await reports.create(user.id, input));
  });

  app.get('/api/moderation/reports', async (request) => {
    request.requireAdmin();
    return reports.list(parseInput(reportListQuerySchema, request.query));
  });

  app.patch<{ Params: { id: string } }>('/api/moderation/reports/:id', gated({ ban: false }), async (request) => {
    const admin = request.requireAdmin();
    const id = parseId(request.params.id, REPORT_NOT_FOUND);
    const { status } = parseInput(reportResolutionSchema, request.body);
    return reports.close(admin.id, id, status);
  });
}

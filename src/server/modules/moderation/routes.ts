import type { FastifyInstance } from 'fastify';
import {
  banIpSchema,
  banPreviewQuerySchema,
  IP_HASH_PATTERN,
  lockSchema,
  moderationLogQuerySchema,
  stickySchema,
  suspendAuthorSchema,
  userStatusSchema,
} from '../../../shared/schemas/moderation.js';
import { NotFoundError } from '../../lib/errors.js';
import { THREAD_NOT_FOUND, USER_NOT_FOUND } from '../../lib/messages.js';
import { parseId } from '../../lib/params.js';
import { parseInput } from '../../lib/validate.js';
import { appealRoutes } from './appeal-routes.js';
import { NOT_BANNED } from './bans.js';
import { SUSPENSION_NOT_FOUND } from './suspensions.js';
import { gated } from '../../plugins/gate.js';

type IdParams = { Params: { id: string } };

/**
 * Admin-only endpoints (CONTRACT.md section 6). Each handler asks requireAdmin() before
 * reading anything else, so a visitor gets 401 and a user 403 whatever they send.
 * Deleting threads and posts, open to their authors too, is in modules/deletions.
 */
export async function moderationRoutes(app: FastifyInstance) {
  const { moderation, bans, suspensions } = app.services;

  app.patch<IdParams>('/api/threads/:id/sticky', gated({ ban: false }), async (request) => {
    const admin = request.requireAdmin();
    const id = parseId(request.params.id, THREAD_NOT_FOUND);
    const { isSticky } = parseInput(stickySchema, request.body);
    return moderation.setThreadFlag(admin.id, id, 'isSticky', isSticky);
  });

  app.patch<IdParams>('/api/threads/:id/lock', gated({ ban: false }), async (request) => {
    const admin = request.requireAdmin();
    const id = parseId(request.params.id, THREAD_NOT_FOUND);
    const { isLocked } = parseInput(lockSchema, request.body);
    return moderation.setThreadFlag(admin.id, id, 'isLocked', isLocked);
  });

  app.get('/api/moderation/banned-ips', async (request) => {
    request.requireAdmin();
    return bans.list();
  });

  app.post('/api/moderation/ban-ip', gated({ ban: false }), async (request, reply) => {
    const admin = request.requireAdmin();
    const input = parseInput(banIpSchema, request.body);
    return reply.code(201).send(await bans.ban(admin.id, input));
  });

  app.get('/api/moderation/ban-ip/preview', async (request) => {
    request.requireAdmin();
    const { ipHash, scope } = parseInput(banPreviewQuerySchema, request.query);
    return bans.preview(ipHash, scope);
  });

  app.delete<{ Params: { ipHash: string } }>('/api/moderation/ban-ip/:ipHash', gated({ ban: false }), async (request, reply) => {
    const admin = request.requireAdmin();
    const { ipHash } = request.params;
    // Not a hash at all: it cannot be banned either.
    if (!IP_HASH_PATTERN.test(ipHash)) throw new NotFoundError(NOT_BANNED);
    await bans.unban(admin.id, ipHash.toLowerCase());
    return reply.code(204).send();
  });

  app.get<IdParams>('/api/moderation/threads/:id/ip-hashes', async (request) => {
    request.requireAdmin();
    return bans.ipHashes(parseId(request.params.id, THREAD_NOT_FOUND));
  });

  // Suspending the author of anonymous content without learning who it is (CONTRACT.md section 13).
  app.post('/api/moderation/suspend-author', gated({ ban: false }), async (request, reply) => {
    const admin = request.requireAdmin();
    const input = parseInput(suspendAuthorSchema, request.body);
    return reply.code(201).send(await suspensions.suspend(admin.id, input));
  });

  app.get('/api/moderation/suspensions', async (request) => {
    request.requireAdmin();
    return suspensions.list();
  });

  app.delete<IdParams>('/api/moderation/suspend-author/:id', gated({ ban: false }), async (request, reply) => {
    const admin = request.requireAdmin();
    await suspensions.lift(admin.id, parseId(request.params.id, SUSPENSION_NOT_FOUND));
    return reply.code(204).send();
  });

  app.patch<IdParams>('/api/moderation/users/:id', gated({ ban: false }), async (request) => {
    const admin = request.requireAdmin();
    const id = parseId(request.params.id, USER_NOT_FOUND);
    const { isActive } = parseInput(userStatusSchema, request.body);
    return moderation.setUserActive(admin.id, id, isActive);
  });

  app.get('/api/moderation/log', async (request) => {
    request.requireAdmin();
    const { before } = parseInput(moderationLogQuerySchema, request.query);
    return moderation.log({ beforeId: before });
  });

  await appealRoutes(app);
}

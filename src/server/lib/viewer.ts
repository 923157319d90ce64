import type { FastifyRequest } from 'fastify';
import { hasActiveMembership } from './membership.js';

/** Who is looking: what every privacy rule (CONTRACT.md section 4) is decided on. */
export interface Viewer {
  userId: number | null;
  isAdmin: boolean;
  /** An active premium member: sees every premium thread's hidden part. */
  isMember: boolean;
}

export const VISITOR: Viewer = { userId: null, isAdmin: false, isMember: false };

export function viewerOf(request: FastifyRequest): Viewer {
  const user = request.user;
  if (!user) return VISITOR;
  return { userId: user.id, isAdmin: user.isAdmin, isMember: hasActiveMembership(user) };
}

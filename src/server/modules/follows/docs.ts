import { apiSchemas as s } from '../../../shared/api-schemas.js';
import { routeDocs } from '../../lib/route-doc.js';

const followResult = s.IsFollowing.extend(s.FollowStats.shape);

/** The OpenAPI entries of routes.ts (lib/route-doc.ts). */
export const followDocs = routeDocs('Users', {
  'GET /api/users/:id/follow-stats': { summary: 'Followers and following counts', access: 'visitor', responses: { 200: s.FollowStats } },
  'GET /api/users/:id/is-following': { summary: 'Whether the viewer follows this user', access: 'visitor', responses: { 200: s.IsFollowing } },
  'POST /api/users/:id/follow': { summary: 'Follow a user', description: 'Not oneself (400).', access: 'user', responses: { 200: followResult } },
  'DELETE /api/users/:id/follow': { summary: 'Unfollow a user', access: 'user', responses: { 200: followResult } },
});

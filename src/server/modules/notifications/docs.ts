import { z } from 'zod';
import { apiSchemas as s } from '../../../shared/api-schemas.js';
import { markNotificationsReadSchema, notificationPageQuerySchema } from '../../../shared/schemas/notifications.js';
import { routeDocs } from '../../lib/route-doc.js';

/** The OpenAPI entries of routes.ts (lib/route-doc.ts). */
export const notificationDocs = routeDocs('Notifications', {
  'GET /api/notifications': {
    summary: "The signed-in user's notifications, newest first, 20 a page",
    description: 'Ids only, never content. `?before={id}` answers the page after that one. `actor` is null for anonymous content, tips and deleted accounts.',
    access: 'user', query: notificationPageQuerySchema, responses: { 200: z.array(s.Notification) },
  },
  'GET /api/notifications/unread-count': { summary: "How many of the signed-in user's notifications are unread", access: 'user', responses: { 200: s.UnreadCount } },
  'POST /api/notifications/read': {
    summary: 'Mark notifications read',
    description: "`ids` marks those of the caller's own among them (others are ignored); without `ids`, all of them.",
    access: 'user', body: markNotificationsReadSchema, responses: { 204: null },
  },
});

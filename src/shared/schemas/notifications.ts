import { z } from 'zod';
import { NOTIFICATIONS_READ_MAX } from '../constants.js';
import { idField, optionalIdField } from './fields.js';

/** GET /api/notifications?before={id}: the page of notifications older than that id. */
export const notificationPageQuerySchema = z.object({
  before: optionalIdField('before must be a notification id'),
});

/** POST /api/notifications/read: `ids` marks those (the caller's own; others are left alone), absent marks all. */
export const markNotificationsReadSchema = z.object({
  ids: z
    .array(idField('ids must be notification ids'), { error: 'ids must be a list of notification ids' })
    .max(NOTIFICATIONS_READ_MAX, `At most ${NOTIFICATIONS_READ_MAX} ids at once`)
    .optional(),
});
export type MarkNotificationsReadInput = z.input<typeof markNotificationsReadSchema>;

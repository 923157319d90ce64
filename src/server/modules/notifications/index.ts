// The notifications module as other code sees it: modules import one another only
// through their index.ts (ARCHITECTURE.md; eslint.config.js enforces it).

export { notificationRoutes } from './routes.js';
export { createNotificationService, type NotificationService } from './service.js';
export {
  NOTHING_NOTIFIED,
  notifyAddedReferences,
  notifyNewThread,
  notifyTip,
  replyNotificationsCtes,
  replyNotificationsResult,
  withdrawNotifications,
  type Notified,
} from './create.js';
export { createPublisher, publishUnread, type PublishNotified } from './publish.js';
export { notificationDocs } from './docs.js';

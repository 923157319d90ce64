import type { Notification } from '../../../../shared/api.js';

/** Who acted, as an entry names them: '@bob', or 'Anonymous' for anonymous content and deleted accounts. */
const actorLabel = (notification: Notification) => (notification.actor ? `@${notification.actor.username}` : 'Anonymous');

/** What happened, in words (the API sends ids only, never content). */
export function describeNotification(notification: Notification): string {
  const thread = `thread #${notification.threadId}`;
  switch (notification.type) {
    case 'reply':
      return `${actorLabel(notification)} replied to you in ${thread}`;
    case 'quote':
      return `${actorLabel(notification)} quoted your post in ${thread}`;
    case 'mention':
      return `${actorLabel(notification)} mentioned you in ${thread}`;
    case 'thread':
      return `${actorLabel(notification)} started a new thread, #${notification.threadId}`;
    default:
      // 'tip': the tipper is never named.
      return notification.postId === null ? `Your ${thread} received a tip` : `Your post in ${thread} received a tip`;
  }
}

/** Where an entry leads: the post on its thread page (#post-{id}), or the thread. */
export const notificationHref = (notification: Notification) =>
  notification.postId === null ? `/thread/${notification.threadId}` : `/thread/${notification.threadId}#post-${notification.postId}`;

import type { Notification } from '../../../../shared/api.js';
import { Link } from '../../../app/router';
import { timeAgo } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import { describeNotification, notificationHref } from './describe';

/** One notification as a link to what it is about; unread ones are marked, in words too. */
export function NotificationEntry({ notification, onOpen, className }: { notification: Notification; onOpen?: () => void; className?: string }) {
  const unread = notification.readAt === null;
  return (
    <Link to={notificationHref(notification)} onClick={onOpen} className={cn('flex items-start gap-2 text-sm', className)}>
      <span aria-hidden="true" className={cn('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-primary' : 'bg-transparent')} />
      <span className="grid gap-0.5">
        <span className={cn(unread && 'font-medium')}>
          {describeNotification(notification)}
          {unread && <span className="sr-only"> (unread)</span>}
        </span>
        <span className="text-xs text-muted-foreground">{timeAgo(notification.createdAt)}</span>
      </span>
    </Link>
  );
}

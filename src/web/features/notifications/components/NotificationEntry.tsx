import type { ComponentPropsWithRef, MouseEvent } from 'react';
import type { Notification } from '../../../../shared/api.js';
import { Link } from '../../../app/router';
import { timeAgo } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import { describeNotification, notificationHref } from './describe';

type EntryProps = Omit<ComponentPropsWithRef<'a'>, 'href'> & { notification: Notification; onOpen?: () => void };

/**
 * One notification as a link to what it is about; unread ones are marked, in words too.
 * Other props reach the link, so a menu item (Radix's asChild) can make it one of its items.
 */
export function NotificationEntry({ notification, onOpen, className, onClick, ...props }: EntryProps) {
  const unread = notification.readAt === null;
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    onOpen?.();
  };
  return (
    <Link {...props} to={notificationHref(notification)} onClick={click} className={cn('flex items-start gap-2 text-sm', className)}>
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

import { Bell } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { onFirstUse } from '../../../lib/on-first-use';
import { useLiveUnreadCount } from '../api/live';

const menu = onFirstUse('menu', () => import('./NotificationMenuOpened').then((module) => module.NotificationMenuOpened));

/** Counts above this show as '99+'. */
const BADGE_MAX = 99;

/**
 * The header's bell (signed-in users only): the unread count, live from the tab's event
 * stream, and a menu of the latest notifications that loads on first use.
 */
export function NotificationBell({ userId }: { userId: number }) {
  const count = useLiveUnreadCount(userId).data?.count ?? 0;
  const label = count === 0 ? 'Notifications' : `Notifications, ${count} unread`;
  return (
    <menu.Part
      userId={userId}
      trigger={
        <Button variant="ghost" size="icon" aria-label={label} className="relative">
          <Bell aria-hidden="true" />
          {count > 0 && (
            <span
              aria-hidden="true"
              data-testid="unread-badge"
              className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-white"
            >
              {count > BADGE_MAX ? `${BADGE_MAX}+` : count}
            </span>
          )}
        </Button>
      }
    />
  );
}

import { useState } from 'react';
import { Link } from '../../../app/router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { Spinner } from '../../../components/ui/spinner';
import type { PartTrigger } from '../../../lib/on-first-use';
import { useNotifications } from '../api/get-notifications';
import { useMarkRead } from '../api/mark-read';
import { NotificationEntry } from './NotificationEntry';

/** Entries the dropdown shows; the page shows them all. */
const LATEST = 8;

/** The bell's menu (NotificationBell.tsx), mounted open on first use: the latest, each a link, and the way to all. */
export function NotificationMenuOpened({ userId, trigger }: { userId: number; trigger: PartTrigger }) {
  const [open, setOpen] = useState(true);
  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80">
        {/* Mounted while open only: each opening asks for the latest. */}
        <Latest userId={userId} />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function Latest({ userId }: { userId: number }) {
  const notifications = useNotifications(userId);
  const markRead = useMarkRead(userId);
  const latest = (notifications.data?.pages[0] ?? []).slice(0, LATEST);
  return (
    <>
      <DropdownMenuLabel>Notifications</DropdownMenuLabel>
      <DropdownMenuSeparator />
      {notifications.isPending && <Spinner label="Loading notifications" className="mx-auto my-4" />}
      {notifications.isError && <p className="px-2 py-3 text-sm text-muted-foreground">Could not load notifications.</p>}
      {notifications.isSuccess && latest.length === 0 && <p className="px-2 py-3 text-sm text-muted-foreground">No notifications yet.</p>}
      {latest.map((notification) => (
        <DropdownMenuItem key={notification.id} asChild>
          <NotificationEntry notification={notification} onOpen={() => notification.readAt === null && markRead.mutate([notification.id])} />
        </DropdownMenuItem>
      ))}
      <DropdownMenuSeparator />
      <DropdownMenuItem asChild>
        <Link to="/notifications" className="justify-center text-sm font-medium">
          See all notifications
        </Link>
      </DropdownMenuItem>
    </>
  );
}

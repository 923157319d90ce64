import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useNotifications } from '../api/get-notifications';
import { useMarkRead } from '../api/mark-read';
import { NotificationEntry } from './NotificationEntry';

/**
 * The /notifications page's list: every notification, 20 at a time ('Load more'), and 'Mark all read'.
 * Opening an entry reads it, as in the bell's menu.
 */
export function NotificationList({ userId }: { userId: number }) {
  const notifications = useNotifications(userId);
  const markRead = useMarkRead(userId);
  const items = notifications.data?.pages.flat() ?? [];
  const markAll = () =>
    markRead.mutate(undefined, { onError: (error) => toast({ variant: 'destructive', title: 'Could not mark read', description: errorMessage(error, 'Please try again') }) });

  if (notifications.isPending) return <Spinner label="Loading notifications" className="mx-auto my-16 size-6" />;
  if (notifications.isError) return <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">Error loading notifications. Please try refreshing the page.</p>;
  return (
    <div className="grid gap-4">
      <div className="flex justify-end">
        <Button variant="outline" size="sm" onClick={markAll} disabled={markRead.isPending || !items.some((item) => item.readAt === null)}>
          {markRead.isPending ? 'Marking...' : 'Mark all read'}
        </Button>
      </div>
      {items.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">No notifications yet.</p>
      ) : (
        <ul className="grid divide-y rounded-lg border">
          {items.map((notification) => (
            <li key={notification.id}>
              <NotificationEntry
                notification={notification}
                className="p-3 hover:bg-accent"
                onOpen={() => notification.readAt === null && markRead.mutate([notification.id])}
              />
            </li>
          ))}
        </ul>
      )}
      {notifications.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="outline" size="sm" onClick={() => void notifications.fetchNextPage()} disabled={notifications.isFetchingNextPage}>
            {notifications.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
    </div>
  );
}

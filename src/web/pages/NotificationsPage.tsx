import { Navigate } from '../app/router';
import { Spinner } from '../components/ui/spinner';
import { useUser } from '../lib/auth/get-user';
import { NotificationList } from '../features/notifications/components/NotificationList';

/** /notifications: the signed-in user's notifications (from the header's bell). */
export function NotificationsPage() {
  const user = useUser();
  if (user.isPending) return <Spinner label="Loading" className="mx-auto my-16 size-6" />;
  if (!user.data) return <Navigate to="/auth" replace />;
  return (
    <div className="grid gap-4">
      <title>Notifications · Hushboard</title>
      <h1 className="text-2xl font-bold tracking-tight">Notifications</h1>
      <NotificationList userId={user.data.id} />
    </div>
  );
}

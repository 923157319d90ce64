import { Link, Navigate, useParams } from '../app/router';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { useUserByName } from '../features/users/api/get-user-by-name';

/** /u/{username}: where an @mention leads; on to that user's profile, or 'User not found'. */
export function MentionPage() {
  const username = useParams().username ?? '';
  const user = useUserByName(username);
  if (user.isPending) return <Spinner label="Loading" className="mx-auto my-16 size-6" />;
  if (user.isSuccess) return <Navigate to={`/users/${user.data.id}`} replace />;
  return (
    <div role="alert" className="mx-auto grid max-w-md gap-3 py-16 text-center">
      <title>User not found · Hushboard</title>
      <h1 className="text-2xl font-bold tracking-tight">User not found</h1>
      <p className="text-muted-foreground">No one goes by @{username} here.</p>
      <Button asChild variant="outline" className="mx-auto">
        <Link to="/">Back to Home</Link>
      </Button>
    </div>
  );
}

import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { TimeAgo } from '../../../lib/format';
import { useSessions } from '../api/get-sessions';
import { useSignOutOtherSessions, useSignOutSession } from '../api/sign-out-session';

/**
 * The account's signed-in sessions (CONTRACT.md section 15): browser and system in
 * words, when each began and was last used (to the hour, at most daily: docs/privacy.md),
 * this one marked; sign one out, or all the others. No address is ever kept or shown.
 */
export function SessionsCard({ userId }: { userId: number }) {
  const sessions = useSessions(userId);
  const signOut = useSignOutSession(userId);
  const signOutOthers = useSignOutOtherSessions(userId);
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  const end = async (id: string, current: boolean) => {
    try {
      await signOut.mutateAsync(id);
      if (current) window.location.assign('/');
      else toast({ title: 'Session signed out' });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Could not sign out', description: errorMessage(error, 'Please try again') });
    }
  };
  const endOthers = async () => {
    try {
      await signOutOthers.mutateAsync();
      toast({ title: 'Other sessions signed out' });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Could not sign out', description: errorMessage(error, 'Please try again') });
    }
  };

  return (
    <Card role="region" aria-labelledby="sessions-title">
      <CardHeader>
        <CardTitle>
          <h2 id="sessions-title">Signed-in sessions</h2>
        </CardTitle>
        <CardDescription>Where your account is signed in. "Last used" is kept to the hour and updated at most once a day.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sessions.isPending ? (
          <Skeleton className="h-16" />
        ) : sessions.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load your sessions
          </p>
        ) : (
          <ul aria-label="Sessions" className="grid gap-2">
            {sessions.data.map((session) => (
              <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
                <div className="grid min-w-0 gap-0.5 text-sm">
                  <span className="font-medium break-words">
                    {session.browser ?? 'Unknown browser'}
                    {session.current && <span className="ml-2 rounded bg-muted px-1.5 py-0.5 text-xs font-normal">This one</span>}
                  </span>
                  <span className="text-muted-foreground">
                    Signed in <TimeAgo iso={session.createdAt} />, last used <TimeAgo iso={session.lastUsedAt} />
                  </span>
                </div>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => end(session.id, session.current)}
                  disabled={signOut.isPending}
                  aria-label={`Sign out ${session.current ? 'this session' : (session.browser ?? 'unknown browser')}`}
                >
                  Sign out
                </Button>
              </li>
            ))}
          </ul>
        )}
        {others > 0 && (
          <Button type="button" variant="destructive" onClick={endOthers} disabled={signOutOthers.isPending} className="w-fit">
            {signOutOthers.isPending ? 'Signing out...' : 'Sign out all other sessions'}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

import { UserCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from '../../../app/router';
import type { AuthorSuspension } from '../../../../shared/api.js';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadingRows } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useSuspensions } from '../api/get-suspensions';
import { useLiftSuspension } from '../api/lift-suspension';

const contentOf = (entry: AuthorSuspension) =>
  `${entry.postId !== null ? `Post #${entry.postId} in ` : ''}${entry.threadTitle ?? `a removed thread (#${entry.threadId})`}`;

/**
 * Suspended Authors tab (CONTRACT.md section 13): the author suspensions in force, each
 * named by the content it was made from (its author is known to no one), with Lift.
 */
export function SuspensionsPanel() {
  const suspensions = useSuspensions();
  const lift = useLiftSuspension();
  const [toLift, setToLift] = useState<AuthorSuspension | null>(null);

  const onLift = async () => {
    if (!toLift) return;
    try {
      await lift.mutateAsync(toLift.id);
      toast({ title: 'Suspension Lifted', description: 'The author can take part again.' });
      setToLift(null);
    } catch (error) {
      toast({ variant: 'destructive', title: 'Lift Failed', description: errorMessage(error, 'Failed to lift the suspension') });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Suspended Authors</h2>
        </CardTitle>
        <CardDescription>Authors of anonymous content suspended without anyone learning who they are, newest first.</CardDescription>
      </CardHeader>
      <CardContent>
        {suspensions.isPending ? (
          <LoadingRows label="Loading suspensions" rowClassName="h-12" />
        ) : suspensions.isError ? (
          <p role="alert" className="text-sm text-destructive">
            The suspensions could not be loaded.
          </p>
        ) : suspensions.data.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">No authors are suspended.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Suspended authors">
            {suspensions.data.map((entry) => (
              <li key={entry.id} className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[1fr_auto] sm:items-center">
                <div className="grid min-w-0 gap-1">
                  <Link to={`/thread/${entry.threadId}${entry.postId !== null ? `#post-${entry.postId}` : ''}`} className="text-sm font-medium hover:underline">
                    Author of {contentOf(entry)}
                  </Link>
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
                    <span>Suspended {formatDate(entry.suspendedAt)}</span>
                    {entry.suspendedBy && <span>by {entry.suspendedBy.username}</span>}
                    {entry.expiresAt ? <span>Expires {formatDate(entry.expiresAt)}</span> : <Badge variant="secondary">Permanent</Badge>}
                  </div>
                  <p className="text-sm">{entry.reason}</p>
                </div>
                <Button variant="outline" size="sm" className="w-fit" onClick={() => setToLift(entry)} aria-label={`Lift suspension ${entry.id}`}>
                  <UserCheck aria-hidden="true" />
                  Lift
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={toLift !== null}
        onOpenChange={(open) => !open && setToLift(null)}
        title="Lift Suspension"
        description={toLift ? `Lift the suspension of the author of ${contentOf(toLift)}? They will be able to post, vote and report again.` : ''}
        confirmLabel="Lift"
        pendingLabel="Lifting..."
        pending={lift.isPending}
        onConfirm={() => void onLift()}
      />
    </Card>
  );
}

import { useState } from 'react';
import type { PublicModerationAction } from '../../../../shared/api.js';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { LoadingRows } from '../../../components/ui/skeleton';
import { formatDate } from '../../../lib/format';
import { usePublicLog } from '../api/get-public-log';

const ACTION_LABELS: Record<PublicModerationAction, string> = {
  sticky: 'Pinned',
  unsticky: 'Unpinned',
  lock: 'Locked',
  unlock: 'Unlocked',
  delete_thread: 'Deleted',
  delete_post: 'Deleted',
  ban: 'Banned',
  unban: 'Lifted',
  suspend: 'Suspended',
  reactivate: 'Reactivated',
  appeal_accepted: 'Appeal accepted',
  appeal_denied: 'Appeal denied',
  suspend_author: 'Suspended',
  lift_suspension: 'Lifted',
};

const PAGE_SIZE = 50;

/** The public moderation log: what was done, to what, why and when; never who did it. */
export function PublicLog() {
  // The pages before this one, so "Newer" can step back.
  const [cursors, setCursors] = useState<(number | undefined)[]>([undefined]);
  const before = cursors[cursors.length - 1];
  const log = usePublicLog(before);

  if (log.isPending) return <LoadingRows label="Loading the moderation log" rows={4} />;
  if (log.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        The moderation log could not be loaded.
      </p>
    );
  }
  const entries = log.data;
  return (
    <div className="grid gap-4">
      {entries.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">No moderation actions yet.</p>
      ) : (
        <ol aria-label="Moderation actions" className="grid divide-y rounded-lg border">
          {entries.map((entry) => (
            <li key={entry.id} className="grid gap-1 px-4 py-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant={entry.action === 'ban' || entry.action.startsWith('delete') ? 'destructive' : 'secondary'}>{ACTION_LABELS[entry.action]}</Badge>
                <span className="min-w-0">{entry.target}</span>
                <time dateTime={entry.createdAt} className="ml-auto text-xs text-muted-foreground">
                  {formatDate(entry.createdAt)}
                </time>
              </div>
              {entry.reason && <p className="text-muted-foreground">Reason: {entry.reason}</p>}
            </li>
          ))}
        </ol>
      )}
      <div className="flex gap-2">
        {cursors.length > 1 && (
          <Button variant="outline" onClick={() => setCursors(cursors.slice(0, -1))}>
            Newer
          </Button>
        )}
        {entries.length === PAGE_SIZE && (
          <Button variant="outline" onClick={() => setCursors([...cursors, entries[entries.length - 1]!.id])}>
            Older
          </Button>
        )}
      </div>
    </div>
  );
}

import type { ModerationAction, ModerationLogEntry } from '../../../../shared/api.js';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { LoadingRows } from '../../../components/ui/skeleton';
import { formatDate } from '../../../lib/format';
import { useModerationLog } from '../api/get-moderation-log';

const ACTION_LABELS: Record<ModerationAction, string> = {
  sticky: 'Stickied thread',
  unsticky: 'Unstickied thread',
  lock: 'Locked thread',
  unlock: 'Unlocked thread',
  delete_thread: 'Deleted thread',
  delete_post: 'Deleted post',
  ban: 'Banned IP',
  unban: 'Unbanned IP',
  suspend: 'Suspended user',
  reactivate: 'Reactivated user',
  report_resolved: 'Resolved report',
  report_dismissed: 'Dismissed report',
  appeal_accepted: 'Accepted appeal',
  appeal_denied: 'Denied appeal',
  suspend_author: 'Suspended author',
  lift_suspension: 'Lifted author suspension',
};

function targetLabel(entry: ModerationLogEntry): string {
  if (entry.targetType === 'ip') {
    const { reason, scope } = entry.details;
    const range = scope === 'subnet' || scope === 'wide' ? ` ${scope}` : '';
    return `${entry.targetId.slice(0, 12)}…${range}${typeof reason === 'string' && reason ? ` (${reason})` : ''}`;
  }
  // An author suspension: the content it was made from, never its author.
  if (entry.targetType === 'author') {
    const { title, postId, reason } = entry.details;
    const what = typeof postId === 'number' ? `post #${postId} in` : 'thread';
    return `author of ${what} ${typeof title === 'string' ? title : 'a thread'} (suspension #${entry.targetId})${typeof reason === 'string' && reason ? ` (${reason})` : ''}`;
  }
  const detail = entry.details.title ?? entry.details.username;
  // Accepting one appeal of a range ban closes that ban's other pending appeals with it.
  const also = Array.isArray(entry.details.alsoAccepted) && entry.details.alsoAccepted.length > 0 ? ` (with #${entry.details.alsoAccepted.join(', #')})` : '';
  return `${entry.targetType} #${entry.targetId}${typeof detail === 'string' ? ` (${detail})` : ''}${also}`;
}

/** Log tab: who did what to what, newest first. */
export function ModerationLog() {
  const log = useModerationLog();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Moderation Log</h2>
        </CardTitle>
        <CardDescription>Every moderation action, with who took it and when.</CardDescription>
      </CardHeader>
      <CardContent>
        {log.isPending ? (
          <LoadingRows label="Loading the log" />
        ) : log.isError ? (
          <p role="alert" className="text-sm text-destructive">
            The moderation log could not be loaded.
          </p>
        ) : log.data.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">No moderation actions yet.</p>
        ) : (
          <ol className="grid divide-y rounded-lg border">
            {log.data.map((entry) => (
              <li key={entry.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
                <Badge variant={entry.action.startsWith('ban') || entry.action.startsWith('delete') ? 'destructive' : 'secondary'}>{ACTION_LABELS[entry.action]}</Badge>
                <span className="min-w-0 font-mono text-xs break-all">{targetLabel(entry)}</span>
                <span className="ml-auto text-xs text-muted-foreground">
                  {entry.admin?.username ?? 'Deleted admin'} · {formatDate(entry.createdAt)}
                </span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

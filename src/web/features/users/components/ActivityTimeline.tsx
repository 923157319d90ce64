import { EyeOff } from 'lucide-react';
import { Link } from '../../../app/router';
import type { Activity } from '../../../../shared/api.js';
import { formatDate, TimeAgo } from '../../../lib/format';

/**
 * Entries for the owner's anonymous threads and replies are found at read time through
 * their key and never stored beside the account (CONTRACT.md section 13); the server
 * gives them negative ids, so they never meet a stored entry's id.
 */
const isAnonymousEntry = (activity: Activity) => activity.id < 0;

/** The owner's own activity: a timeline of descriptions with an optional View link. */
export function ActivityTimeline({ activities }: { activities: Activity[] }) {
  if (activities.length === 0) {
    return <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">No activity yet.</p>;
  }
  return (
    <ol className="relative grid gap-4 border-l pl-6">
      {activities.map((activity) => (
        <li key={activity.id} className="relative" data-anonymous={isAnonymousEntry(activity) || undefined}>
          <span aria-hidden="true" className="absolute top-1.5 -left-[29px] size-2.5 rounded-full bg-primary ring-4 ring-background" />
          <p className="text-sm">
            {isAnonymousEntry(activity) && <EyeOff aria-hidden="true" className="mr-1.5 inline size-3.5 align-[-0.15em] text-muted-foreground" />}
            {activity.description}
          </p>
          <div className="mt-0.5 flex items-center gap-3 text-xs text-muted-foreground">
            <time dateTime={activity.createdAt} title={formatDate(activity.createdAt)}>
              <TimeAgo iso={activity.createdAt} />
            </time>
            {activity.linkUrl && (
              // Named by its entry too, so a list of 'View' links tells them apart (its visible text first).
              <Link to={activity.linkUrl} aria-label={`View: ${activity.description}`} className="font-medium text-primary hover:underline">
                View
              </Link>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}

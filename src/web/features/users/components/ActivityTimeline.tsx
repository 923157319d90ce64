import { Link } from '../../../app/router';
import type { Activity } from '../../../../shared/api.js';
import { formatDate, TimeAgo } from '../../../lib/format';

/** The owner's own activity: a timeline of descriptions with an optional View link. */
export function ActivityTimeline({ activities }: { activities: Activity[] }) {
  if (activities.length === 0) {
    return <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">No activity yet.</p>;
  }
  return (
    <ol className="relative grid gap-4 border-l pl-6">
      {activities.map((activity) => (
        <li key={activity.id} className="relative">
          <span aria-hidden="true" className="absolute top-1.5 -left-[29px] size-2.5 rounded-full bg-primary ring-4 ring-background" />
          <p className="text-sm">{activity.description}</p>
          <div className="mt-0.5 flex items-center gap-3 text-xs text-muted-foreground">
            <time dateTime={activity.createdAt} title={formatDate(activity.createdAt)}>
              <TimeAgo iso={activity.createdAt} />
            </time>
            {activity.linkUrl && (
              <Link to={activity.linkUrl} className="font-medium text-primary hover:underline">
                View
              </Link>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}

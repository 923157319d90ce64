import { formatDate, TimeAgo } from '../../lib/format';

/**
 * "edited" with the time of the last edit (CONTRACT.md section 14), shown to everyone on
 * an edited thread or post, in the app and in the server-rendered page alike.
 */
export function EditedMark({ editedAt }: { editedAt: string | null }) {
  if (!editedAt) return null;
  return (
    <span className="text-xs text-muted-foreground" data-edited>
      edited{' '}
      <time dateTime={editedAt} title={formatDate(editedAt)}>
        <TimeAgo iso={editedAt} />
      </time>
    </span>
  );
}

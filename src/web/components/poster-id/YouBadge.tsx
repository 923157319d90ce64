import { Badge } from '../ui/badge';

/**
 * Marks the viewer's own thread or reply (`isOwn`, CONTRACT.md section 13). On anonymous
 * writing it is the only sign that it is theirs: the server tells its author alone, from
 * their key, so nobody else (admins included) ever sees this badge on it.
 */
export function YouBadge() {
  return (
    <Badge variant="outline" title="You wrote this. Only you see this mark." data-own-content="">
      You
    </Badge>
  );
}

import type { Post } from '../../../../shared/api.js';
import { SpriteIcon } from '../../../components/icons/sprite';
import { Button } from '../../../components/ui/button';
import { onFirstUse } from '../../../lib/on-first-use';

export interface PostMenuProps {
  post: Post;
  isAdmin: boolean;
  onReport: (postId: number) => void;
  onBan: (ipHash: string) => void;
  /** Admins: suspend the author of this anonymous post without learning who it is (CONTRACT.md section 13). */
  onSuspendAuthor?: ((postId: number) => void) | undefined;
}

const postMenu = onFirstUse('menu', () => import('./PostMenuOpened').then((module) => module.PostMenuOpened));

/**
 * The per-post menu (SPEC.md section 2): Report, Copy Text, Copy ID; admins also Ban
 * User (with an ipHash) and, on an anonymous post, Suspend Author; admins and the post's author Delete Post (CONTRACT.md section
 * 11); on a deleted post only Copy ID and Ban User.
 * Until first used it is a plain button: a closed Radix menu, its delete dialog and
 * mutation on each of a hundred replies were a fifth of a thread page's rendering.
 */
export function PostMenu(props: PostMenuProps) {
  return (
    <postMenu.Part
      {...props}
      trigger={
        <Button variant="ghost" size="icon" className="size-8" aria-label={`Actions for post ${props.post.id}`}>
          <SpriteIcon name="ellipsis" />
        </Button>
      }
    />
  );
}

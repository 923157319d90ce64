import { Ban, Copy, Flag, Hash, MoreHorizontal, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Post } from '../../../../shared/api.js';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../../components/ui/dropdown-menu';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { copyText } from '../../../lib/format';
import { useDeletePost } from '../api/delete-post';

interface PostMenuProps {
  post: Post;
  isAdmin: boolean;
  onReport: (postId: number) => void;
  onBan: (ipHash: string) => void;
}

async function copy(text: string, what: string) {
  if (await copyText(text)) toast({ title: 'Copied to clipboard', description: `${what} copied.` });
  else toast({ variant: 'destructive', title: 'Copy failed', description: `Failed to copy ${what.toLowerCase()} to clipboard` });
}

const triggerProps = (post: Post) => ({ variant: 'ghost', size: 'icon', className: 'size-8', 'aria-label': `Actions for post ${post.id}`, 'aria-haspopup': 'menu' }) as const;

/**
 * The per-post menu (SPEC.md section 2): Report, Copy Text, Copy ID; admins also Ban
 * User (with an ipHash) and Delete Post; on a deleted post only Copy ID and Ban User.
 * Until first opened it is a plain button: a closed Radix menu, its delete dialog and
 * mutation on each of a hundred replies were a fifth of a thread page's rendering.
 */
export function PostMenu(props: PostMenuProps) {
  const [used, setUsed] = useState(false);
  if (!used) {
    return (
      <Button {...triggerProps(props.post)} aria-expanded={false} onClick={() => setUsed(true)}>
        <MoreHorizontal aria-hidden="true" />
      </Button>
    );
  }
  return <OpenedPostMenu {...props} />;
}

/** The menu itself, mounted open on the first click (Enter and Space click a button too). */
function OpenedPostMenu({ post, isAdmin, onReport, onBan }: PostMenuProps) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeletePost(post.threadId);

  const onDelete = async () => {
    try {
      await remove.mutateAsync(post.id);
      setConfirming(false);
      toast({ title: 'Post deleted', description: 'The post has been successfully deleted' });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to delete post') });
    }
  };

  return (
    <>
      <DropdownMenu defaultOpen>
        <DropdownMenuTrigger asChild>
          <Button {...triggerProps(post)}>
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {!post.isDeleted && (
            <>
              <DropdownMenuItem onSelect={() => onReport(post.id)}>
                <Flag />
                Report
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => void copy(post.content, 'Text')}>
                <Copy />
                Copy Text
              </DropdownMenuItem>
            </>
          )}
          <DropdownMenuItem onSelect={() => void copy(String(post.id), 'ID')}>
            <Hash />
            Copy ID
          </DropdownMenuItem>
          {isAdmin && post.ipHash && (
            <DropdownMenuItem onSelect={() => onBan(post.ipHash ?? '')}>
              <Ban />
              Ban User
            </DropdownMenuItem>
          )}
          {isAdmin && !post.isDeleted && (
            <DropdownMenuItem variant="destructive" onSelect={() => setConfirming(true)}>
              <Trash2 />
              Delete Post
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete Post"
        description="Are you sure you want to delete this post? This action cannot be undone."
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={() => void onDelete()}
      />
    </>
  );
}

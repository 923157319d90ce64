import { Ban, Copy, Flag, Hash, Trash2, UserX } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../../components/ui/dropdown-menu';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { copyText } from '../../../lib/format';
import { useDeletePost } from '../api/delete-post';
import type { PostMenuProps } from './PostMenu';
import type { PartTrigger } from '../../../lib/on-first-use';

async function copy(text: string, what: string) {
  if (await copyText(text)) toast({ title: 'Copied to clipboard', description: `${what} copied.` });
  else toast({ variant: 'destructive', title: 'Copy failed', description: `Failed to copy ${what.toLowerCase()} to clipboard` });
}

/** The post menu itself (PostMenu.tsx), mounted open on first use (Enter and Space click a button too). */
export function PostMenuOpened({ post, isAdmin, onReport, onBan, onSuspendAuthor, trigger }: PostMenuProps & { trigger: PartTrigger }) {
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
        <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
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
          {isAdmin && onSuspendAuthor && post.isAnonymous && !post.isDeleted && (
            <DropdownMenuItem onSelect={() => onSuspendAuthor(post.id)}>
              <UserX />
              Suspend Author
            </DropdownMenuItem>
          )}
          {(isAdmin || post.isOwn) && !post.isDeleted && (
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

import { Ban, Flag, Lock, LockOpen, Pin, PinOff, Share2, Trash2, UserX } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from '../../../app/router';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '../../../components/ui/dropdown-menu';
import { toast } from '../../../components/ui/use-toast';
import { copyText } from '../../../lib/format';
import { useSetThreadFlag } from '../api/moderate-thread';
import { DeleteThreadDialog } from './DeleteThreadDialog';
import type { ThreadMenuProps } from './ThreadMenu';
import type { PartTrigger } from '../../../lib/on-first-use';

/** The thread page's menu itself (ThreadMenu.tsx), mounted open on first use. */
export function ThreadMenuOpened({ thread, user, onReport, onBan, onSuspendAuthor, trigger }: ThreadMenuProps & { trigger: PartTrigger }) {
  const flag = useSetThreadFlag();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const isAdmin = Boolean(user?.isAdmin);

  const share = async () => {
    const url = `${window.location.origin}/thread/${thread.id}`;
    if (typeof navigator.share === 'function' && window.matchMedia('(pointer: coarse)').matches) {
      try {
        await navigator.share({ title: thread.title, url });
        return;
      } catch {
        // Cancelled or refused: fall back to copying.
      }
    }
    if (await copyText(url)) toast({ title: 'Copied to clipboard', description: 'Link to this thread copied.' });
    else toast({ variant: 'destructive', title: 'Copy failed', description: 'Failed to copy the link to clipboard' });
  };

  const toggle = async (which: 'sticky' | 'lock') => {
    const value = which === 'sticky' ? !thread.isSticky : !thread.isLocked;
    try {
      await flag.mutateAsync({ id: thread.id, flag: which, value });
      const title = which === 'sticky' ? (value ? 'Thread stickied' : 'Thread unstickied') : value ? 'Thread locked' : 'Thread unlocked';
      toast({ title });
    } catch {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to update thread' });
    }
  };

  const onReportSelect = () => {
    if (!user) {
      toast({ variant: 'destructive', title: 'Authentication required', description: 'You must be logged in to report content.' });
      void navigate('/login');
      return;
    }
    onReport();
  };

  return (
    <>
      <DropdownMenu defaultOpen>
        <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-48">
          <DropdownMenuItem onSelect={onReportSelect}>
            <Flag />
            Report
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void share()}>
            <Share2 />
            Share Thread
          </DropdownMenuItem>
          {isAdmin && (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={() => void toggle('sticky')}>
                {thread.isSticky ? <PinOff /> : <Pin />}
                {thread.isSticky ? 'Unsticky' : 'Sticky'}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => void toggle('lock')}>
                {thread.isLocked ? <LockOpen /> : <Lock />}
                {thread.isLocked ? 'Unlock' : 'Lock'}
              </DropdownMenuItem>
              {thread.ipHash && (
                <DropdownMenuItem onSelect={() => onBan(thread.ipHash ?? '')}>
                  <Ban />
                  Ban User
                </DropdownMenuItem>
              )}
              {onSuspendAuthor && thread.isAnonymous && (
                <DropdownMenuItem onSelect={() => onSuspendAuthor(thread.id)}>
                  <UserX />
                  Suspend Author
                </DropdownMenuItem>
              )}
            </>
          )}
          {(isAdmin || thread.isOwn) && (
            <>
              {!isAdmin && <DropdownMenuSeparator />}
              <DropdownMenuItem variant="destructive" onSelect={() => setDeleting(true)}>
                <Trash2 />
                Delete Thread
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <DeleteThreadDialog thread={thread} open={deleting} onOpenChange={setDeleting} leaveTo={`/board/${thread.board.code}`} />
    </>
  );
}

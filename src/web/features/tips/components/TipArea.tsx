import { lazy, Suspense, useState } from 'react';
import { useNavigate } from '../../../app/router';
import type { CurrentUser } from '../../../../shared/api.js';
import { SpriteIcon } from '../../../components/icons/sprite';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { usePostTips } from '../api/get-post-tips';
import { useThreadTips } from '../api/get-thread-tips';
import { tipTargetLabel, type TipTarget } from '../tip-target';
import { TipSummaryCard } from './TipSummaryCard';

export type { TipTarget } from '../tip-target';

// The dialog brings the wallet code and the QR encoder: loaded on first use only, so the
// thread page's own JavaScript stays small.
const TipDialog = lazy(() => import('./TipDialog'));

/** Time to read the sign-in toast before going to the login page (as the reply form does). */
const LOGIN_REDIRECT_MS = 1500;

/**
 * The tip button and tips summary of a thread or a post. On a post it sits at the end of
 * the action row, the summary on a line of its own; on the thread the summary is always
 * shown ('No tips yet' when empty).
 */
export function TipArea({ target, user }: { target: TipTarget; user: CurrentUser | null }) {
  if (target.kind === 'thread') {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <TipButton target={target} user={user} />
        <ThreadTips threadId={target.threadId} />
      </div>
    );
  }
  return (
    <>
      <TipButton target={target} user={user} />
      <PostTips threadId={target.threadId} postId={target.postId} />
    </>
  );
}

function ThreadTips({ threadId }: { threadId: number }) {
  const tips = useThreadTips(threadId);
  return <TipSummaryCard label="Tips on this thread" className="basis-full" tips={tips.data} loading={tips.isPending} failed={tips.isError} />;
}

function PostTips({ threadId, postId }: { threadId: number; postId: number }) {
  const tips = usePostTips(threadId, postId);
  if (tips.isPending || (tips.data && tips.data.length === 0)) return null;
  return <TipSummaryCard label={`Tips on post #${postId}`} className="mt-1 basis-full" tips={tips.data} loading={false} failed={tips.isError} />;
}

function TipButton({ target, user }: { target: TipTarget; user: CurrentUser | null }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  // Mounted from the first click on, so a payment keeps running if the dialog is closed.
  const [loaded, setLoaded] = useState(false);
  if (target.isOwn) return null;

  const onClick = () => {
    if (!user) {
      toast({
        variant: 'destructive',
        title: 'Authentication required',
        description: 'You must be logged in to send a tip. Taking you to the sign-in page...',
      });
      window.setTimeout(() => void navigate('/login'), LOGIN_REDIRECT_MS);
      return;
    }
    setLoaded(true);
    setOpen(true);
  };

  return (
    <>
      <Button variant="ghost" size="sm" onClick={onClick} aria-label={`Tip ${tipTargetLabel(target)}`} aria-haspopup="dialog">
        <SpriteIcon name="hand-coins" />
        Tip
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <TipDialog target={target} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}

import { useState } from 'react';
import { SpriteIcon } from '../../../components/icons/sprite';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/utils';
import { useUserVote, useVote, type VoteTarget, type VoteType } from '../api/vote';

interface VoteArrowsProps {
  target: VoteTarget;
  upvotes: number;
  downvotes: number;
  /** The signed-in viewer's id; null for a visitor. */
  viewerId: number | null;
  /** The viewer's vote comes with one request for many targets (a thread's replies, a list page's threads): see useVotesInOneRequest. */
  askedInBatch?: boolean;
  orientation?: 'vertical' | 'horizontal';
  className?: string;
}

/**
 * 'Upvote' and 'Downvote' with the net score between (CONTRACT.md section 8). The
 * user's vote is highlighted; counts move at once and settle to the server's answer.
 */
export function VoteArrows({ target, upvotes, downvotes, viewerId, askedInBatch = false, orientation = 'vertical', className }: VoteArrowsProps) {
  const base = `${upvotes}/${downvotes}`;
  const signedIn = viewerId !== null;
  const userVote = useUserVote(target, viewerId, askedInBatch);
  const mutation = useVote(target, viewerId);
  // Counts shown instead of the props until the props change (a refetch brings the truth).
  const [local, setLocal] = useState<{ base: string; upvotes: number; downvotes: number } | null>(null);
  const counts = local && local.base === base ? local : { upvotes, downvotes };
  const score = counts.upvotes - counts.downvotes;

  const onVote = async (voteType: VoteType) => {
    if (!signedIn) {
      toast({ variant: 'destructive', title: 'Authentication required', description: 'You must be logged in to vote.' });
      return;
    }
    if (userVote === voteType) return; // voting the same way twice changes nothing
    const previous = counts;
    const optimistic = { ...counts };
    if (voteType === 1) optimistic.upvotes += 1;
    else optimistic.downvotes += 1;
    if (userVote === 1) optimistic.upvotes -= 1;
    if (userVote === -1) optimistic.downvotes -= 1;
    setLocal({ base, ...optimistic });
    try {
      const result = await mutation.mutateAsync({ target, voteType });
      setLocal({ base, ...result });
    } catch {
      setLocal({ base, ...previous });
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to vote' });
    }
  };

  const vertical = orientation === 'vertical';
  return (
    <div className={cn('flex items-center gap-0.5', vertical ? 'flex-col' : 'flex-row', className)}>
      <Button
        variant="ghost"
        size="icon"
        className={cn('size-8', userVote === 1 && 'bg-primary/10 text-primary hover:text-primary')}
        aria-label="Upvote"
        aria-pressed={userVote === 1}
        onClick={() => void onVote(1)}
      >
        <SpriteIcon name="arrow-big-up" className={cn('size-5', userVote === 1 && 'fill-current')} />
      </Button>
      <span className="min-w-6 text-center text-sm font-semibold tabular-nums" aria-live="polite" data-testid="vote-score">
        {score}
      </span>
      <Button
        variant="ghost"
        size="icon"
        className={cn('size-8', userVote === -1 && 'bg-destructive/10 text-destructive hover:text-destructive')}
        aria-label="Downvote"
        aria-pressed={userVote === -1}
        onClick={() => void onVote(-1)}
      >
        <SpriteIcon name="arrow-big-down" className={cn('size-5', userVote === -1 && 'fill-current')} />
      </Button>
    </div>
  );
}

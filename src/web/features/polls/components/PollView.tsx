import { ChartBar } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from '../../../app/router';
import type { Poll } from '../../../../shared/api.js';
import { pollIsClosed } from '../../../../shared/polls.js';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { CsrfField, renderNow, ServerFormMessage, useServerForm } from '../../../lib/page-state';
import { cn } from '../../../lib/utils';
import { useVotePoll } from '../api/vote-poll';

interface PollViewProps {
  poll: Poll;
  threadId: number;
  signedIn: boolean;
}

const percent = (votes: number, total: number) => (total === 0 ? 0 : Math.round((votes / total) * 100));

/** Why the counts are not shown to this viewer yet. */
function hiddenNote(poll: Poll): string {
  return poll.showResults === 'after-close' ? 'Results are shown when the poll closes.' : 'Results are shown once you have voted.';
}

/**
 * A thread's poll (CONTRACT.md section 14): its options as a form a signed-in reader
 * votes with (radio buttons, or boxes for a multiple-choice poll) and the counts when
 * they are shown to this viewer. Without JavaScript the form posts to the server's
 * ballot route (modules/pages/forms.ts) and comes back to the thread.
 */
export function PollView({ poll, threadId, signedIn }: PollViewProps) {
  const vote = useVotePoll(threadId);
  const served = useServerForm('poll');
  const closed = pollIsClosed(poll.closesAt, renderNow());
  const canVote = signedIn && !closed;
  const shown = poll.voters !== null;
  // Votes in a multiple-choice poll, counted per ballot: shares are of the voters, so they may add up past 100%.
  const total = poll.voters ?? 0;
  const mine = new Set(poll.myVote ?? []);
  const [error, setError] = useState<string | null>(null);
  const message = error ?? served?.errors.optionIds ?? null;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const optionIds = poll.options.filter((option) => data.has(`option-${option.id}`) || data.get('optionIds') === String(option.id)).map((option) => option.id);
    if (optionIds.length === 0) {
      setError('Choose at least one option');
      return;
    }
    setError(null);
    try {
      await vote.mutateAsync({ pollId: poll.id, optionIds });
      toast({ title: poll.myVote ? 'Vote changed' : 'Vote recorded' });
    } catch (failure) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(failure, 'Failed to vote') });
    }
  };

  return (
    <section id="poll" aria-labelledby="poll-question" className="grid gap-3 rounded-lg border bg-muted/30 p-4" data-testid="poll">
      <div className="grid gap-1">
        <h2 id="poll-question" className="flex items-center gap-2 text-lg font-semibold">
          <ChartBar className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          {poll.question}
        </h2>
        <p className="text-sm text-muted-foreground">
          {poll.multiple ? 'Choose any number of options' : 'Choose one option'}
          {' · '}
          {closed ? 'Closed' : poll.closesAt ? `Closes ${formatDate(poll.closesAt)}` : 'Open'}
          {shown && ` · ${total === 1 ? '1 voter' : `${total} voters`}`}
        </p>
      </div>
      <ServerFormMessage name="poll" />
      <form method="post" action={`/thread/${threadId}/poll/${poll.id}`} encType="multipart/form-data" onSubmit={(event) => void onSubmit(event)} className="grid gap-2">
        <CsrfField />
        <fieldset className="grid gap-2" disabled={!canVote || vote.isPending}>
          <legend className="sr-only">{poll.question}</legend>
          {poll.options.map((option) => {
            const share = option.votes === null ? null : percent(option.votes, total);
            return (
              <label key={option.id} className={cn('relative grid gap-1 overflow-hidden rounded-md border bg-background px-3 py-2', mine.has(option.id) && 'border-primary')}>
                {share !== null && <span aria-hidden="true" className="absolute top-0 bottom-0 left-0 bg-primary/10" style={{ width: `${share}%` }} />}
                <span className="relative flex items-center gap-2">
                  <input
                    type={poll.multiple ? 'checkbox' : 'radio'}
                    name={poll.multiple ? `option-${option.id}` : 'optionIds'}
                    value={poll.multiple ? 'on' : String(option.id)}
                    defaultChecked={mine.has(option.id)}
                    className="size-4 accent-primary"
                  />
                  <span className="min-w-0 flex-1 break-words">{option.text}</span>
                  {option.votes !== null && (
                    <span className="shrink-0 text-sm tabular-nums text-muted-foreground" data-testid="poll-count">
                      {option.votes} ({share}%)
                    </span>
                  )}
                </span>
              </label>
            );
          })}
        </fieldset>
        {message && (
          <p role="alert" className="text-sm text-destructive">
            {message}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-3">
          {canVote && (
            <Button type="submit" size="sm" disabled={vote.isPending}>
              {poll.myVote ? 'Change vote' : 'Vote'}
            </Button>
          )}
          {!signedIn && !closed && (
            <p className="text-sm text-muted-foreground">
              <Link to="/auth" className="text-primary underline underline-offset-4">
                Sign in
              </Link>{' '}
              to vote.
            </p>
          )}
          {!shown && <p className="text-sm text-muted-foreground">{hiddenNote(poll)}</p>}
          {closed && <p className="text-sm text-muted-foreground">This poll is closed.</p>}
        </div>
      </form>
    </section>
  );
}

import { useState } from 'react';
import type { Appeal } from '../../../../shared/api.js';
import { APPEAL_MAX, appealDecisionSchema } from '../../../../shared/schemas/moderation.js';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { LoadingRows } from '../../../components/ui/skeleton';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useDecideAppeal } from '../api/decide-appeal';
import { useAppeals } from '../api/get-appeals';

const STATUS_LABELS = { pending: 'Pending', accepted: 'Accepted', denied: 'Denied' } as const;
const SCOPE_LABELS = { ip: 'address', subnet: 'subnet', wide: 'wide range' } as const;

/** Appeals tab: banned visitors' appeals, pending first; accept (lifts the ban) or deny with a response. */
export function AppealsPanel() {
  const appeals = useAppeals();
  const pending = appeals.data ? pendingByBan(appeals.data) : new Map<number, number>();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Appeals</h2>
        </CardTitle>
        <CardDescription>
          Banned visitors asking for their ban to be lifted; behind a range ban, each person appeals on their own. Accepting lifts the ban for everyone it
          covers and closes its other appeals; a denial answers that person alone.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {appeals.isPending ? (
          <LoadingRows label="Loading appeals" rowClassName="h-24" />
        ) : appeals.isError ? (
          <p role="alert" className="text-sm text-destructive">
            The appeals could not be loaded.
          </p>
        ) : appeals.data.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">No appeals.</p>
        ) : (
          <ul className="grid gap-3">
            {appeals.data.map((appeal) => (
              <li key={appeal.id}>
                <AppealItem appeal={appeal} pendingOnBan={appeal.ban ? (pending.get(appeal.ban.id) ?? 0) : 0} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** How many pending appeals each ban has: a range ban covers several people, each with an appeal. */
function pendingByBan(appeals: Appeal[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const appeal of appeals) {
    if (appeal.status === 'pending' && appeal.ban) counts.set(appeal.ban.id, (counts.get(appeal.ban.id) ?? 0) + 1);
  }
  return counts;
}

function AppealItem({ appeal, pendingOnBan }: { appeal: Appeal; pendingOnBan: number }) {
  const labelId = `appeal-${appeal.id}`;
  return (
    <article aria-labelledby={labelId} className="grid gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <Badge variant={appeal.status === 'pending' ? 'default' : appeal.status === 'denied' ? 'destructive' : 'secondary'}>{STATUS_LABELS[appeal.status]}</Badge>
        <span id={labelId}>Appeal of {formatDate(appeal.createdAt)}</span>
        {appeal.ban ? (
          <span className="font-mono break-all">
            {appeal.ban.ipHash.slice(0, 12)}… ({SCOPE_LABELS[appeal.ban.scope]}
            {appeal.ban.reason ? `: ${appeal.ban.reason}` : ''}, {appeal.ban.expiresAt ? `until ${formatDate(appeal.ban.expiresAt)}` : 'permanent'})
          </span>
        ) : appeal.suspension ? (
          // An author suspension: named by its content, never by its author.
          <span>
            Author of {appeal.suspension.postId !== null ? `post #${appeal.suspension.postId} in ` : ''}thread #{appeal.suspension.threadId} (
            {appeal.suspension.reason}, {appeal.suspension.expiresAt ? `until ${formatDate(appeal.suspension.expiresAt)}` : 'permanent'})
          </span>
        ) : (
          <span>Ban lifted</span>
        )}
      </div>
      <p className="text-sm whitespace-pre-wrap">{appeal.message}</p>
      {appeal.status === 'pending' && pendingOnBan > 1 && (
        <p className="text-xs text-muted-foreground">
          {pendingOnBan - 1} other {pendingOnBan === 2 ? 'person has' : 'people have'} appealed this ban; accepting this appeal lifts the ban for all of them.
        </p>
      )}
      {appeal.status === 'pending' ? (
        <DecisionForm appeal={appeal} />
      ) : (
        <p className="text-xs text-muted-foreground">
          {appeal.response ? `Answered: ${appeal.response} · ` : ''}
          {appeal.decidedBy?.username ?? 'Deleted admin'}
          {appeal.decidedAt ? ` · ${formatDate(appeal.decidedAt)}` : ''}
        </p>
      )}
    </article>
  );
}

function DecisionForm({ appeal }: { appeal: Appeal }) {
  const [response, setResponse] = useState('');
  const [error, setError] = useState<string | null>(null);
  const decide = useDecideAppeal();
  const fieldId = `appeal-response-${appeal.id}`;

  const submit = async (status: 'accepted' | 'denied') => {
    const parsed = appealDecisionSchema.safeParse({ status, response });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Invalid input');
      return;
    }
    setError(null);
    try {
      await decide.mutateAsync({ id: appeal.id, ...parsed.data });
      toast({ title: status === 'accepted' ? 'Appeal accepted' : 'Appeal denied', description: status === 'accepted' ? 'The ban has been lifted.' : undefined });
    } catch (failure) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(failure, 'Failed to decide the appeal') });
    }
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor={fieldId}>
        Response <span className="font-normal text-muted-foreground">(the visitor sees it; needed to deny)</span>
      </Label>
      <Textarea
        id={fieldId}
        value={response}
        onChange={(event) => setResponse(event.target.value)}
        maxLength={APPEAL_MAX}
        rows={2}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
      />
      {error && (
        <p id={`${fieldId}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={decide.isPending} onClick={() => void submit('accepted')}>
          Accept
        </Button>
        <Button size="sm" variant="destructive" disabled={decide.isPending} onClick={() => void submit('denied')}>
          Deny
        </Button>
      </div>
    </div>
  );
}

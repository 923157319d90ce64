import { Link } from '../../../app/router';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { LoadingRows } from '../../../components/ui/skeleton';
import { formatDate } from '../../../lib/format';
import { useMyBan } from '../api/get-my-ban';
import { AppealForm } from './AppealForm';

const STATUS_LABELS = { pending: 'Pending review', accepted: 'Accepted', denied: 'Denied' } as const;

/** The ban page's content: the ban covering this address, and the appeal against it. */
export function BanDetails() {
  const mine = useMyBan();
  if (mine.isPending) return <LoadingRows label="Loading your ban" rowClassName="h-24" />;
  if (mine.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Your ban could not be loaded.
      </p>
    );
  }
  if (!mine.data) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>
            <h1>You are not banned</h1>
          </CardTitle>
          <CardDescription>Nothing stops you from posting from this address.</CardDescription>
        </CardHeader>
        <CardContent>
          <Link to="/" className="text-sm font-medium underline underline-offset-4">
            Return to Home
          </Link>
        </CardContent>
      </Card>
    );
  }
  const { ban, appeal } = mine.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h1>You are banned</h1>
        </CardTitle>
        <CardDescription>
          Posting, voting, tipping, reporting and signing in are closed to you. Reading stays open.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <dl className="grid gap-3 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
          <dt className="font-medium">Reason</dt>
          <dd>{ban.reason ?? 'No reason was given.'}</dd>
          <dt className="font-medium">Banned</dt>
          <dd>{formatDate(ban.bannedAt)}</dd>
          <dt className="font-medium">Expires</dt>
          <dd>{ban.expiresAt ? formatDate(ban.expiresAt) : 'Permanent'}</dd>
        </dl>
        {appeal ? (
          <section aria-labelledby="appeal-heading" className="grid gap-2 rounded-lg border p-4">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id="appeal-heading" className="font-semibold">
                Your appeal
              </h2>
              <Badge variant={appeal.status === 'denied' ? 'destructive' : 'secondary'}>{STATUS_LABELS[appeal.status]}</Badge>
            </div>
            <p className="text-sm whitespace-pre-wrap text-muted-foreground">{appeal.message}</p>
            {appeal.response && (
              <div className="grid gap-1 text-sm">
                <p className="font-medium">The moderators answered</p>
                <p className="whitespace-pre-wrap">{appeal.response}</p>
              </div>
            )}
          </section>
        ) : ban.appealable ? (
          <section aria-labelledby="appeal-heading" className="grid gap-3">
            <h2 id="appeal-heading" className="font-semibold">
              Appeal this ban
            </h2>
            <AppealForm />
          </section>
        ) : (
          // Not reached while appealable means "no appeal from this address" (each has its own); a safe fallback.
          <p className="text-sm text-muted-foreground">This ban cannot be appealed from this address.</p>
        )}
      </CardContent>
    </Card>
  );
}

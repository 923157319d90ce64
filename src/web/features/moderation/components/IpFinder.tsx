import { Ban as BanIcon, Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from '../../../app/router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { LoadingRows } from '../../../components/ui/skeleton';
import { useIpHashes } from '../api/get-ip-hashes';
import { BanDialog } from './BanDialog';
import { IpHashLabel } from './CopyHashButton';

/** IP Finder tab: the IP hashes a thread and its replies were posted from. */
export function IpFinder() {
  const [value, setValue] = useState('');
  const [threadId, setThreadId] = useState<number | null>(null);
  const [inputError, setInputError] = useState<string | null>(null);
  const [banHash, setBanHash] = useState<string | null>(null);
  const hashes = useIpHashes(threadId);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = value.trim();
    if (!/^\d+$/.test(trimmed) || Number(trimmed) < 1) {
      setInputError('Thread ID must be a number');
      return;
    }
    setInputError(null);
    setThreadId(Number(trimmed));
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>IP Finder</h2>
        </CardTitle>
        <CardDescription>Find the IP hashes a thread and its replies were posted from.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-2">
          <div className="grid gap-2">
            <Label htmlFor="ip-finder-thread">Thread ID</Label>
            <Input
              id="ip-finder-thread"
              inputMode="numeric"
              pattern="[0-9]*"
              value={value}
              onChange={(event) => setValue(event.target.value)}
              placeholder="e.g. 42"
              className="w-40"
              aria-invalid={inputError ? true : undefined}
              aria-describedby={inputError ? 'ip-finder-error' : undefined}
            />
          </div>
          <Button type="submit">
            <Search aria-hidden="true" />
            Find IPs
          </Button>
          {inputError && (
            <p id="ip-finder-error" className="basis-full text-sm text-destructive">
              {inputError}
            </p>
          )}
        </form>
        {threadId !== null &&
          (hashes.isPending ? (
            <LoadingRows label="Loading IP hashes" rowClassName="h-12" />
          ) : hashes.isError ? (
            <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm text-destructive">
              Failed to load thread data. Please check if the thread ID is valid.
            </p>
          ) : hashes.data.hashes.length === 0 ? (
            <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
              No IP hashes are recorded for thread #{hashes.data.threadId} (they are erased after 90 days).
            </p>
          ) : (
            <section className="grid gap-2" aria-labelledby="ip-finder-results">
              <h3 id="ip-finder-results" className="text-sm font-medium">
                IP hashes in{' '}
                <Link to={`/thread/${hashes.data.threadId}`} className="text-primary underline underline-offset-2">
                  thread #{hashes.data.threadId}
                </Link>
              </h3>
              <ul className="grid gap-2">
                {hashes.data.hashes.map((entry) => (
                  <li key={entry.ipHash} className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[1fr_auto] sm:items-center">
                    <div className="grid min-w-0 gap-1">
                      <IpHashLabel ipHash={entry.ipHash} />
                      <div className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
                        {entry.threadAuthored && <Badge variant="outline">Thread author</Badge>}
                        {entry.postIds.length > 0 && (
                          <span>
                            {entry.postIds.length === 1 ? 'Reply' : 'Replies'}{' '}
                            {entry.postIds.map((postId, index) => (
                              <span key={postId}>
                                {index > 0 && ', '}
                                <Link to={`/thread/${hashes.data.threadId}#post-${postId}`} className="text-primary underline underline-offset-2">
                                  #{postId}
                                </Link>
                              </span>
                            ))}
                          </span>
                        )}
                        {entry.isBanned && <Badge variant="destructive">Banned</Badge>}
                      </div>
                    </div>
                    {!entry.isBanned && (
                      <Button variant="destructive" size="sm" className="w-fit" onClick={() => setBanHash(entry.ipHash)} aria-label={`Ban ${entry.ipHash.slice(0, 12)}`}>
                        <BanIcon aria-hidden="true" />
                        Ban
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          ))}
      </CardContent>
      <BanDialog ipHash={banHash} wording="ip" onOpenChange={(open) => !open && setBanHash(null)} />
    </Card>
  );
}

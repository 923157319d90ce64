import { Navigate, useSearchParams } from '../app/router';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { useUser } from '../lib/auth/get-user';
import { useSavedThreads } from '../features/threads/api/saved';
import { ThreadList } from './parts/ThreadList';

/** /saved: the signed-in user's saved threads (from the user menu). */
export function SavedThreadsPage() {
  const user = useUser();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const saved = useSavedThreads(page);
  if (user.isPending) return <Spinner label="Loading" className="mx-auto my-16 size-6" />;
  if (!user.data) return <Navigate to="/auth" replace />;
  return (
    <div className="grid gap-4">
      <title>Saved threads · Hushboard</title>
      <h1 className="text-2xl font-bold tracking-tight">Saved threads</h1>
      <ThreadList
        query={saved}
        empty={<p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">You haven&apos;t saved any threads yet.</p>}
      />
      <div className="flex justify-center gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setParams({ page: String(page - 1) })}>
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={(saved.data?.length ?? 0) < 10} onClick={() => setParams({ page: String(page + 1) })}>
          Next
        </Button>
      </div>
    </div>
  );
}

import { Link, useSearchParams } from '../app/router';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card';
import { useUser } from '../lib/auth/get-user';
import { useBoards } from '../features/boards/api/get-boards';
import { ThreadForm } from '../features/threads/components/ThreadForm';

/**
 * /new-thread?board={code}: the New Thread form on a page of its own, where the 'New
 * Thread' buttons lead without JavaScript (with it they open the dialog instead). The
 * form posts to the same address (CONTRACT.md section 12).
 */
export function NewThreadPage() {
  const [params] = useSearchParams();
  const user = useUser().data ?? null;
  const boards = useBoards().data ?? [];
  return (
    <Card className="mx-auto w-full max-w-[600px] gap-5">
      <title>New Thread · Hushboard</title>
      <CardHeader>
        <CardTitle className="text-2xl tracking-tight">
          <h1>New Thread</h1>
        </CardTitle>
        <CardDescription>Create a new thread to start a discussion</CardDescription>
      </CardHeader>
      <CardContent>
        {user ? (
          <ThreadForm boards={boards} user={user} boardCode={params.get('board') ?? undefined} />
        ) : (
          <div className="grid justify-items-start gap-3">
            <p className="text-muted-foreground">You must be logged in to create a thread.</p>
            <Button asChild>
              <Link to="/auth">Log in or register</Link>
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

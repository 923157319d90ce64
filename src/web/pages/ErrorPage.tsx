import { Button } from '../components/ui/button';

/** Shown when a page fails to render; a full reload starts the app afresh. */
export function ErrorPage() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <title>Something went wrong · Hushboard</title>
      <h1 className="text-2xl font-semibold tracking-tight">Something went wrong</h1>
      <p className="max-w-sm text-muted-foreground">An unexpected error occurred. Please reload the page.</p>
      <Button variant="outline" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </div>
  );
}

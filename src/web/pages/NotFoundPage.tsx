import { Compass } from 'lucide-react';
import { Link } from '../app/router';
import { Button } from '../components/ui/button';

export function NotFoundPage() {
  return (
    <div className="flex flex-col items-center gap-4 py-24 text-center">
      <title>Page Not Found · Hushboard</title>
      <span className="flex size-16 items-center justify-center rounded-full bg-muted">
        <Compass className="size-8 text-muted-foreground" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-semibold tracking-tight">404 Page Not Found</h1>
      <p className="max-w-sm text-muted-foreground">The page you are looking for does not exist or has been moved.</p>
      <Button asChild variant="outline">
        <Link to="/">Return to Home</Link>
      </Button>
    </div>
  );
}

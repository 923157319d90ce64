import { MessageSquareLock } from 'lucide-react';
import { Link } from '../../app/router';

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-md font-semibold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <MessageSquareLock className="size-4" aria-hidden="true" />
      </span>
      <span className="text-lg max-[400px]:sr-only">Hushboard</span>
    </Link>
  );
}

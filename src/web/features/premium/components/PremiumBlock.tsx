import { Crown, LockOpen } from 'lucide-react';
import type { CurrentUser, ThreadDetail } from '../../../../shared/api.js';
import { Badge } from '../../../components/ui/badge';
import { Paywall } from './Paywall';
import { MarkdownBody } from '../../../components/markdown/MarkdownBody';

/** The premium part of a premium thread (SPEC.md section 4): the paywall, or the content once unlocked. */
export function PremiumBlock({ thread, user }: { thread: ThreadDetail; user: CurrentUser | null }) {
  if (!thread.isPremium) return null;
  // hasAccess comes from the server, which alone knows authors, admins, members and buyers.
  if (!thread.hasAccess) return <Paywall thread={thread} user={user} />;
  return (
    <section aria-labelledby="premium-content-heading" className="grid gap-3 rounded-lg border border-primary/30 bg-primary/5 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <Crown className="size-4 text-primary" aria-hidden="true" />
        <h2 id="premium-content-heading" className="font-semibold">
          Premium Content
        </h2>
        <Badge variant="success">
          <LockOpen aria-hidden="true" />
          Unlocked
        </Badge>
      </div>
      {thread.premiumContent ? (
        <MarkdownBody html={thread.premiumContentHtml ?? ''} className="text-sm leading-relaxed" />
      ) : (
        <p className="text-sm text-muted-foreground">The author has not added premium content yet.</p>
      )}
    </section>
  );
}

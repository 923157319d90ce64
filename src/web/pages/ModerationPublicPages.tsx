import { BanDetails } from '../features/bans/components/BanDetails';
import { PublicLog } from '../features/public-log/components/PublicLog';

// The two public pages of moderation, one module (one chunk): each alone is smaller than
// the build's minimum chunk size, and a folded page would have no chunk of its own.

/** /banned: where the app goes when an action answers that this address is banned (CONTRACT.md section 11). */
export function BannedPage() {
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6">
      <title>Banned · Hushboard</title>
      <BanDetails />
    </div>
  );
}

/** /moderation-log: the public record of moderation (CONTRACT.md section 11), linked from the footer. */
export function ModerationLogPage() {
  return (
    <div className="grid gap-6">
      <title>Moderation Log · Hushboard</title>
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">Moderation Log</h1>
        <p className="text-muted-foreground">
          Every moderation action: what was done, to what, and why. Who moderated and where anyone posted from are never shown.
        </p>
      </div>
      <PublicLog />
    </div>
  );
}

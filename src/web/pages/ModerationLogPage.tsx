import { PublicLog } from '../features/public-log/components/PublicLog';

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

import { BanDetails } from '../features/bans/components/BanDetails';

/** /banned: where the app goes when an action answers that this address is banned (CONTRACT.md section 11). */
export function BannedPage() {
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6">
      <title>Banned · Hushboard</title>
      <BanDetails />
    </div>
  );
}

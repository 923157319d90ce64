import { ChangePasswordCard } from './ChangePasswordCard';
import { RecoveryCodesCard } from './RecoveryCodesCard';
import { SessionsCard } from './SessionsCard';
import { TwoFactorCard } from './TwoFactorCard';

/** The account's credentials and sessions (CONTRACT.md section 15), for its owner's settings page. */
export function AccountSecurity({ userId }: { userId: number }) {
  return (
    <div className="grid gap-6">
      <TwoFactorCard userId={userId} />
      <RecoveryCodesCard userId={userId} />
      <ChangePasswordCard userId={userId} />
      <SessionsCard userId={userId} />
    </div>
  );
}

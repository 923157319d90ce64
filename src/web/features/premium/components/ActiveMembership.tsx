import { Crown } from 'lucide-react';
import type { CurrentUser } from '../../../../shared/api.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatDate } from '../../../lib/format';
import { BenefitList } from './BenefitList';

/** The notice an active member sees on /premium instead of the plans (SPEC.md section 2). */
export function ActiveMembership({ user }: { user: CurrentUser }) {
  return (
    <Card className="border-primary/40 bg-primary/5">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Crown className="size-5 text-primary" aria-hidden="true" />
          <h2 className="text-xl">You are a Premium Member!</h2>
        </CardTitle>
        <CardDescription>
          {user.membershipExpiresAt ? (
            <>
              Your membership is active until <time dateTime={user.membershipExpiresAt}>{formatDate(user.membershipExpiresAt)}</time>.
            </>
          ) : (
            'Your membership does not expire.'
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        <p className="text-sm font-medium">Your membership gives you:</p>
        <BenefitList />
      </CardContent>
    </Card>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { Crown } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Navigate } from '../app/router';
import { MEMBERSHIP_PLANS } from '../../shared/constants.js';
import { Alert, AlertDescription, AlertTitle } from '../components/ui/alert';
import { Skeleton } from '../components/ui/skeleton';
import { Spinner } from '../components/ui/spinner';
import { useUser } from '../lib/auth/get-user';
import { sharedKeys } from '../lib/query-keys';
import { useMembershipPlans } from '../features/premium/api/get-membership-plans';
import { ActiveMembership } from '../features/premium/components/ActiveMembership';
import { PlanCard } from '../features/premium/components/PlanCard';
import { isActiveMember, type PlanId } from '../features/premium/membership';
import { userKeys } from '../features/users/api/keys';

// The dialog pays through the wallet layer: loaded when a plan is chosen, not with the page.
const PlanDialog = lazy(() => import('../features/premium/components/PlanDialog').then((module) => ({ default: module.PlanDialog })));

/** /premium: login required (SPEC.md section 2, route table and premium membership). */
export function PremiumPage() {
  const queryClient = useQueryClient();
  const user = useUser();
  const plans = useMembershipPlans();
  const [chosen, setChosen] = useState<PlanId | null>(null);

  if (user.isPending) return <Spinner label="Loading" className="mx-auto my-16 size-6" />;
  if (!user.data) return <Navigate to="/auth" replace />;
  const viewer = user.data;
  // A membership changes the user (isPremium) and their profile's badge.
  const onPurchased = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: sharedKeys.currentUser() }),
      queryClient.invalidateQueries({ queryKey: userKeys.profile(viewer.id) }),
    ]);

  const paymentAddress = plans.data?.paymentAddress ?? null;
  const payable = plans.data !== undefined && paymentAddress !== null && plans.data.plans.every((plan) => Object.keys(plan.prices).length > 0);

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <title>Premium Membership · Hushboard</title>
      <header className="grid gap-2">
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight">
          <Crown className="size-6 text-primary" aria-hidden="true" />
          Premium Membership
        </h1>
        <p className="text-muted-foreground">Read every premium thread and publish your own, paid with your browser wallet.</p>
      </header>

      {isActiveMember(viewer) ? (
        <ActiveMembership user={viewer} />
      ) : plans.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2" aria-busy="true" aria-label="Loading plans">
          <Skeleton className="h-80" />
          <Skeleton className="h-80" />
        </div>
      ) : (
        <>
          {!payable && (
            <Alert variant="warning">
              <AlertTitle>Payments unavailable</AlertTitle>
              <AlertDescription>Payments are not available on this server right now.</AlertDescription>
            </Alert>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            {MEMBERSHIP_PLANS.map(({ id, usd }) => (
              <PlanCard key={id} plan={id} usd={plans.data?.plans.find((plan) => plan.id === id)?.usd ?? usd} disabled={!payable} onChoose={setChosen} />
            ))}
          </div>
          {chosen && plans.data && paymentAddress && (
            <Suspense fallback={null}>
              <PlanDialog plans={{ ...plans.data, paymentAddress }} initialPlan={chosen} onOpenChange={(open) => !open && setChosen(null)} onPurchased={onPurchased} />
            </Suspense>
          )}
        </>
      )}
    </div>
  );
}

import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useParams } from '../app/router';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card';
import { Skeleton } from '../components/ui/skeleton';
import { Spinner } from '../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { useUser } from '../lib/auth/get-user';
import { AccountSecurity } from '../features/account-security/components/AccountSecurity';
import { DeleteAccountCard } from '../features/auth/components/DeleteAccountCard';
import { AddressesCard } from '../features/crypto/components/AddressesCard';
import { PasskeysCard } from '../features/passkeys/components/PasskeysCard';
import { TipHistoryCard } from '../features/tips/components/TipHistoryCard';
import { useProfile } from '../features/users/api/get-profile';
import { ProfileForm } from '../features/users/components/ProfileForm';

/** /users/{id}/edit: login required; only the owner or an admin (SPEC.md section 2). */
export function ProfileEditPage() {
  const id = Number.parseInt(useParams().id ?? '', 10);
  const user = useUser();
  const viewer = user.data ?? null;
  const allowed = viewer !== null && (viewer.id === id || viewer.isAdmin);
  const profile = useProfile(allowed ? id : 0);
  const [tab, setTab] = useState('profile');

  if (user.isPending) return <Spinner label="Loading" className="mx-auto my-16 size-6" />;
  if (!viewer) return <Navigate to="/auth" replace />;
  if (!allowed) return <Navigate to={`/users/${id}`} replace />;
  // Addresses and sent tips are the signed-in user's own: an admin editing someone else sees only the profile.
  const isOwn = viewer.id === id;

  return (
    <div className="grid gap-6">
      <title>Edit Profile · Hushboard</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Edit Profile</h1>
        <Button asChild variant="outline" size="sm">
          <Link to={`/users/${id}`}>
            <ArrowLeft aria-hidden="true" />
            Back to Profile
          </Link>
        </Button>
      </div>
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="max-w-full overflow-x-auto">
          <TabsTrigger value="profile">Profile</TabsTrigger>
          {isOwn && <TabsTrigger value="addresses">Crypto Addresses</TabsTrigger>}
          {isOwn && <TabsTrigger value="tips">Tip History</TabsTrigger>}
          {isOwn && <TabsTrigger value="security">Security</TabsTrigger>}
        </TabsList>
        <TabsContent value="profile" className="pt-2">
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Profile</h2>
              </CardTitle>
              <CardDescription>{isOwn ? 'Change how others see you.' : `Editing ${profile.data?.username ?? 'this user'} as an admin.`}</CardDescription>
            </CardHeader>
            <CardContent>
              {profile.isPending ? (
                <div className="grid max-w-xl gap-3" aria-busy="true" aria-label="Loading profile">
                  <Skeleton className="h-9" />
                  <Skeleton className="h-24" />
                </div>
              ) : profile.isError ? (
                <p role="alert" className="text-sm text-destructive">
                  Error Loading Profile
                </p>
              ) : (
                <ProfileForm key={profile.data.id} profile={profile.data} />
              )}
            </CardContent>
          </Card>
          {isOwn && (
            <div className="mt-6">
              <PasskeysCard />
            </div>
          )}
          {/* Only one's own: DELETE /api/user deletes the caller's account. */}
          {isOwn && (
            <div className="mt-6">
              <DeleteAccountCard username={viewer.username} />
            </div>
          )}
        </TabsContent>
        {isOwn && (
          <TabsContent value="addresses" className="pt-2">
            <AddressesCard />
          </TabsContent>
        )}
        {isOwn && (
          <TabsContent value="tips" className="pt-2">
            <TipHistoryCard />
          </TabsContent>
        )}
        {isOwn && (
          <TabsContent value="security" className="pt-2">
            <AccountSecurity userId={viewer.id} />
          </TabsContent>
        )}
      </Tabs>
    </div>
  );
}

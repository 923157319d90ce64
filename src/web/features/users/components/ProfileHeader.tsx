import { Crown, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import type { FollowStats, UserProfile } from '../../../../shared/api.js';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';

const shortDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

interface ProfileHeaderProps {
  profile: UserProfile;
  stats: FollowStats | undefined;
  /** Follow / Unfollow and Edit Profile, chosen by the page. */
  actions?: ReactNode;
  /** The viewer's own profile: its figures count their anonymous content too, and say so. */
  isOwn?: boolean;
}

/** The top of a profile (SPEC.md section 2): avatar initials, name, badges, id, membership and stats. */
export function ProfileHeader({ profile, stats, actions, isOwn = false }: ProfileHeaderProps) {
  const initials = profile.username.slice(0, 2).toUpperCase();
  const premiumUntil = profile.isPremium && profile.membershipExpiresAt ? shortDate(profile.membershipExpiresAt) : null;
  return (
    <Card className="gap-5">
      <CardContent className="grid gap-5">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <div
            aria-hidden="true"
            className="flex size-16 shrink-0 items-center justify-center rounded-full bg-primary text-xl font-semibold text-primary-foreground sm:size-20 sm:text-2xl"
          >
            {initials}
          </div>
          <div className="grid min-w-0 flex-1 gap-1.5">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-2xl font-bold tracking-tight break-all">{profile.username}</h1>
              {profile.isAdmin && (
                <Badge variant="destructive">
                  <ShieldCheck aria-hidden="true" />
                  Admin
                </Badge>
              )}
              {profile.isPremium && (
                <Badge>
                  <Crown aria-hidden="true" />
                  Premium
                </Badge>
              )}
            </div>
            <p className="text-sm text-muted-foreground">User ID: {profile.id}</p>
            {premiumUntil && <p className="text-sm text-muted-foreground">Premium until {premiumUntil}</p>}
            {profile.bio && <p className="mt-1 text-sm whitespace-pre-wrap">{profile.bio}</p>}
          </div>
          {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Stat label="Followers" value={stats ? String(stats.followersCount) : '–'} />
          <Stat label="Following" value={stats ? String(stats.followingCount) : '–'} />
          <Stat label="Threads" value={String(profile.threadCount)} />
          <Stat label="Joined" value={shortDate(profile.createdAt)} />
        </dl>
        {isOwn && profile.countsIncludeAnonymous && (
          <p className="text-xs text-muted-foreground">Your counts include your anonymous threads and posts; others see only your signed ones.</p>
        )}
      </CardContent>
    </Card>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-0.5 rounded-lg border bg-muted/40 px-3 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-base font-semibold sm:text-lg sm:whitespace-nowrap" data-testid={`stat-${label.toLowerCase()}`}>
        {value}
      </dd>
    </div>
  );
}

export function ProfileHeaderSkeleton() {
  return (
    <Card aria-busy="true" aria-label="Loading profile">
      <CardContent className="grid gap-5">
        <div className="flex items-center gap-4">
          <Skeleton className="size-20 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-7 w-48" />
            <Skeleton className="h-4 w-24" />
          </div>
        </div>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-14" />
          ))}
        </div>
      </CardContent>
    </Card>
  );
}

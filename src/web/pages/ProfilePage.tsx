import { Pencil } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from '../app/router';
import { Button } from '../components/ui/button';
import { LoadingRows } from '../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { useUser } from '../lib/auth/get-user';
import { useActivities } from '../features/users/api/get-activities';
import { useFollowStats } from '../features/users/api/get-follow-stats';
import { useProfile } from '../features/users/api/get-profile';
import { PROFILE_POSTS_PER_PAGE, useUserPosts } from '../features/users/api/get-user-posts';
import { PROFILE_THREADS_PER_PAGE, useUserThreads } from '../features/users/api/get-user-threads';
import { ActivityTimeline } from '../features/users/components/ActivityTimeline';
import { FollowButton } from '../features/users/components/FollowButton';
import { ProfileHeader, ProfileHeaderSkeleton } from '../features/users/components/ProfileHeader';
import { UserPostCard } from '../features/users/components/UserPostCard';
import { UserThreadCard } from '../features/users/components/UserThreadCard';

/** /users/{id} (SPEC.md section 2, Profile). */
export function ProfilePage() {
  const id = Number.parseInt(useParams().id ?? '', 10);
  const valid = Number.isInteger(id) && id > 0;
  const viewer = useUser().data ?? null;
  const profile = useProfile(valid ? id : 0);
  const stats = useFollowStats(valid ? id : 0);
  const [tab, setTab] = useState('threads');

  if (!valid || profile.isError) {
    return (
      <div role="alert" className="mx-auto grid max-w-md gap-3 py-16 text-center">
        <title>Error Loading Profile · Hushboard</title>
        <h1 className="text-2xl font-bold tracking-tight">Error Loading Profile</h1>
        <p className="text-muted-foreground">This user could not be found, or the profile could not be loaded.</p>
        <Button asChild variant="outline" className="mx-auto">
          <Link to="/">Back to Home</Link>
        </Button>
      </div>
    );
  }
  if (profile.isPending) return <ProfileHeaderSkeleton />;

  const user = profile.data;
  const isOwn = viewer?.id === user.id;
  const actions: ReactNode = isOwn ? (
    <Button asChild variant="outline">
      <Link to={`/users/${user.id}/edit`}>
        <Pencil aria-hidden="true" />
        Edit Profile
      </Link>
    </Button>
  ) : viewer ? (
    <FollowButton userId={user.id} username={user.username} />
  ) : null;

  return (
    <div className="grid gap-6">
      <title>{`${user.username} · Hushboard`}</title>
      <ProfileHeader profile={user} stats={stats.data} actions={actions} isOwn={isOwn} />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          <TabsTrigger value="threads">Threads</TabsTrigger>
          <TabsTrigger value="posts">Posts</TabsTrigger>
          {isOwn && <TabsTrigger value="activity">Activity</TabsTrigger>}
        </TabsList>
        <TabsContent value="threads" className="pt-2">
          <ThreadsTab userId={user.id} isOwn={isOwn} />
        </TabsContent>
        <TabsContent value="posts" className="pt-2">
          <PostsTab userId={user.id} isOwn={isOwn} />
        </TabsContent>
        {isOwn && (
          <TabsContent value="activity" className="pt-2">
            <ActivityTab userId={user.id} />
          </TabsContent>
        )}
      </Tabs>
    </div>
  );
}

/**
 * On the owner's own profile the server lists their anonymous threads and replies too
 * (CONTRACT.md section 4), each marked Anonymous; say that no one else sees them here.
 */
function AnonymousNote({ what }: { what: 'threads' | 'replies' }) {
  return (
    <p className="text-xs text-muted-foreground">
      Your {what} marked Anonymous are shown here to you alone: anyone else on your profile sees only your named {what}.
    </p>
  );
}

function ThreadsTab({ userId, isOwn }: { userId: number; isOwn: boolean }) {
  const [page, setPage] = useState(1);
  const threads = useUserThreads(userId, page);
  return (
    <ListState query={threads} empty={page === 1 ? 'No threads yet.' : ''} label="threads">
      {(data) => (
        <>
          {isOwn && data.some((thread) => thread.isAnonymous) && <AnonymousNote what="threads" />}
          <ul className="grid gap-3">
            {data.map((thread) => (
              <li key={thread.id}>
                <UserThreadCard thread={thread} />
              </li>
            ))}
          </ul>
          <Pager page={page} onPage={setPage} hasNext={data.length >= PROFILE_THREADS_PER_PAGE} />
        </>
      )}
    </ListState>
  );
}

function PostsTab({ userId, isOwn }: { userId: number; isOwn: boolean }) {
  const [page, setPage] = useState(1);
  const posts = useUserPosts(userId, page);
  return (
    <ListState query={posts} empty={page === 1 ? 'No posts yet.' : ''} label="posts">
      {(data) => (
        <>
          {isOwn && data.some((post) => post.isAnonymous) && <AnonymousNote what="replies" />}
          <ul className="grid gap-3">
            {data.map((post) => (
              <li key={post.id}>
                <UserPostCard post={post} />
              </li>
            ))}
          </ul>
          <Pager page={page} onPage={setPage} hasNext={data.length >= PROFILE_POSTS_PER_PAGE} />
        </>
      )}
    </ListState>
  );
}

function ActivityTab({ userId }: { userId: number }) {
  const activities = useActivities(userId, true);
  if (activities.isPending) return <ListSkeleton label="activity" />;
  if (activities.isError) {
    return (
      <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm text-destructive">
        Unable to load activity data. You must be logged in to view your activity.
      </p>
    );
  }
  return <ActivityTimeline activities={activities.data} />;
}

interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  data: T[] | undefined;
}

function ListState<T>({ query, empty, label, children }: { query: ListQuery<T>; empty: string; label: string; children: (data: T[]) => ReactNode }) {
  if (query.isPending) return <ListSkeleton label={label} />;
  if (query.isError || !query.data) {
    return (
      <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm text-destructive">
        The {label} could not be loaded. Please try again.
      </p>
    );
  }
  if (query.data.length === 0 && empty) return <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">{empty}</p>;
  return <div className="grid gap-4">{children(query.data)}</div>;
}

function ListSkeleton({ label }: { label: string }) {
  return (
    <LoadingRows label={`Loading ${label}`} rows={3} rowClassName="h-24" className="gap-3" />
  );
}

function Pager({ page, onPage, hasNext }: { page: number; onPage: (page: number) => void; hasNext: boolean }) {
  return (
    <nav aria-label="Pages" className="flex items-center justify-center gap-3">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="text-sm text-muted-foreground">Page {page}</span>
      <Button variant="outline" size="sm" disabled={!hasNext} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

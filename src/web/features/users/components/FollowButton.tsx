import { UserCheck, UserPlus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { useSetFollowing } from '../api/follow-user';
import { useIsFollowing } from '../api/get-is-following';

/** Follow / Unfollow on someone else's profile (signed-in users only; the page decides). */
export function FollowButton({ userId, username }: { userId: number; username: string }) {
  const following = useIsFollowing(userId, true);
  const setFollowing = useSetFollowing();
  const isFollowing = following.data?.isFollowing ?? false;

  const onClick = async () => {
    try {
      await setFollowing.mutateAsync({ id: userId, follow: !isFollowing });
      toast({ title: 'Success', description: isFollowing ? `You unfollowed ${username}` : `You are now following ${username}` });
    } catch {
      toast({ variant: 'destructive', title: isFollowing ? 'Failed to unfollow user' : 'Failed to follow user' });
    }
  };

  return (
    <Button variant={isFollowing ? 'outline' : 'default'} disabled={following.isPending || setFollowing.isPending} onClick={() => void onClick()}>
      {isFollowing ? <UserCheck aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
      {isFollowing ? 'Unfollow' : 'Follow'}
    </Button>
  );
}

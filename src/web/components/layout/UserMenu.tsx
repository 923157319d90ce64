import { Link } from '../../app/router';
import type { CurrentUser } from '../../../shared/api.js';
import { useUser } from '../../lib/auth/get-user';
import { onFirstUse } from '../../lib/on-first-use';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';

const accountMenu = onFirstUse(() => import('./AccountMenuOpened').then((module) => module.AccountMenuOpened));

/** SPEC.md section 2, user menu: a spinner while the session loads, then login or the account menu. */
export function UserMenu() {
  const { data: user, isPending } = useUser();
  if (isPending) return <Spinner label="Loading user" className="mx-2" />;
  if (!user) {
    return (
      <Button asChild size="sm">
        <Link to="/auth">Login / Register</Link>
      </Button>
    );
  }
  return <AccountMenu user={user} />;
}

function AccountMenu({ user }: { user: CurrentUser }) {
  const initials = user.username.slice(0, 2).toUpperCase();
  return (
    <accountMenu.Part
      user={user}
      trigger={
        <Button size="icon" aria-label={`${initials}, user menu`} aria-haspopup="menu" className="rounded-full text-xs font-semibold">
          {initials}
        </Button>
      }
    />
  );
}

import { Link } from '../../app/router';
import type { CurrentUser } from '../../../shared/api.js';
import { useUser } from '../../lib/auth/get-user';
import { onFirstUse } from '../../lib/on-first-use';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';

const accountMenu = onFirstUse('menu', () => import('./AccountMenuOpened').then((module) => module.AccountMenuOpened));

/** SPEC.md section 2, user menu: a spinner while the session loads, then login or the account menu. */
export function UserMenu() {
  const { data: user, isPending } = useUser();
  if (isPending) return <Spinner label="Loading user" className="mx-2" />;
  if (!user) {
    return (
      <Button asChild size="sm">
        {/* Below 360 px the header has no room for the whole label; the name keeps it. */}
        <Link to="/auth" aria-label="Login / Register">
          Login<span className="max-[359px]:hidden"> / Register</span>
        </Link>
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
        <Button size="icon" aria-label={`${initials}, user menu`} className="rounded-full text-xs font-semibold">
          {initials}
        </Button>
      }
    />
  );
}

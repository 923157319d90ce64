import { Bookmark, Crown, LogOut, ShieldCheck, User } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from '../../app/router';
import type { CurrentUser } from '../../../shared/api.js';
import { useLogout } from '../../lib/auth/logout';
import { errorMessage } from '../../lib/api-client';
import { Badge } from '../ui/badge';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';
import { toast } from '../ui/use-toast';
import type { PartTrigger } from '../../lib/on-first-use';

/** The account menu itself (UserMenu.tsx), mounted open on first use. */
export function AccountMenuOpened({ user, trigger }: { user: CurrentUser; trigger: PartTrigger }) {
  const [open, setOpen] = useState(true);
  const logout = useLogout();
  const navigate = useNavigate();

  const onLogout = async (event: Event) => {
    event.preventDefault(); // keep the menu open to show 'Logging out...'
    try {
      await logout.mutateAsync();
      setOpen(false);
      toast({ title: 'Logged out', description: 'You have been successfully logged out' });
      await navigate('/auth');
    } catch (error) {
      toast({ variant: 'destructive', title: 'Logout failed', description: errorMessage(error, 'Please try again') });
    }
  };

  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="grid gap-0.5">
          <span className="truncate">{user.username}</span>
          <span className="text-xs font-normal text-muted-foreground">{user.isPremium ? 'Premium Member' : 'Member'}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={`/users/${user.id}`}>
            <User />
            Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/saved">
            <Bookmark />
            Saved threads
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/premium">
            <Crown />
            {user.isPremium ? 'Manage Premium' : 'Get Premium'}
            {user.isPremium && (
              <Badge variant="success" className="ml-auto">
                Active
              </Badge>
            )}
          </Link>
        </DropdownMenuItem>
        {user.isAdmin && (
          <DropdownMenuItem asChild>
            <Link to="/mod">
              <ShieldCheck />
              Moderation Panel
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" disabled={logout.isPending} onSelect={onLogout}>
          <LogOut />
          {logout.isPending ? 'Logging out...' : 'Log out'}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

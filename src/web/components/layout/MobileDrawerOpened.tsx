import { Crown, Home } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from '../../app/router';
import { useUser } from '../../lib/auth/get-user';
import { BoardIcon } from './BoardIcon';
import { cn } from '../../lib/utils';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '../ui/dialog';
import { Skeleton } from '../ui/skeleton';
import type { BoardsNav } from './BoardSidebar';
import { MOBILE_MENU_EVENT } from './MobileDrawer';
import type { PartTrigger } from '../../lib/on-first-use';

/** The mobile menu drawer itself (MobileDrawer.tsx), mounted open on first use. */
export function MobileDrawerOpened({ trigger, boards }: { trigger: PartTrigger; boards: BoardsNav }) {
  const { pathname } = useLocation();
  // Open for one path only: navigating anywhere closes it.
  const [openOn, setOpenOn] = useState<string | null>(pathname);
  const open = openOn === pathname;
  const user = useUser().data ?? null;

  useEffect(() => {
    document.dispatchEvent(new CustomEvent(MOBILE_MENU_EVENT, { detail: { open } }));
  }, [open]);

  const linkClass = (active: boolean) =>
    cn('flex items-center gap-2 rounded-md px-2 py-2 text-sm hover:bg-accent', active && 'bg-accent font-medium text-accent-foreground');

  return (
    <Dialog open={open} onOpenChange={(next) => setOpenOn(next ? pathname : null)}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="top-0 left-0 h-dvh max-h-dvh w-72 max-w-[85vw] translate-x-0 translate-y-0 content-start rounded-none border-y-0 border-l-0 p-4">
        <DialogTitle>Menu</DialogTitle>
        <DialogDescription className="sr-only">Navigation and boards</DialogDescription>
        <div className="flex items-center gap-3 rounded-lg border bg-muted/40 p-3">
          {user ? (
            <>
              <span className="flex size-10 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
                {user.username.slice(0, 2).toUpperCase()}
              </span>
              <div className="grid min-w-0">
                <span className="truncate font-medium">{user.username}</span>
                <span className="text-xs text-muted-foreground">{user.isPremium ? 'Premium Member' : 'Member'}</span>
              </div>
            </>
          ) : (
            <Button asChild size="sm" className="w-full">
              <Link to="/auth">Login / Register</Link>
            </Button>
          )}
        </div>
        <nav aria-label="Mobile" className="grid gap-1">
          <Link to="/" className={linkClass(pathname === '/')}>
            <Home className="size-4" aria-hidden="true" />
            Home
          </Link>
          <Link to="/premium" className={linkClass(pathname === '/premium')}>
            <Crown className="size-4" aria-hidden="true" />
            Premium Membership
          </Link>
        </nav>
        <nav aria-label="Board list" className="grid gap-1">
          <h2 className="px-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">Boards</h2>
          {boards.isPending
            ? Array.from({ length: 5 }, (_, index) => <Skeleton key={index} className="mx-2 my-1 h-6" />)
            : boards.data?.map((board) => {
                const to = `/board/${board.code}`;
                return (
                  <Link key={board.id} to={to} className={linkClass(pathname === to)} aria-current={pathname === to ? 'page' : undefined}>
                    <BoardIcon board={board} className="size-4" />
                    <span className="font-mono">/{board.code}/</span>
                    <span className="truncate text-muted-foreground">{board.name}</span>
                  </Link>
                );
              })}
        </nav>
      </DialogContent>
    </Dialog>
  );
}

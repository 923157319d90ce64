import { Flame, Clock, LayoutGrid } from 'lucide-react';
import { Link, useLocation } from '../../app/router';
import type { Board } from '../../../shared/api.js';
import { BoardIcon } from './BoardIcon';
import { cn } from '../../lib/utils';
import { Skeleton } from '../ui/skeleton';

/** The boards list as the navigation shows it: skeletons while pending (the app shell passes the query). */
export interface BoardsNav {
  isPending: boolean;
  data?: Board[] | undefined;
}

const SKELETON_ROWS = 5;
const mainLinks = [
  { to: '/', label: 'All Boards', icon: LayoutGrid },
  { to: '/popular', label: 'Popular', icon: Flame },
  { to: '/recent', label: 'Recent', icon: Clock },
] as const;

const linkClasses = (active: boolean) =>
  cn(
    'flex items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
    active ? 'bg-accent font-medium text-accent-foreground' : 'text-foreground/80',
  );

/** Desktop board navigation (SPEC.md section 2): 'Boards', Main and Categories, sticky under the header. */
export function BoardSidebar({ boards }: { boards: BoardsNav }) {
  const { pathname } = useLocation();
  return (
    <aside aria-label="Boards" className="sticky top-[73px] hidden max-h-[calc(100dvh-89px)] w-60 shrink-0 self-start overflow-y-auto rounded-xl border bg-card p-3 md:block lg:w-72">
      <h2 className="px-2 pb-2 text-base font-semibold">Boards</h2>
      <nav aria-label="Main" className="grid gap-0.5">
        <h3 className="px-2 pt-1 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">Main</h3>
        {mainLinks.map(({ to, label, icon: Icon }) => (
          <Link key={to} to={to} className={linkClasses(pathname === to)} aria-current={pathname === to ? 'page' : undefined}>
            <Icon className="size-4" aria-hidden="true" />
            <span className="font-mono">{to}</span>
            <span className="text-muted-foreground">({label})</span>
          </Link>
        ))}
      </nav>
      <nav aria-label="Categories" className="mt-3 grid gap-0.5">
        <h3 className="px-2 pt-1 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">Categories</h3>
        {boards.isPending
          ? Array.from({ length: SKELETON_ROWS }, (_, index) => <Skeleton key={index} className="mx-2 my-1.5 h-5" />)
          : boards.data?.map((board) => {
              const to = `/board/${board.code}`;
              const active = pathname === to;
              return (
                <Link key={board.id} to={to} className={linkClasses(active)} aria-current={active ? 'page' : undefined}>
                  <BoardIcon board={board} className="size-4 shrink-0" />
                  <span className="truncate">
                    /{board.code}/ - {board.name}
                  </span>
                </Link>
              );
            })}
      </nav>
    </aside>
  );
}

/** Mobile board strip (SPEC.md section 2): every board as '/{code}/' in a horizontal scroller. */
export function BoardStrip({ boards }: { boards: BoardsNav }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Boards" className="-mx-4 overflow-x-auto border-b px-4 pb-3 md:hidden">
      <ul className="flex w-max gap-2">
        {boards.isPending
          ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
              // Keys of their own: a board's pill is a new element, not a skeleton that moves (CLS).
              <li key={`skeleton-${index}`}>
                <Skeleton className="h-8 w-[4.5rem] rounded-full" />
              </li>
            ))
          : boards.data?.map((board) => {
              const to = `/board/${board.code}`;
              const active = pathname === to;
              return (
                <li key={board.id}>
                  <Link
                    to={to}
                    aria-current={active ? 'page' : undefined}
                    aria-label={`/${board.code}/ - ${board.name}`}
                    className={cn(
                      'flex h-8 items-center gap-1.5 rounded-full border px-3 font-mono text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                      active ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-accent',
                    )}
                  >
                    <BoardIcon board={board} className="size-3.5" />/{board.code}/
                  </Link>
                </li>
              );
            })}
      </ul>
    </nav>
  );
}

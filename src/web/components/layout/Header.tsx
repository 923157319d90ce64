import { Plus, Search, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useLocation } from '../../app/router';
import { Button } from '../ui/button';
import type { PartTrigger } from '../../lib/on-first-use';
import { Logo } from './Logo';
import { SearchBox } from './SearchBox';
import { ThemeMenu } from './ThemeMenu';
import { UserMenu } from './UserMenu';

interface HeaderProps {
  /** The mobile menu (MobileDrawer with the boards). */
  drawer: ReactNode;
  /** The New Thread dialog around its trigger button (the app shell composes the threads feature in). */
  newThread: (trigger: PartTrigger) => ReactNode;
  /** The notifications bell, for signed-in users (the app shell composes the notifications feature in). */
  notifications?: ReactNode;
}

export function Header({ drawer, newThread, notifications }: HeaderProps) {
  const { pathname } = useLocation();
  const [searchOpenOn, setSearchOpenOn] = useState<string | null>(null);
  const searchOpen = searchOpenOn === pathname; // closes on route change

  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-2 px-3 sm:gap-4 sm:px-6">
        <div className="flex items-center gap-1">
          {drawer}
          <Logo />
        </div>
        <SearchBox id="header-search" className="hidden w-full max-w-sm md:block" />
        <nav aria-label="Account" className="flex items-center gap-1 sm:gap-2">
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label={searchOpen ? 'Close search' : 'Search'}
            aria-expanded={searchOpen}
            aria-controls="mobile-search"
            onClick={() => setSearchOpenOn(searchOpen ? null : pathname)}
          >
            {searchOpen ? <X aria-hidden="true" /> : <Search aria-hidden="true" />}
          </Button>
          {/* A link to the new-thread page (it works without JavaScript), a button opening the dialog with it. */}
          {newThread(
            <Button asChild size="sm" variant="outline" className="max-sm:size-9 max-sm:px-0">
              <a href="/new-thread" role="button" aria-label="New Thread">
                <Plus aria-hidden="true" />
                <span className="max-sm:sr-only">New Thread</span>
              </a>
            </Button>,
          )}
          {notifications}
          <ThemeMenu />
          <UserMenu />
        </nav>
      </div>
      {searchOpen && (
        <div id="mobile-search" className="border-t px-3 py-2 md:hidden">
          <SearchBox id="mobile-search-input" autoFocus />
        </div>
      )}
    </header>
  );
}

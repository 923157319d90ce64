import { Logo } from './Logo';
import { ThemeMenu } from './ThemeMenu';
import { UserMenu } from './UserMenu';

export function Header() {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Account" className="flex items-center gap-1 sm:gap-2">
          <ThemeMenu />
          <UserMenu />
        </nav>
      </div>
    </header>
  );
}

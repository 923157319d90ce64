import { Moon, Sun } from 'lucide-react';
import { onFirstUse } from '../../lib/on-first-use';
import { Button } from '../ui/button';

const themeMenu = onFirstUse('menu', () => import('./ThemeMenuOpened').then((module) => module.ThemeMenuOpened));

/** Colour mode, and the custom colour themes behind their switch (SPEC.md section 2). */
export function ThemeMenu() {
  return (
    <themeMenu.Part
      trigger={
        <Button variant="ghost" size="icon" aria-label="Theme">
          <Sun className="dark:hidden" aria-hidden="true" />
          <Moon className="hidden dark:block" aria-hidden="true" />
        </Button>
      }
    />
  );
}

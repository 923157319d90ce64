import { Monitor, Moon, Palette, Sun } from 'lucide-react';
import { COLOR_THEMES, setColorTheme, setCustomThemeEnabled, useColorTheme, useCustomThemeEnabled, type ColorThemeId } from '../../lib/color-theme';
import { COLOR_MODES, setColorMode, useColorMode, type ColorMode } from '../../lib/theme';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuSwitchItem,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';
import type { PartTrigger } from '../../lib/on-first-use';

const labels: Record<ColorMode, string> = { light: 'Light', dark: 'Dark', system: 'System' };
const icons = { light: Sun, dark: Moon, system: Monitor } as const;

/** The theme menu itself (ThemeMenu.tsx), mounted open on first use. */
export function ThemeMenuOpened({ trigger }: { trigger: PartTrigger }) {
  const mode = useColorMode();
  const theme = useColorTheme();
  const custom = useCustomThemeEnabled();
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel>Color Mode</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={mode} onValueChange={(value) => setColorMode(value as ColorMode)}>
          {COLOR_MODES.map((value) => {
            const Icon = icons[value];
            return (
              <DropdownMenuRadioItem key={value} value={value}>
                <Icon />
                {labels[value]}
              </DropdownMenuRadioItem>
            );
          })}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuSwitchItem checked={custom} onCheckedChange={(on) => setCustomThemeEnabled(on)} onSelect={(event) => event.preventDefault()}>
          Custom Theme Colors
        </DropdownMenuSwitchItem>
        <DropdownMenuLabel className="flex items-center gap-2 text-xs text-muted-foreground">
          <Palette className="size-3.5" aria-hidden="true" />
          Color Theme
        </DropdownMenuLabel>
        <DropdownMenuRadioGroup value={theme} onValueChange={(value) => setColorTheme(value as ColorThemeId)}>
          {COLOR_THEMES.map(({ id, name }) => (
            <DropdownMenuRadioItem key={id} value={id} disabled={!custom}>
              <span aria-hidden="true" className="size-3 rounded-full border" data-swatch={id} />
              {name}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

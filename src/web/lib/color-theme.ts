// Colour themes (SPEC.md sections 2-3, CONTRACT.md section 8): five palettes, used only
// while 'Custom Theme Colors' is on; stored under 'app-theme' and
// 'custom-theme-enabled', synced across tabs. public/theme-init.js applies them
// before first paint; index.css holds the colours (each checked for AA contrast).
import { useSyncExternalStore } from 'react';

export const COLOR_THEMES = [
  { id: 'default', name: 'Default' },
  { id: 'forest', name: 'Forest' },
  { id: 'sunset', name: 'Sunset' },
  { id: 'ocean', name: 'Ocean' },
  { id: 'midnight', name: 'Midnight' },
] as const;
export type ColorThemeId = (typeof COLOR_THEMES)[number]['id'];

const THEME_KEY = 'app-theme';
const ENABLED_KEY = 'custom-theme-enabled';
const CHANGE_EVENT = 'hushboard:color-theme';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Not persisted; still applied to this page.
  }
}

export function getColorTheme(): ColorThemeId {
  const stored = read(THEME_KEY);
  return COLOR_THEMES.some((theme) => theme.id === stored) ? (stored as ColorThemeId) : 'default';
}

export function getCustomThemeEnabled(): boolean {
  return read(ENABLED_KEY) === 'true';
}

function apply(): void {
  const theme = getCustomThemeEnabled() ? getColorTheme() : 'default';
  if (theme === 'default') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}

function changed(): void {
  apply();
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function setColorTheme(id: ColorThemeId): void {
  write(THEME_KEY, id);
  changed();
}

export function setCustomThemeEnabled(enabled: boolean): void {
  write(ENABLED_KEY, String(enabled));
  changed();
}

/** Follows the other tabs. Call once at start. */
export function watchColorTheme(): void {
  apply();
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_KEY || event.key === ENABLED_KEY || event.key === null) changed();
  });
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => window.removeEventListener(CHANGE_EVENT, onChange);
}

export const useColorTheme = () => useSyncExternalStore(subscribe, getColorTheme, () => 'default' as ColorThemeId);
export const useCustomThemeEnabled = () => useSyncExternalStore(subscribe, getCustomThemeEnabled, () => false);

// Colour mode (SPEC.md sections 3-4): light, dark or system, stored under 'theme',
// synced across tabs. public/theme-init.js applies it before first paint.
import { useSyncExternalStore } from 'react';

export type ColorMode = 'light' | 'dark' | 'system';
export const COLOR_MODES: readonly ColorMode[] = ['light', 'dark', 'system'];

const STORAGE_KEY = 'theme';
const CHANGE_EVENT = 'hushboard:color-mode';
const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

function isColorMode(value: unknown): value is ColorMode {
  return typeof value === 'string' && (COLOR_MODES as readonly string[]).includes(value);
}

export function getColorMode(): ColorMode {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isColorMode(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

function applyColorMode(mode: ColorMode): void {
  const dark = mode === 'dark' || (mode === 'system' && darkQuery().matches);
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
}

export function setColorMode(mode: ColorMode): void {
  try {
    localStorage.setItem(STORAGE_KEY, mode);
  } catch {
    // Not persisted, but still applied to this page.
  }
  applyColorMode(mode);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Keeps the page in step with the system preference and with other tabs. Call once at start. */
export function watchColorMode(): void {
  darkQuery().addEventListener('change', () => applyColorMode(getColorMode()));
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY && event.key !== null) return;
    applyColorMode(getColorMode());
    window.dispatchEvent(new Event(CHANGE_EVENT));
  });
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => window.removeEventListener(CHANGE_EVENT, onChange);
}

export function useColorMode(): ColorMode {
  return useSyncExternalStore(subscribe, getColorMode, () => 'system');
}

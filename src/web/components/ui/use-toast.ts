// A tiny toast store in the shadcn style: one toast at a time (SPEC.md section 9),
// callable from anywhere with toast({...}).
import { useSyncExternalStore } from 'react';
import type { ToastVariant } from './toast';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastOptions {
  id: number;
  open: boolean;
}

const TOAST_LIMIT = 1;
/** How long a dismissed toast stays mounted (SPEC.md section 9); the next toast replaces it anyway. */
const REMOVE_DELAY_MS = 1_000_000;
const NEXT_PAGE_KEY = 'hushboard:toast-next-page';

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function setToasts(next: ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  setToasts(toasts.map((item) => (item.id === id ? { ...item, open: false } : item)));
  setTimeout(() => setToasts(toasts.filter((item) => item.id !== id)), REMOVE_DELAY_MS);
}

/** Until then toasts are not shown: a page that replaces the failed action's toast (the ban page) mutes them. */
let mutedUntil = 0;

export function muteToasts(forMs: number): void {
  mutedUntil = Date.now() + forMs;
  setToasts([]);
}

/**
 * Shows this toast and holds back the others for `forMs`: a notice that explains why an
 * action failed (the session ended) and that the action's own error toast would replace.
 */
export function toastOverOthers(options: ToastOptions, forMs: number): number {
  const id = nextId++;
  mutedUntil = Date.now() + forMs;
  setToasts([{ ...options, id, open: true }]);
  return id;
}

export function toast(options: ToastOptions): number {
  const id = nextId++;
  if (Date.now() < mutedUntil) return id;
  setToasts([{ ...options, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

/**
 * Shows a toast on the next page load: for success messages followed by a full
 * redirect (login, registration), which would otherwise wipe the toast away.
 */
export function toastOnNextPage(options: ToastOptions): void {
  try {
    sessionStorage.setItem(NEXT_PAGE_KEY, JSON.stringify(options));
  } catch {
    toast(options);
  }
}

/** Shows the toast left by toastOnNextPage, if any. Called once at start. */
export function showToastFromPreviousPage(): void {
  try {
    const stored = sessionStorage.getItem(NEXT_PAGE_KEY);
    if (!stored) return;
    sessionStorage.removeItem(NEXT_PAGE_KEY);
    const options = JSON.parse(stored) as Partial<ToastOptions>;
    if (typeof options.title === 'string') toast(options as ToastOptions);
  } catch {
    // Storage unavailable or unreadable: nothing to show.
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, () => toasts, () => toasts);
}

// The small indicator shown while a proof of work is solved: a polite live region
// (read once by screen readers, never taking focus, nothing to press) and a bar. Plain
// DOM, so any form's request shows it without the form knowing.

/** Work shorter than this shows nothing: no flash for the usual, quick case. */
const SHOW_AFTER_MS = 250;

export const POW_PROGRESS_TEXT = 'Checking this isn’t spam…';

export function showPowProgress(): { update(fraction: number): void; done(): void } {
  let fraction = 0;
  let box: HTMLDivElement | undefined;
  let bar: HTMLProgressElement | undefined;
  const timer = setTimeout(() => {
    box = document.createElement('div');
    box.className = 'fixed bottom-4 left-1/2 z-50 flex -translate-x-1/2 items-center gap-3 rounded-md border bg-background px-4 py-2 text-sm text-foreground shadow-lg';
    const status = document.createElement('p');
    status.setAttribute('role', 'status');
    bar = document.createElement('progress');
    bar.max = 1;
    bar.value = fraction;
    bar.className = 'h-2 w-24';
    bar.setAttribute('aria-label', 'Spam check progress');
    box.append(status, bar);
    document.body.append(box);
    // Filled once the region is in the page: text a live region is born with is not announced.
    requestAnimationFrame(() => (status.textContent = POW_PROGRESS_TEXT));
  }, SHOW_AFTER_MS);
  return {
    update(value) {
      fraction = value;
      if (bar) bar.value = value;
    },
    done() {
      clearTimeout(timer);
      box?.remove();
    },
  };
}

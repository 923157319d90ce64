import { afterEach, vi } from 'vitest';

// An error printed during a test is an error swallowed somewhere: it fails the test.
let printed: unknown[][] = [];
const original = console.error;
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  printed.push(args);
  original(...args);
});

afterEach(() => {
  const errors = printed;
  printed = [];
  if (errors.length > 0) throw new Error(`console.error was called during the test: ${errors.map((a) => a.join(' ')).join('\n')}`);
});

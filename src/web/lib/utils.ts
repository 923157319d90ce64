import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';
import { tailwindMergeConfig } from './tailwind-merge-subset-config';

// Not twMerge: its default config builds a map of every Tailwind class on the first call.
const merge = createTailwindMerge(tailwindMergeConfig);

/** Joins class names, letting later Tailwind classes override earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}

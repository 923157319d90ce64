// Types for scripts/keep-assets.mjs (its test is TypeScript).
export function builtFiles(webDir: string): string[];
export function saveAssets(webDir: string, stashDir: string): string[];
export function restoreAssets(webDir: string, stashDir: string): string[];

import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// `engines` must be honest: every installed package supports the oldest Node the project
// claims, or `npm install` warns EBADENGINE on a supported machine (cookie@2 wanted Node 22).
const root = new URL('../../', import.meta.url);
const project = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; optional?: boolean; dev?: boolean }>;
};

describe('engines', () => {
  it("every locked package runs on the oldest Node in package.json's engines", () => {
    const oldest = semver.minVersion(project.engines.node)!.version;
    const unsupported = Object.entries(lock.packages)
      .filter(([name, entry]) => name !== '' && entry.engines && !Array.isArray(entry.engines) && entry.engines.node)
      .filter(([, entry]) => !semver.satisfies(oldest, (entry.engines as { node: string }).node, { includePrerelease: true }))
      .map(([name, entry]) => `${name.replace(/^.*node_modules\//, '')}@${entry.version} wants node ${(entry.engines as { node: string }).node}`);
    expect(unsupported).toEqual([]);
  });
});

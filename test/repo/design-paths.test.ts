// docs/design.md sends readers to files: every src/…, test/… and docs/… path it names exists.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const DESIGN = readFileSync(join(ROOT, 'docs/design.md'), 'utf8');

/** `src/core/settings*` names every file that starts so; `src/core/flow/` a folder. */
function exists(path: string): boolean {
  if (!path.endsWith('*')) return existsSync(join(ROOT, path));
  const prefix = path.slice(0, -1);
  const folder = join(ROOT, dirname(prefix));
  const start = prefix.slice(dirname(prefix).length + 1);
  return existsSync(folder) && readdirSync(folder).some((name) => name.startsWith(start));
}

describe('docs/design.md', () => {
  const paths = [
    ...new Set([...DESIGN.matchAll(/\b(?:src|test|docs)\/[\w./*-]*[\w/*]/g)].map((match) => match[0])),
  ];

  it('names paths', () => {
    expect(paths.length).toBeGreaterThan(30);
  });

  it('names only paths that exist', () => {
    expect(paths.filter((path) => !exists(path))).toEqual([]);
  });
});

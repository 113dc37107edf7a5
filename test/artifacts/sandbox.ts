// A place for one extraction test: a base folder holding the artifacts root and a folder beside it that
// must never change, and the checks every test ends with: nothing written outside the root, no staging
// folder left, no link anywhere.
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';

export interface Sandbox {
  base: string;
  root: string;
  outside: string;
  remove(): void;
}

export function makeSandbox(): Sandbox {
  const base = mkdtempSync(join(tmpdir(), 'ci-run-artifacts-test-'));
  const root = join(base, 'artifacts');
  const outside = join(base, 'outside');
  mkdirSync(root);
  mkdirSync(outside);
  writeFileSync(join(outside, 'keep.txt'), 'untouched');
  return { base, root, outside, remove: () => rmSync(base, { recursive: true, force: true }) };
}

/** Every path under `dir` with its kind: `dir`, `link`, `other`, or a file's content as `file:<text>`. */
export function treeOf(dir: string): Record<string, string> {
  const tree: Record<string, string> = {};
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
    const path = join(dir, name);
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) tree[name] = 'link';
    else if (stat.isDirectory()) tree[name] = 'dir';
    else if (stat.isFile())
      tree[name] = `file:${stat.size > 200 ? `${stat.size} bytes` : readFileSync(path, 'utf8')}`;
    else tree[name] = 'other';
  }
  return tree;
}

/** The checks every extraction test ends with. */
export function expectSafe(sandbox: Sandbox): void {
  const whole = treeOf(sandbox.base);
  const outsideRoot = Object.keys(whole).filter(
    (path) => path !== 'artifacts' && !path.startsWith('artifacts/'),
  );
  expect(outsideRoot.sort()).toEqual(['outside', 'outside/keep.txt']);
  expect(whole['outside/keep.txt']).toBe('file:untouched');
  expect(Object.entries(whole).filter(([, kind]) => kind === 'link' || kind === 'other')).toEqual([]);
  expect(Object.keys(whole).filter((path) => path.includes('.ci-run-partial-'))).toEqual([]);
}

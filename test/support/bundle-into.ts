// Bundles some of scripts/bundle.mjs's targets into .tmp/bundles/ (never dist/, which is committed), and
// again only when a source file is newer than the bundles. Test files run in parallel forks: a lock
// keeps them from building at once.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const BUNDLE_DIR = join(root, '.tmp', 'bundles');
const lock = join(root, '.tmp', 'bundles.lock');

/** A target of scripts/bundle.mjs by its place in the output directory: '.', 'post', 'emulator', … */
export type BundleTarget = '.' | 'post' | 'cli' | 'emulator' | 'emulator/post';

export function bundlePath(target: BundleTarget): string {
  return join(BUNDLE_DIR, target, 'index.js');
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function stale(targets: readonly BundleTarget[]): BundleTarget[] {
  const sources = Math.max(
    newestMtime(join(root, 'src')),
    statSync(join(root, 'scripts/bundle.mjs')).mtimeMs,
  );
  return targets.filter((target) => {
    const file = bundlePath(target);
    return !existsSync(file) || statSync(file).mtimeMs < sources;
  });
}

export async function bundleInto(targets: readonly BundleTarget[]): Promise<void> {
  if (stale(targets).length === 0) return;
  mkdirSync(join(root, '.tmp'), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 600_000)
        rmSync(lock, { recursive: true });
      await delay(500);
    }
  }
  try {
    const missing = stale(targets);
    if (missing.length > 0) {
      execFileSync(
        process.execPath,
        [join(root, 'scripts/bundle.mjs'), '--out-dir', BUNDLE_DIR, '--only', missing.join(',')],
        { cwd: root, stdio: 'inherit' },
      );
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

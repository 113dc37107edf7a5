// Bundles some of scripts/bundle.mjs's targets into .tmp/bundles/ (never dist/, which is committed), and
// again only when a source file is newer than the bundles. Test files run in parallel forks: a lock
// keeps them from building at once.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { newestMtime, root, underLock } from './build-lock.ts';

const BUNDLE_DIR = join(root, '.tmp', 'bundles');
const lock = join(root, '.tmp', 'bundles.lock');

/** A target of scripts/bundle.mjs by its place in the output directory: '.', 'post', 'emulator', … */
export type BundleTarget = '.' | 'post' | 'cli' | 'emulator' | 'emulator/post';

export function bundlePath(target: BundleTarget): string {
  return join(BUNDLE_DIR, target, 'index.js');
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
  await underLock(lock, { staleMs: 600_000, pollMs: 500 }, () => {
    const missing = stale(targets);
    if (missing.length > 0) {
      execFileSync(
        process.execPath,
        [join(root, 'scripts/bundle.mjs'), '--out-dir', BUNDLE_DIR, '--only', missing.join(',')],
        { cwd: root, stdio: 'inherit' },
      );
    }
  });
}

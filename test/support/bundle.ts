// End-to-end tests run the bundled dist/ entries. Rebuild them first when a source file (or the bundle
// script) is newer, so a local run never tests a stale bundle. A checkout whose sources and dist/ are as
// committed needs no build: CI holds the committed dist/ to the committed sources, and a fresh clone's
// file times say nothing. The slow project's global setup calls this once before its files start; a
// file run alone calls it too, and the lock keeps parallel forks from building at once.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { newestMtime, root, underLock } from './build-lock.ts';

const lock = join(root, '.tmp', 'bundle.lock');

/** Every entry scripts/bundle.mjs builds, by its place under dist/. */
export type BundleTarget = '.' | 'post' | 'cli' | 'emulator' | 'emulator/post';
const TARGETS: readonly BundleTarget[] = ['.', 'post', 'cli', 'emulator', 'emulator/post'];
/** What builds dist/ besides the sources. */
const BUNDLE_SCRIPTS = ['scripts/bundle.mjs', 'scripts/defer-at-start.mjs', 'scripts/eager-factories.mjs'];

/** The bundled entry of a target, e.g. `dist/emulator/index.js`. */
export function bundlePath(target: BundleTarget): string {
  return join(root, 'dist', target, 'index.js');
}

/** True in a git checkout whose sources, bundle script and dist/ hold no change against HEAD. */
function asCommitted(): boolean {
  const status = spawnSync('git', ['status', '--porcelain', '--', 'src', ...BUNDLE_SCRIPTS, 'dist'], {
    cwd: root,
    encoding: 'utf8',
  });
  return status.status === 0 && status.stdout.trim() === '';
}

function fresh(): boolean {
  const built = Math.min(
    ...TARGETS.map(bundlePath).map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)),
  );
  const sources = Math.max(
    newestMtime(join(root, 'src')),
    ...BUNDLE_SCRIPTS.map((script) => statSync(join(root, script)).mtimeMs),
  );
  return built >= sources;
}

export async function ensureBundle(): Promise<void> {
  if (fresh() || asCommitted()) return;
  await underLock(lock, { staleMs: 180_000, pollMs: 200 }, () => {
    if (!fresh())
      execFileSync(process.execPath, [join(root, 'scripts/bundle.mjs')], { cwd: root, stdio: 'inherit' });
  });
}

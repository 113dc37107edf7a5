// End-to-end tests run the bundled dist/ entries. Rebuild them first when a source file is newer,
// so a local run never tests a stale bundle; test files run in parallel forks, hence the lock.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { newestMtime, root, underLock } from './build-lock.ts';

const lock = join(root, '.tmp', 'bundle.lock');
const BUNDLES = [
  ['src/action/index.ts', 'dist/index.js'],
  ['src/action/post-index.ts', 'dist/post/index.js'],
  ['src/cli/index.ts', 'dist/cli/index.js'],
].flatMap(([source, bundle]) => (existsSync(join(root, source!)) ? [bundle!] : []));

function fresh(): boolean {
  const built = Math.min(
    ...BUNDLES.map((file) => join(root, file)).map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)),
  );
  return built >= newestMtime(join(root, 'src'));
}

export async function ensureBundle(): Promise<void> {
  if (fresh()) return;
  await underLock(lock, { staleMs: 180_000, pollMs: 200 }, () => {
    if (!fresh())
      execFileSync(process.execPath, [join(root, 'scripts/bundle.mjs')], { cwd: root, stdio: 'inherit' });
  });
}

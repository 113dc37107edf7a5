// End-to-end tests run the bundled dist/ entries. Rebuild them first when a source file is newer,
// so a local run never tests a stale bundle; test files run in parallel forks, hence the lock.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const lock = join(root, '.tmp', 'bundle.lock');
const BUNDLES = [
  ['src/action/index.ts', 'dist/index.js'],
  ['src/action/post-index.ts', 'dist/post/index.js'],
  ['src/cli/index.ts', 'dist/cli/index.js'],
].flatMap(([source, bundle]) => (existsSync(join(root, source!)) ? [bundle!] : []));

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function fresh(): boolean {
  const built = Math.min(
    ...BUNDLES.map((file) => join(root, file)).map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)),
  );
  return built >= newestMtime(join(root, 'src'));
}

export async function ensureBundle(): Promise<void> {
  if (fresh()) return;
  mkdirSync(join(root, '.tmp'), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 180_000)
        rmSync(lock, { recursive: true });
      await delay(200);
    }
  }
  try {
    if (!fresh())
      execFileSync(process.execPath, [join(root, 'scripts/bundle.mjs')], { cwd: root, stdio: 'inherit' });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

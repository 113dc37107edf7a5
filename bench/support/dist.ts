// The bundled entries under test. They are copied to a private directory first: other work may rebuild
// dist/ while a bench runs, and a measurement must not switch bundles half-way.
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DIST = join(ROOT, 'dist');
const BUNDLE_LOCK = join(ROOT, '.tmp', 'bundle.lock');
const WAIT_FOR_BUNDLE_MS = 5 * 60_000;

export interface ActionEntries {
  main: string;
  post: string;
  dir: string;
  dispose(): void;
}

/**
 * Waits (bounded) while a rebuild holds the bundle lock, then copies dist/ aside; `from` copies
 * another bundle directory instead (one built with `node scripts/bundle.mjs --out-dir <dir>`).
 */
export async function snapshotDist(log?: (line: string) => void, from = DIST): Promise<ActionEntries> {
  const main = join(from, 'index.js');
  const post = join(from, 'post', 'index.js');
  const until = Date.now() + WAIT_FOR_BUNDLE_MS;
  const busy = () => (from === DIST && existsSync(BUNDLE_LOCK)) || !existsSync(main) || !existsSync(post);
  if (busy()) log?.('Waiting for a rebuild of dist/ to finish…');
  while (busy() && Date.now() < until) {
    await delay(250);
  }
  if (!existsSync(main) || !existsSync(post)) {
    throw new Error(
      from === DIST
        ? 'dist/index.js or dist/post/index.js is missing: run `npm run build` first.'
        : `${main} or ${post} is missing.`,
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'ci-run-bench-dist-'));
  cpSync(from, dir, { recursive: true });
  return {
    main: join(dir, 'index.js'),
    post: join(dir, 'post', 'index.js'),
    dir,
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface DistFile {
  path: string;
  bytes: number;
}

/** Every file under dist/, largest first. */
export function distFiles(dir = DIST): DistFile[] {
  const files: DistFile[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.push({ path: `dist/${relative(dir, path)}`, bytes: statSync(path).size });
    }
  };
  if (existsSync(dir)) walk(dir);
  return files.sort((a, b) => b.bytes - a.bytes || a.path.localeCompare(b.path));
}

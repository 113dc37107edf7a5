// Builds the committed dist/: the action's main and post entries, the CLI, and the emulator
// sub-action's main and post entries (emulator/action.yml).
//
//   node scripts/bundle.mjs [--out-dir <dir>] [--only <out>,<out>…] [--stats-dir <dir>]
//
// --out-dir builds somewhere else than dist/ (tests build into a temporary directory); --only builds
// just the named targets, by their place under the output directory (`.`, `post`, `cli`, `emulator`,
// `emulator/post`); --stats-dir keeps ncc's stats of each target there (`main.json`, `post.json`, …), which
// name the bundle's modules (the cold-start bench's breakdown reads them).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { deferAtStart } from './defer-at-start.mjs';
import { eagerFactories } from './eager-factories.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const ncc = fileURLToPath(new URL('../node_modules/@vercel/ncc/dist/ncc/cli.js', import.meta.url));

const targets = [
  { entry: 'src/action/index.ts', out: '.' },
  { entry: 'src/action/post-index.ts', out: 'post' },
  { entry: 'src/cli/index.ts', out: 'cli' },
  { entry: 'src/emulator/action/index.ts', out: 'emulator' },
  { entry: 'src/emulator/action/post-index.ts', out: 'emulator/post' },
];

const { values } = parseArgs({
  options: { 'out-dir': { type: 'string' }, only: { type: 'string' }, 'stats-dir': { type: 'string' } },
  strict: true,
});
const outDir = resolve(root, values['out-dir'] ?? 'dist');
const only = values.only?.split(',').map((name) => name.trim());
const unknown = only?.filter((name) => !targets.some((target) => target.out === name)) ?? [];
if (unknown.length > 0) {
  console.error(`unknown target ${unknown.join(', ')}; known: ${targets.map((t) => t.out).join(', ')}`);
  process.exit(2);
}

// A partial build leaves the other targets where they are.
if (!only) rmSync(outDir, { recursive: true, force: true });
const keepStats = values['stats-dir'] !== undefined;
const statsDir = keepStats
  ? resolve(values['stats-dir'])
  : mkdtempSync(join(tmpdir(), 'ci-run-bundle-stats-'));
mkdirSync(statsDir, { recursive: true });
for (const { entry, out } of targets) {
  if (only && !only.includes(out)) continue;
  if (!existsSync(join(root, entry))) continue;
  const target = join(outDir, out);
  const stats = join(statsDir, `${out === '.' ? 'main' : out.replaceAll('/', '-')}.json`);
  execFileSync(
    process.execPath,
    [
      ncc,
      'build',
      entry,
      '-o',
      target,
      '--minify',
      '--no-source-map-register',
      '--quiet',
      '--stats-out',
      stats,
    ],
    { cwd: root, stdio: 'inherit' },
  );
  // What the main entry's first request does not need loads at first use (scripts/defer-at-start.mjs),
  // and what it does need is compiled with the file (scripts/eager-factories.mjs).
  deferAtStart(target, stats, out === '.', root);
  if (out === '.') eagerFactories(join(target, 'index.js'));
}
if (!keepStats) rmSync(statsDir, { recursive: true, force: true });

// Builds the committed dist/: the action's main and post entries, and the CLI.
// `--out <dir>` builds the same tree into another directory instead (a test's or a bench's own copy);
// `--action` leaves the CLI out.
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join, parse, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const ncc = fileURLToPath(new URL('../node_modules/@vercel/ncc/dist/ncc/cli.js', import.meta.url));
const outFlag = process.argv.indexOf('--out');
const outDir = outFlag >= 0 ? process.argv[outFlag + 1] : 'dist';
if (!outDir || outDir.startsWith('-')) throw new Error('--out needs a directory, e.g. --out /tmp/bundle');
const outRoot = resolve(root, outDir);
if (outRoot === resolve(root) || outRoot === parse(outRoot).root) {
  throw new Error(`--out ${outDir} would replace the repository or the root; give a directory of its own.`);
}

const targets = [
  { entry: 'src/action/index.ts', out: '.' },
  { entry: 'src/action/post-index.ts', out: 'post' },
  { entry: 'src/cli/index.ts', out: 'cli' },
];

const actionOnly = process.argv.includes('--action');

rmSync(outRoot, { recursive: true, force: true });
for (const { entry, out } of targets) {
  if (actionOnly && out === 'cli') continue;
  if (!existsSync(new URL(`../${entry}`, import.meta.url))) continue;
  execFileSync(
    process.execPath,
    [ncc, 'build', entry, '-o', join(outRoot, out), '--minify', '--no-source-map-register', '--quiet'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
}

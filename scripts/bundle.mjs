// Builds the committed dist/: the action's main and post entries, and the CLI.
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const ncc = fileURLToPath(new URL('../node_modules/@vercel/ncc/dist/ncc/cli.js', import.meta.url));

const targets = [
  { entry: 'src/action/index.ts', out: 'dist' },
  { entry: 'src/action/post-index.ts', out: 'dist/post' },
  { entry: 'src/cli/index.ts', out: 'dist/cli' },
];

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
for (const { entry, out } of targets) {
  if (!existsSync(new URL(`../${entry}`, import.meta.url))) continue;
  execFileSync(
    process.execPath,
    [ncc, 'build', entry, '-o', out, '--minify', '--no-source-map-register', '--quiet'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
}

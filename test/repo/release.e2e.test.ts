// scripts/release.sh, run on a throwaway git repository whose `build` script is a tiny build.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

const gitEnv = {
  ...process.env,
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'Release Test',
  GIT_AUTHOR_EMAIL: 'release@example.com',
  GIT_COMMITTER_NAME: 'Release Test',
  GIT_COMMITTER_EMAIL: 'release@example.com',
};

const BUILD = `import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
mkdirSync('dist', { recursive: true });
writeFileSync('dist/index.js', 'export default ' + JSON.stringify(readFileSync('source.txt', 'utf8')) + ';\\n');
`;

const CHANGELOG = `# Changelog

## [Unreleased]

### Added

- The first feature.
`;

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd: dir, env: gitEnv, encoding: 'utf8' }).trim();
}

/** A repository on main with a committed, fresh dist/ and an Unreleased entry. */
function fixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'release-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'scripts'));
  copyFileSync(join(root, 'scripts/release.sh'), join(dir, 'scripts/release.sh'));
  const pkg = {
    name: 'release-fixture',
    version: '0.1.0',
    private: true,
    scripts: { build: 'node build.mjs' },
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  writeFileSync(join(dir, 'build.mjs'), BUILD);
  writeFileSync(join(dir, 'source.txt'), 'one');
  writeFileSync(join(dir, 'CHANGELOG.md'), CHANGELOG);
  execFileSync(process.execPath, ['build.mjs'], { cwd: dir });
  git(dir, 'init', '--quiet', '--initial-branch=main');
  git(dir, 'add', '.');
  git(dir, 'commit', '--quiet', '-m', 'Initial commit');
  return dir;
}

function release(dir: string, ...args: string[]) {
  const result = spawnSync('bash', ['scripts/release.sh', ...args], {
    cwd: dir,
    env: gitEnv,
    encoding: 'utf8',
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

const commitOf = (dir: string, ref: string) => git(dir, 'rev-parse', `${ref}^{commit}`);

describe('scripts/release.sh', () => {
  it('commits the version, tags vX.Y.Z, moves vX and prints the push commands', () => {
    const dir = fixture();
    const { code, out, err } = release(dir, '0.2.0');
    expect(err).not.toContain('release:');
    expect(code).toBe(0);

    const head = commitOf(dir, 'HEAD');
    expect(git(dir, 'log', '-1', '--format=%s')).toBe('Release v0.2.0');
    expect(commitOf(dir, 'v0.2.0')).toBe(head);
    expect(commitOf(dir, 'v0')).toBe(head);
    expect(git(dir, 'cat-file', '-t', 'v0.2.0')).toBe('tag');
    expect(git(dir, 'status', '--porcelain')).toBe('');
    expect(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version).toBe('0.2.0');
    expect(readFileSync(join(dir, 'CHANGELOG.md'), 'utf8')).toMatch(
      /## \[Unreleased\]\n\n## \[0\.2\.0\] - \d{4}-\d{2}-\d{2}\n\n### Added\n\n- The first feature\.\n$/,
    );
    expect(out).toContain('git push origin main');
    expect(out).toContain('git push origin v0.2.0');
    expect(out).toContain('git push --force origin v0');
  });

  it('moves the major tag on the next release and leaves the earlier tag alone', () => {
    const dir = fixture();
    expect(release(dir, '0.2.0').code).toBe(0);
    const first = commitOf(dir, 'v0.2.0');
    writeFileSync(
      join(dir, 'CHANGELOG.md'),
      readFileSync(join(dir, 'CHANGELOG.md'), 'utf8').replace(
        '## [Unreleased]\n',
        '## [Unreleased]\n\n### Fixed\n\n- A bug.\n',
      ),
    );
    git(dir, 'commit', '--quiet', '-am', 'Fix a bug');

    expect(release(dir, '0.2.1').code).toBe(0);
    expect(commitOf(dir, 'v0.2.0')).toBe(first);
    expect(commitOf(dir, 'v0')).toBe(commitOf(dir, 'HEAD'));
    expect(commitOf(dir, 'v0.2.1')).toBe(commitOf(dir, 'HEAD'));
  });

  it('pushes the branch and both tags with --push', () => {
    const dir = fixture();
    const remote = join(dir, '.remote.git');
    git(dir, 'init', '--quiet', '--bare', remote);
    git(dir, 'remote', 'add', 'origin', remote);
    git(dir, 'push', '--quiet', 'origin', 'main');
    writeFileSync(join(dir, '.git/info/exclude'), '.remote.git\n');

    const { code, out } = release(dir, '0.3.0', '--push');
    expect(code).toBe(0);
    expect(out).toContain('released v0.3.0');
    const head = commitOf(dir, 'HEAD');
    expect(git(remote, 'rev-parse', 'main')).toBe(head);
    expect(git(remote, 'rev-parse', 'v0.3.0^{commit}')).toBe(head);
    expect(git(remote, 'rev-parse', 'v0^{commit}')).toBe(head);
  });

  it('tags a pre-release without moving the major tag', () => {
    const dir = fixture();
    const { code, out } = release(dir, '1.0.0-rc.1');
    expect(code).toBe(0);
    expect(commitOf(dir, 'v1.0.0-rc.1')).toBe(commitOf(dir, 'HEAD'));
    expect(git(dir, 'tag', '--list', 'v1')).toBe('');
    expect(out).not.toContain('--force');
  });

  it('refuses a stale dist/ before changing anything', () => {
    const dir = fixture();
    writeFileSync(join(dir, 'source.txt'), 'two');
    git(dir, 'commit', '--quiet', '-am', 'Change the source, forget the build');
    const { code, err } = release(dir, '0.2.0');
    expect(code).toBe(1);
    expect(err).toContain('dist/ is stale');
    expect(git(dir, 'tag', '--list')).toBe('');
    expect(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version).toBe('0.1.0');
  });

  it('refuses a dirty tree, another branch, an existing tag, an empty changelog and a bad version', () => {
    const dirty = fixture();
    writeFileSync(join(dirty, 'notes.txt'), 'uncommitted');
    expect(release(dirty, '0.2.0')).toMatchObject({ code: 1, err: expect.stringContaining('not clean') });

    const branch = fixture();
    git(branch, 'switch', '--quiet', '-c', 'feature');
    expect(release(branch, '0.2.0')).toMatchObject({
      code: 1,
      err: expect.stringContaining('cut from main'),
    });

    const tagged = fixture();
    git(tagged, 'tag', 'v0.2.0');
    expect(release(tagged, '0.2.0')).toMatchObject({
      code: 1,
      err: expect.stringContaining('exists already'),
    });

    const empty = fixture();
    writeFileSync(join(empty, 'CHANGELOG.md'), '# Changelog\n\n## [Unreleased]\n\n## [0.1.0] - 2026-01-01\n');
    git(empty, 'commit', '--quiet', '-am', 'Empty the Unreleased section');
    expect(release(empty, '0.2.0')).toMatchObject({ code: 1, err: expect.stringContaining('lists nothing') });

    expect(release(empty, 'v1.2')).toMatchObject({ code: 1, err: expect.stringContaining('not a version') });
    expect(release(empty).code).toBe(2);
  });
});

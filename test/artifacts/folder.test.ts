// The artifacts root: inside the workspace or RUNNER_TEMP, a real folder with no link on the way (a pull
// request can commit one); the step folders' names safe on every file system; leftovers removed.
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkEntryName } from '../../src/artifacts/entry-rules.ts';
import {
  type ArtifactsPlace,
  artifactFolder,
  artifactsPathProblem,
  openArtifactsRoot,
  removeLeftoverPartials,
  safeFolderName,
} from '../../src/artifacts/folder.ts';
import { treeOf } from './sandbox.ts';

let base: string;
let workspace: string;
let runnerTemp: string;
beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'ci-run-folder-test-'));
  workspace = join(base, 'workspace');
  runnerTemp = join(base, 'temp');
  mkdirSync(workspace);
  mkdirSync(runnerTemp);
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

function place(path: string, extra: Partial<ArtifactsPlace> = {}): ArtifactsPlace {
  return { path, workspace, runnerTemp, cwd: '/', ...extra };
}

describe('openArtifactsRoot', () => {
  it('resolves a relative path against the workspace, making the folders', async () => {
    expect(await openArtifactsRoot(place('ci-run-artifacts'))).toEqual({
      root: join(workspace, 'ci-run-artifacts'),
    });
    expect(await openArtifactsRoot(place('out/deep/er'))).toEqual({ root: join(workspace, 'out/deep/er') });
    expect(existsSync(join(workspace, 'out/deep/er'))).toBe(true);
  });

  it('resolves a relative path against the current folder in the CLI', async () => {
    const result = await openArtifactsRoot(
      place('here', { workspace: undefined, runnerTemp: undefined, cwd: base }),
    );
    expect(result).toEqual({ root: join(base, 'here') });
  });

  it('takes an absolute path inside the workspace or RUNNER_TEMP', async () => {
    expect(await openArtifactsRoot(place(join(runnerTemp, 'a')))).toEqual({ root: join(runnerTemp, 'a') });
    expect(await openArtifactsRoot(place(join(workspace, 'b')))).toEqual({ root: join(workspace, 'b') });
  });

  it.each([['/etc'], ['../outside'], ['a/../../outside'], ['']])('refuses %j', async (path) => {
    const result = await openArtifactsRoot(place(path));
    expect(result).toHaveProperty('problem');
    expect(artifactsPathProblem(place(path))).toBeDefined();
    expect(existsSync(join(base, 'outside'))).toBe(false);
  });

  it('refuses a symlink committed where the folder is', async () => {
    mkdirSync(join(base, 'elsewhere'));
    symlinkSync(join(base, 'elsewhere'), join(workspace, 'ci-run-artifacts'));
    const result = await openArtifactsRoot(place('ci-run-artifacts'));
    expect(result).toEqual({
      problem: `artifacts-path: "${join(workspace, 'ci-run-artifacts')}" is a symlink, which a commit can point anywhere; use a real folder.`,
    });
  });

  it('refuses a symlink on the way, and makes nothing through it', async () => {
    mkdirSync(join(base, 'elsewhere'));
    symlinkSync(join(base, 'elsewhere'), join(workspace, 'build'));
    const result = await openArtifactsRoot(place('build/artifacts'));
    expect(result).toHaveProperty('problem');
    expect(treeOf(join(base, 'elsewhere'))).toEqual({});
  });

  it('refuses a file where the folder is', async () => {
    writeFileSync(join(workspace, 'ci-run-artifacts'), 'x');
    expect(await openArtifactsRoot(place('ci-run-artifacts'))).toHaveProperty('problem');
  });

  it('takes a workspace that is itself reached through a link (the runner chose it)', async () => {
    const linked = join(base, 'linked-workspace');
    symlinkSync(workspace, linked);
    expect(await openArtifactsRoot(place('out', { workspace: linked }))).toEqual({
      root: join(workspace, 'out'),
    });
  });
});

describe('folder names', () => {
  it.each([
    ['build', 'build'],
    ['build/linux', 'build_linux'],
    ['a\\b:c*d?e"f<g>h|i', 'a_b_c_d_e_f_g_h_i'],
    ['..', '__'],
    ['.hidden', '_hidden'],
    ['.ci-run-partial-x', '_ci-run-partial-x'],
    ['trailing. ', 'trailing_'],
    ['dots...', 'dots___'],
    ['CON', '_CON'],
    ['nul.txt', '_nul.txt'],
    ['con job', 'con job'],
    ['', '_'],
    ['   ', '_'],
    ['bell\u0007\u001b[31mred', 'bell__[31mred'],
    ['right\u202eleft', 'right_left'],
    ['cafe\u0301', 'caf\u00e9'],
  ])('%j becomes %j', (name, safe) => {
    expect(safeFolderName(name)).toBe(safe);
  });

  it('cuts long names at 100 bytes without splitting a character', () => {
    const name = safeFolderName('é'.repeat(80));
    expect(name).toBe('é'.repeat(50));
  });

  it('every name it makes passes the extraction rules', () => {
    const hostile = [
      '../..',
      '/abs',
      'C:',
      'a/b/c',
      '\u0000',
      'x'.repeat(300),
      'AUX.tar.gz',
      'com1',
      'a. .',
      '\ufffd',
    ];
    for (const name of hostile) {
      const folder = artifactFolder(3, name, name);
      expect(checkEntryName(folder)).toEqual({ segments: folder.split('/') });
      expect(folder.split('/')).toHaveLength(2);
    }
  });

  it('puts a step under its target label when there are several targets', () => {
    expect(artifactFolder(2, 'store')).toBe('2-store');
    expect(artifactFolder(2, 'store', 'acme/webapp/build')).toBe('acme_webapp_build/2-store');
  });
});

describe('removeLeftoverPartials', () => {
  it('removes every staging folder, and nothing else, without following links', async () => {
    const root = join(workspace, 'ci-run-artifacts');
    mkdirSync(join(root, '.ci-run-partial-abc/deep'), { recursive: true });
    writeFileSync(join(root, '.ci-run-partial-abc/deep/f'), 'x');
    mkdirSync(join(root, '1-build'));
    writeFileSync(join(runnerTemp, 'precious'), 'x');
    symlinkSync(runnerTemp, join(root, '.ci-run-partial-link'));
    expect(await removeLeftoverPartials(root)).toBe(2);
    expect(treeOf(root)).toEqual({ '1-build': 'dir' });
    expect(existsSync(join(runnerTemp, 'precious'))).toBe(true);
    expect(await removeLeftoverPartials(join(base, 'missing'))).toBe(0);
  });
});

// The chaos run's check of artifacts: every folder brought back against the server's archive, file by file;
// no partial folder left; a failed download a warning, never an error.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { archiveFiles, digestOf, readTree, type Tree } from '../../bench/chaos/artifact-evidence.ts';
import { checkArtifacts, type ArtifactInput } from '../../bench/chaos/check-artifacts.ts';
import { planEnvVars, planRun } from '../../bench/chaos/plan.ts';

const ROOT = '/tmp/step/artifacts';
const RUN = '5e0000000000000000000001';
const OTHER = '5e0000000000000000000002';
const A = digestOf(Buffer.from('a'));
const B = digestOf(Buffer.from('b'));
const C = digestOf(Buffer.from('c'));

const stored = (order: number, files: number, target = '620000000000000000000001') => ({
  target,
  order,
  step: `step ${order}`,
  status: 'stored',
  folder: `${ROOT}/${order}-step ${order}`,
  files,
  bytes: 2,
  attempt: 1,
});

function input(overrides: Partial<ArtifactInput> = {}): ArtifactInput {
  return {
    root: ROOT,
    output: JSON.stringify([stored(1, 2), stored(2, 1)]),
    targets: [{ label: '620000000000000000000001', runId: RUN }],
    served: { [RUN]: { 1: { 'part-1.bin': A, 'nested/part-2.bin': B }, 2: { 'part-1.bin': C } } },
    tree: {
      '1-step 1/part-1.bin': A,
      '1-step 1/nested/part-2.bin': B,
      '2-step 2/part-1.bin': C,
    },
    partialsAfterMain: [],
    partialsAfterPost: [],
    stdout: '',
    ranToEnd: true,
    followedToEnd: true,
    wanted: 'all',
    ...overrides,
  };
}

describe('checkArtifacts', () => {
  it('passes trees that are the archives file by file, and counts what it compared', () => {
    expect(checkArtifacts(input())).toEqual({
      problems: [],
      totals: { statuses: { stored: 2 }, folders: 2, files: 3, partialsLeft: 0 },
    });
  });

  it('finds a file missing, one too many, and one whose bytes differ, and a count that disagrees', () => {
    const tree: Tree = { '1-step 1/part-1.bin': B, '1-step 1/extra.txt': A, '2-step 2/part-1.bin': C };
    const { problems } = checkArtifacts(input({ tree }));
    expect(problems).toEqual([
      'step 1: 1 file(s) of the archive missing: nested/part-2.bin',
      'step 1: 1 file(s) not in the archive: extra.txt',
      'step 1: 1 file(s) differ from the archive: part-1.bin',
    ]);
    const miscounted = JSON.stringify([stored(1, 3), stored(2, 1)]);
    expect(checkArtifacts(input({ output: miscounted })).problems).toEqual([
      'step 1: the output says 3 files, the folder holds 2',
    ]);
  });

  it('finds a partial folder left after post always, and after main only when main ended by itself', () => {
    const left = ['.ci-run-partial-x1'];
    expect(checkArtifacts(input({ partialsAfterPost: left })).problems).toEqual([
      'left after the post step: .ci-run-partial-x1',
    ]);
    expect(checkArtifacts(input({ partialsAfterMain: left })).problems).toEqual([
      'left after the main step: .ci-run-partial-x1',
    ]);
    // Killed: post is what removes them.
    expect(checkArtifacts(input({ partialsAfterMain: left, ranToEnd: false })).problems).toEqual([]);
  });

  it('wants a warning naming a step that failed, and no error annotation about artifacts', () => {
    const failed = { ...stored(2, 0), status: 'failed', folder: undefined };
    const output = JSON.stringify([stored(1, 2), failed]);
    const tree = { '1-step 1/part-1.bin': A, '1-step 1/nested/part-2.bin': B };
    expect(checkArtifacts(input({ output, tree })).problems).toEqual([
      'step 2 is failed with no warning naming it',
    ]);
    const warning =
      '::warning::Artifacts of step 2 "step 2" not brought back (failed): the connection was closed\n';
    const verdict = checkArtifacts(input({ output, tree, stdout: warning }));
    expect(verdict.problems).toEqual([]);
    expect(verdict.totals.statuses).toEqual({ stored: 1, failed: 1 });
    const error = `${warning}::error::Artifacts of step 2 could not be read\n`;
    expect(checkArtifacts(input({ output, tree, stdout: error })).problems).toEqual([
      'an error annotation about artifacts: Artifacts of step 2 could not be read',
    ]);
  });

  it('finds files in no stored folder, links, a missing output, and a stored step the server has none for', () => {
    const tree = { ...input().tree, '3-step 3/x': A, '1-step 1/link': 'link' as const };
    expect(checkArtifacts(input({ tree })).problems).toEqual([
      '1-step 1/link is a link',
      'step 1: 1 file(s) not in the archive: link',
      'step 1: the output says 2 files, the folder holds 3',
      "1 file(s) under artifacts-path in no stored step's folder: 3-step 3/x",
    ]);
    expect(checkArtifacts(input({ output: undefined })).problems).toEqual([
      'no `artifacts` output, or not the documented array',
    ]);
    expect(checkArtifacts(input({ targets: [{ label: 'x', runId: OTHER }] })).problems).toContain(
      `step 1 is stored, but run ${OTHER} has no archive for it`,
    );
  });

  it('wants every stored step of a run followed to its end listed, only the named one with names', () => {
    const output = JSON.stringify([stored(1, 2)]);
    const tree = { '1-step 1/part-1.bin': A, '1-step 1/nested/part-2.bin': B };
    expect(checkArtifacts(input({ output, tree })).problems).toEqual([
      'step 2 stored artifacts the output does not list',
    ]);
    expect(checkArtifacts(input({ output, tree, wanted: ['step 1'] })).problems).toEqual([]);
    expect(checkArtifacts(input({ output, tree, followedToEnd: false })).problems).toEqual([]);
  });

  it('matches each entry to its own target’s run with several targets', () => {
    const output = JSON.stringify([stored(1, 1, 'chaos-2')]);
    const targets = [
      { label: '620000000000000000000001', runId: RUN },
      { label: 'chaos-2', runId: OTHER },
    ];
    const served = { [RUN]: {}, [OTHER]: { 1: { 'part-1.bin': C } } };
    const tree = { '1-step 1/part-1.bin': C };
    expect(checkArtifacts(input({ output, targets, served, tree })).problems).toEqual([]);
    const wrong = { [RUN]: { 1: { 'part-1.bin': C } }, [OTHER]: {} };
    expect(checkArtifacts(input({ output, targets, served: wrong, tree })).problems).toEqual([
      `[chaos-2] step 1 is stored, but run ${OTHER} has no archive for it`,
      '[620000000000000000000001] step 1 stored artifacts the output does not list',
    ]);
  });
});

describe('the artifacts evidence', () => {
  let dir: string | undefined;
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

  it('reads a tree with its partial folders apart and links marked, and a .tar.gz file by file', async () => {
    dir = mkdtempSync(join(tmpdir(), 'chaos-artifacts-'));
    mkdirSync(join(dir, '1-step 1', 'nested'), { recursive: true });
    mkdirSync(join(dir, '.ci-run-partial-abc'));
    writeFileSync(join(dir, '.ci-run-partial-abc', 'half'), 'x');
    writeFileSync(join(dir, '1-step 1', 'nested', 'b'), 'b');
    symlinkSync('/etc/passwd', join(dir, '1-step 1', 'l'));
    expect(readTree(dir)).toEqual({
      tree: { '1-step 1/l': 'link', '1-step 1/nested/b': B },
      partials: ['.ci-run-partial-abc'],
    });
    expect(readTree(join(dir, 'absent'))).toEqual({ tree: {}, partials: [] });
    expect(await archiveFiles(gzipSync(tarOf({ 'a.txt': 'a', 'd/c.txt': 'c' })))).toEqual({
      'a.txt': A,
      'd/c.txt': C,
    });
  });

  it('plans archives of a drawn size in some runs, set through EMULATOR_ARTIFACT_BYTES', () => {
    const plans = Array.from({ length: 200 }, (_, index) => planRun(1, index));
    const stores = plans.filter((plan) => plan.artifacts !== undefined);
    expect(stores.length).toBeGreaterThan(40);
    expect(new Set(stores.map((plan) => plan.artifacts))).toEqual(new Set(['all', 'step 1']));
    for (const plan of stores)
      expect(planEnvVars(plan)).toContain(`EMULATOR_ARTIFACT_BYTES=${plan.artifactBytes}`);
    const without = plans.find((plan) => plan.artifacts === undefined)!;
    expect(planEnvVars(without)).not.toContain('EMULATOR_ARTIFACT_BYTES');
  });
});

/** A ustar archive of regular files, written by hand so that the test does not trust the reader's library. */
function tarOf(files: Record<string, string>): Buffer {
  const blocks: Buffer[] = [];
  for (const [path, text] of Object.entries(files)) {
    const header = Buffer.alloc(512);
    header.write(path, 0);
    header.write('0000644\0', 100);
    header.write('0000000\0', 108);
    header.write('0000000\0', 116);
    header.write(`${text.length.toString(8).padStart(11, '0')}\0`, 124);
    header.write('00000000000\0', 136);
    header.write('        ', 148);
    header.write('0', 156);
    header.write('ustar\0', 257);
    header.write('00', 263);
    const sum = [...header].reduce((total, byte) => total + byte, 0);
    header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
    const body = Buffer.alloc(Math.ceil(text.length / 512) * 512);
    body.write(text);
    blocks.push(header, body);
  }
  blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

// Artifacts through the whole flow, in-process: the fake API serves each step's archive, the real store
// writes it under a temporary root; the outputs, the facts, the log and the decision say what came back.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openArtifactFiles } from '../../../src/artifacts/files.ts';
import type { ArtifactFiles } from '../../../src/core/artifacts/files.ts';
import { readSettings, INPUT_DEFAULTS } from '../../../src/core/settings.ts';
import { makeSandbox, type Sandbox } from '../../artifacts/sandbox.ts';
import { tarGz } from '../../artifacts/tar-builder.ts';
import { runFlow } from './kit.ts';
import { runSeveral } from './several-kit.ts';

const STORE = tarGz([
  { name: 'dist/app.js', body: 'console.log("app")\n' },
  { name: 'outputs.env', body: 'IMAGE=registry.example.com/web@sha256:abc\nVERSION=1.2.3\n' },
]);
const JUNIT = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites>
  <testsuite name="app" tests="3" failures="1" skipped="1">
    <testcase classname="app" name="renders" file="test/app.test.js" time="0.1"/>
    <testcase classname="app" name="saves" file="test/app.test.js" time="0.2">
      <failure message="expected 2 to be 3">AssertionError: expected 2 to be 3
    at Object.&lt;anonymous&gt; (/builds/acme/webapp/test/app.test.js:42:17)</failure>
    </testcase>
    <testcase classname="app" name="later" file="test/app.test.js"><skipped/></testcase>
  </testsuite>
</testsuites>
`;
const REPORTS = tarGz([{ name: 'reports/junit.xml', body: JUNIT }]);
const TEST = tarGz([{ name: 'outputs.env', body: 'VERSION=1.2.4\nREPORT=junit\n' }]);

let sandbox: Sandbox | undefined;
afterEach(() => sandbox?.remove());

async function filesFor(inputs: Record<string, string>): Promise<ArtifactFiles> {
  sandbox = makeSandbox();
  const settings = readSettings(
    (name) =>
      ({ ...INPUT_DEFAULTS, 'base-url': 'https://ci.test', token: 't', pipeline: 'a/b/c', ...inputs })[
        name
      ] ?? '',
  );
  const opened = await openArtifactFiles(settings.artifacts, {
    workspace: sandbox.base,
    runnerTemp: undefined,
    cwd: sandbox.base,
  });
  if ('problem' in opened) throw new Error(opened.problem);
  return opened.files;
}

describe('artifacts in the flow', () => {
  it('brings a named step’s files back byte for byte and lists them in the outputs', async () => {
    const inputs = { artifacts: 'build', 'artifacts-path': 'artifacts' };
    const artifacts = await filesFor(inputs);
    const run = await runFlow({
      inputs: { pipeline: 'acme/web/build', ...inputs },
      artifacts,
      arrange: ({ api }) => void api.archivesByStep.set('build', STORE),
    });
    expect(run.outcome.kind).toBe('passed');
    const folder = join(artifacts.root, '2-build');
    expect(readFileSync(join(folder, 'dist/app.js'), 'utf8')).toBe('console.log("app")\n');
    expect(run.outputs.get('artifacts-path')).toBe(artifacts.root);
    expect(JSON.parse(run.outputs.get('artifacts')!)).toEqual([
      {
        target: '',
        order: 2,
        step: 'build',
        status: 'stored',
        folder,
        files: 2,
        bytes: expect.any(Number),
        attempt: 1,
      },
    ]);
    expect(run.lines.some((line) => line.startsWith('Artifacts of step 2 "build": 2 files'))).toBe(true);
    const summary = run.summaries.join('');
    expect(summary).toContain('<h3>Artifacts</h3>');
    expect(summary).toMatch(
      /<td>build<\/td><td>✔ stored<\/td><td>2<\/td><td>[^<]+<\/td><td><code>artifacts\/2-build<\/code><\/td>/,
    );
  });

  it('reads the outputs file of every archive without writing, later steps overriding earlier ones', async () => {
    const inputs = { 'outputs-file': 'outputs.env', 'artifacts-path': 'artifacts' };
    const artifacts = await filesFor(inputs);
    const run = await runFlow({
      inputs: { pipeline: 'acme/web/build', ...inputs },
      artifacts,
      arrange: ({ api }) => {
        api.archivesByStep.set('build', STORE);
        api.archivesByStep.set('test', TEST);
      },
    });
    expect(run.outcome.kind).toBe('passed');
    expect(JSON.parse(run.outputs.get('remote-outputs')!)).toEqual({
      IMAGE: 'registry.example.com/web@sha256:abc',
      VERSION: '1.2.4',
      REPORT: 'junit',
    });
    expect(JSON.parse(run.outputs.get('artifacts')!)).toEqual([]);
    expect(readFileSync(join(sandbox!.base, 'outside/keep.txt'), 'utf8')).toBe('untouched');
  });

  it('warns about a named step that stored nothing, and fails the step with if-no-artifacts: error', async () => {
    const warnInputs = { artifacts: 'checkout\npackage', 'artifacts-path': 'artifacts' };
    const warned = await runFlow({
      inputs: { pipeline: 'acme/web/build', ...warnInputs },
      artifacts: await filesFor(warnInputs),
    });
    expect(warned.outcome.kind).toBe('passed');
    expect(warned.lines).toContain(
      'warning: Stored no artifacts: "checkout", "package" (if-no-artifacts: warn).',
    );
    sandbox?.remove();

    const errorInputs = { ...warnInputs, 'if-no-artifacts': 'error' };
    const failed = await runFlow({
      inputs: { pipeline: 'acme/web/build', ...errorInputs },
      artifacts: await filesFor(errorInputs),
    });
    expect(failed.outcome).toMatchObject({
      kind: 'failed',
      success: false,
      message: 'The run passed, but "checkout", "package" stored no artifacts (if-no-artifacts: error).',
    });
  });

  it('reads the test reports the globs match, counts them and names the failed ones, without writing them', async () => {
    const inputs = { 'test-reports': '**/junit*.xml', 'artifacts-path': 'artifacts' };
    const opened = await filesFor(inputs);
    const { testReportsPort } = await import('../../../src/test-reports/index.ts');
    const artifacts = { ...opened, testReports: testReportsPort(['**/junit*.xml']) };
    const run = await runFlow({
      inputs: { pipeline: 'acme/web/build', ...inputs },
      artifacts,
      arrange: ({ api }) => void api.archivesByStep.set('test', REPORTS),
    });
    expect(run.outcome.kind).toBe('passed');
    expect(JSON.parse(run.outputs.get('tests')!)).toEqual({
      total: 3,
      passed: 1,
      failed: 1,
      errored: 0,
      skipped: 1,
      flaky: 0,
      targets: [
        { target: '', step: 'test', total: 3, passed: 1, failed: 1, errored: 0, skipped: 1, flaky: 0 },
      ],
    });
    expect(JSON.parse(run.outputs.get('failed-tests')!)).toEqual([
      {
        target: '',
        step: 'test',
        suite: 'app',
        name: 'saves',
        file: 'test/app.test.js',
        message: 'expected 2 to be 3',
      },
    ]);
    expect(run.lines).toContain('test: 3 tests, 1 failed, 1 skipped: app › saves');
    const summary = run.summaries.join('');
    expect(summary).toContain('<h3>Tests</h3>');
    expect(summary).toContain('<strong>test</strong>: 3 tests: 1 passed, 1 failed, 1 skipped');
    expect(summary).toMatch(
      /<td>app<\/td><td>saves<\/td><td>expected 2 to be 3<details><summary>Failure<\/summary><pre>AssertionError/,
    );
    expect(JSON.parse(run.outputs.get('artifacts')!)).toEqual([]);
  });

  it('keeps the artifacts of the attempt that decided, with retries', async () => {
    const inputs = { artifacts: 'build', 'artifacts-path': 'artifacts', retries: '1' };
    const artifacts = await filesFor(inputs);
    const run = await runFlow({
      inputs: { pipeline: 'acme/web/build', ...inputs },
      artifacts,
      arrange: ({ api }) => {
        api.archivesByStep.set('build', STORE);
        api.nextScripts = [{ ...api.script, failAt: 1 }, api.script];
      },
    });
    expect(run.outcome).toMatchObject({ kind: 'passed', message: 'The run passed (attempt 2/2).' });
    const entries = JSON.parse(run.outputs.get('artifacts')!) as Array<{
      attempt: number;
      status: string;
      folder: string;
    }>;
    expect(entries).toEqual([expect.objectContaining({ step: 'build', status: 'stored', attempt: 2 })]);
    expect(readFileSync(join(entries[0]!.folder, 'dist/app.js'), 'utf8')).toBe('console.log("app")\n');
  });

  it('puts each target’s artifacts under its name, and the outputs hold every target’s', async () => {
    const inputs = { artifacts: 'all', 'artifacts-path': 'artifacts', 'outputs-file': 'outputs.env' };
    const artifacts = await filesFor(inputs);
    const run = await runSeveral({
      inputs,
      artifacts,
      arrange: ({ api }) => void api.archivesByStep.set('build', STORE),
    });
    expect(run.outcome.kind).toBe('passed');
    const entries = JSON.parse(run.outputs.get('artifacts')!) as Array<{
      target: string;
      folder?: string;
      status: string;
    }>;
    const stored = entries.filter((entry) => entry.status === 'stored');
    expect(stored.map((entry) => entry.target).sort()).toEqual(['build', 'e2e', 'test']);
    for (const entry of stored) {
      expect(readFileSync(join(entry.folder!, 'dist/app.js'), 'utf8')).toBe('console.log("app")\n');
      expect(entry.folder).toBe(join(artifacts.root, entry.target, '2-build'));
    }
    expect(Object.keys(JSON.parse(run.outputs.get('remote-outputs')!)).sort()).toEqual([
      'build',
      'e2e',
      'test',
    ]);
  });
});

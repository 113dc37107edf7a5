// Which tests failed, on the pull request: the bundled action reads the JUnit report the emulator's failing
// `npm test` step stored, in a workspace that is a git checkout holding the test files; the job summary names
// the failed tests, and the fake GitHub receives a check run whose annotations point at those files.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import { startFakeGitHub, type FakeGitHub } from '../../tools/fake-github/index.ts';
import { writeEventPayload } from '../../tools/fake-github/events.ts';
import { runAction } from '../support/action-harness.ts';
import { ensureBundle } from '../support/bundle.ts';

let emulator: Emulator;
let github: FakeGitHub;
let workspace: string;

beforeAll(async () => {
  await ensureBundle();
  [emulator, github] = await Promise.all([startEmulator({ speed: 20 }), startFakeGitHub({ warm: true })]);
  workspace = mkdtempSync(join(tmpdir(), 'ci-run-checkout-'));
  execFileSync('git', ['init', '-q', workspace]);
  mkdirSync(join(workspace, 'test'));
  writeFileSync(join(workspace, 'test/app.test.js'), '// the tests the remote run ran\n');
}, 180_000);
afterAll(async () => {
  await Promise.all([emulator?.close(), github?.close()]);
  rmSync(workspace, { recursive: true, force: true });
});

describe('test reports on a failing run', () => {
  it('name the failed tests in the summary and annotate their lines on the check run', async () => {
    const pr = await writeEventPayload('pull_request', {
      repository: 'octo-org/webapp',
      headSha: 'a'.repeat(40),
    });
    const result = await runAction(
      {
        'base-url': emulator.url,
        token: 'demo-token',
        'github-token': 'ghs_e2eGitHubToken0123456789',
        'poll-interval': '1s',
        pipeline: 'acme/webapp/build',
        'env-vars': 'EMULATOR_FAIL_STEP=npm test',
        'test-reports': '**/junit*.xml',
        'check-run': 'CI service',
      },
      {
        env: {
          ...pr.env,
          GITHUB_REPOSITORY: pr.repository,
          GITHUB_API_URL: github.apiUrl,
          GITHUB_WORKFLOW_REF: `${pr.repository}/.github/workflows/ci.yml@refs/heads/main`,
          GITHUB_WORKSPACE: workspace,
        },
      },
    );
    expect(result.code, result.stdout).toBe(1);
    const tests = JSON.parse(result.outputs.tests!) as { total: number; failed: number };
    expect(tests.failed).toBeGreaterThan(0);
    const failed = JSON.parse(result.outputs['failed-tests']!) as Array<{ name: string; file?: string }>;
    expect(failed.length).toBe(tests.failed);
    expect(result.summary).toContain('<h3>Tests</h3>');
    for (const test of failed) expect(result.summary).toContain(test.name);
    expect(result.stdout).toMatch(/npm test: \d+ tests, \d+ failed/);

    const [check] = github.checkRuns().filter((run) => run.head_sha === pr.headSha);
    expect(check).toMatchObject({ conclusion: 'failure' });
    expect(String((check!.output as { title: string }).title)).toMatch(/tests, \d+ failed$/);
    const annotations = github.annotations(check!.id as number);
    const onTests = annotations.filter((annotation) => annotation.path === 'test/app.test.js');
    expect(onTests).toHaveLength(failed.length);
    expect(onTests.every((annotation) => annotation.start_line > 1)).toBe(true);
    expect(
      annotations.every((annotation) => !annotation.path.startsWith('/') && !annotation.path.includes('..')),
    ).toBe(true);
    expect(github.violations).toEqual([]);
  }, 90_000);
});

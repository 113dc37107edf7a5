// A report whose ending GitHub did not take in time (503 until the writer's deadline) stays listed in the
// saved state, and post's finishing path then finishes it; a report stopped for a missing permission is not
// left for post. In-process on virtual time, against the fake GitHub.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { namedFor } from '../../src/action/github-names.ts';
import { readSavedState, type StateKey } from '../../src/core/contract.ts';
import type { Log } from '../../src/core/ports.ts';
import { createOctokitApi } from '../../src/github/octokit-api.ts';
import { readOpenReports, type OpenGitHubReports } from '../../src/github/open-reports.ts';
import { finishOpenReports } from '../../src/github/reporting.ts';
import type { GitHubReporting } from '../../src/github/settings.ts';
import { startFakeGitHub } from '../../tools/fake-github/index.ts';
import type { OperationCall } from '../../tools/fake-github/types.ts';
import type { ConcurrentTime } from '../core/flow/concurrent-time.ts';
import { runFlow } from '../core/flow/kit.ts';
import { runSeveral } from '../core/flow/several-kit.ts';
import { VirtualTime } from '../core/flow/virtual-time.ts';
import { testGitHubSink, type TestSinkPorts } from './sink-kit.ts';

const fake = await startFakeGitHub({ warm: true });
afterAll(() => fake.close());
beforeEach(() => fake.clearFaults());

function reportingFor(sha: string): GitHubReporting {
  return {
    token: 'ghs_leftOpenToken',
    owner: 'acme',
    repo: 'webapp',
    sha,
    commitStatus: 'ci/test',
    checkRun: 'CI test',
    deploymentEnvironment: 'staging',
  };
}

const apiFor = (reporting: GitHubReporting) =>
  createOctokitApi({ ...reporting, userAgent: 'test', baseUrl: fake.apiUrl });

function githubSink(reporting: GitHubReporting, ports: TestSinkPorts) {
  return [testGitHubSink(reporting, apiFor(reporting), ports, true)];
}

/** What the post entry does with a report main left open, on a clock of its own. */
async function finishAsPost(reporting: GitHubReporting, open: OpenGitHubReports, line: string) {
  const time = new VirtualTime();
  const lines: string[] = [];
  await finishOpenReports(
    reporting,
    open,
    { outcome: 'passed', line },
    {
      log: recordingLog(lines),
      clock: time.clock,
      sleep: time.sleep,
      userAgent: 'test',
      api: apiFor(reporting),
    },
  );
  return lines;
}

/** The open reports main saved, read back and checked as post reads them. */
function savedReports(state: Map<StateKey, string>): OpenGitHubReports | undefined {
  const saved = readSavedState({ save: () => undefined, get: (key) => state.get(key) ?? '' }).state;
  return saved.openReports === undefined ? undefined : readOpenReports(saved.openReports);
}

let shas = 0;
const nextSha = () => (++shas).toString(16).padStart(40, 'd');
const checkRunOf = (sha: string) => fake.checkRuns().find((run) => run.head_sha === sha)!;
const deploymentStates = (sha: string) => {
  const deployment = fake.deployments().find((each) => each.sha === sha)!;
  return fake.deploymentStatuses(deployment.id as number).map((status) => status.state);
};

/** Each report's ending, as the fake sees it, and what it is while it is not written. */
const ENDINGS = [
  {
    report: 'commit status',
    operation: 'createCommitStatus',
    ending: (call: OperationCall) => call.body.state !== 'pending',
    part: 'status',
    last: (sha: string) => fake.statuses(sha).at(-1)?.state,
    unfinished: 'pending',
  },
  {
    report: 'check run',
    operation: 'updateCheckRun',
    ending: (call: OperationCall) => 'conclusion' in call.body,
    part: 'checkRunId',
    last: (sha: string) => checkRunOf(sha).conclusion ?? checkRunOf(sha).status,
    unfinished: 'in_progress',
  },
  {
    report: 'deployment',
    operation: 'createDeploymentStatus',
    ending: (call: OperationCall) => call.body.state !== 'in_progress',
    part: 'deploymentId',
    last: (sha: string) => deploymentStates(sha).at(-1),
    unfinished: 'in_progress',
  },
] as const;

describe('an ending GitHub answered 503 until the deadline', () => {
  it.each(ENDINGS)(
    'leaves the $report listed for post, which finishes it',
    async ({ report, operation, ending, part, last, unfinished }) => {
      const sha = nextSha();
      const reporting = reportingFor(sha);
      fake.fail(operation, 'unavailable', 'always', { when: ending });
      const run = await runFlow({
        inputs: { pipeline: 'acme/app/build' },
        sinksFor: (ports) => githubSink(reporting, ports),
      });
      expect(run.outcome.kind).toBe('passed');
      // The last try may be cut at the deadline rather than answered.
      const warnings = run.lines.filter((line) => line.startsWith('warning: '));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(`warning: A ${report} update could not be written to GitHub in time: `);
      expect(last(sha)).toBe(unfinished);
      // Only the report whose ending did not land is left; the other two were finished by main.
      const open = savedReports(run.state)!;
      expect(open).toEqual({
        [part]: part === 'status' ? true : expect.any(Number),
        targetUrl: expect.any(String),
      });

      fake.clearFaults();
      const post = await finishAsPost(reporting, open, `run ${run.outputs.get('id')} passed`);
      expect(post).toEqual(['Finished the GitHub reports the main step left open.']);
      expect(last(sha)).toBe('success');
      expect(fake.violations).toEqual([]);
    },
  );

  it('with several targets, stays in that target’s own entry, and post finishes it under its name', async () => {
    const sha = nextSha();
    const reporting = reportingFor(sha);
    const checkRunName = (call: OperationCall) =>
      fake.checkRuns().find((run) => String(run.id) === String(call.params.check_run_id))?.name;
    fake.fail('updateCheckRun', 'unavailable', 'always', {
      when: (call) => 'conclusion' in call.body && checkRunName(call) === 'CI test (test)',
    });
    let clock: ConcurrentTime | undefined;
    const run = await runSeveral({
      arrange: ({ time }) => void (clock = time),
      targetSinks: (target) =>
        githubSink(namedFor(reporting, target.label), {
          ...target,
          time: clock!,
          outputs: { set: () => undefined },
        }),
    });
    expect(run.outcome.kind).toBe('passed');
    const targets = readSavedState({ save: () => undefined, get: (key) => run.state.get(key) ?? '' }).state
      .targets!;
    const openOf = (target: (typeof targets)[number]) => readOpenReports(target.openReports);
    expect(targets.map((target) => Object.keys(openOf(target) ?? {}).sort())).toEqual([
      [],
      ['checkRunId', 'targetUrl'],
      [],
    ]);
    const conclusions = () =>
      Object.fromEntries(
        fake
          .checkRuns()
          .filter((check) => check.head_sha === sha)
          .map((check) => [check.name, check.conclusion ?? check.status]),
      );
    expect(conclusions()).toEqual({
      'CI test (build)': 'success',
      'CI test (test)': 'in_progress',
      'CI test (e2e)': 'success',
    });

    fake.clearFaults();
    const { id } = targets[1]!;
    await finishAsPost(namedFor(reporting, 'test'), openOf(targets[1]!)!, `test: run ${id} passed`);
    expect(conclusions()['CI test (test)']).toBe('success');
    expect(fake.violations).toEqual([]);
  });
});

describe('an ending GitHub refused for a missing permission', () => {
  it('stops the check run with one warning and does not leave it for post, which would be refused again', async () => {
    const sha = nextSha();
    fake.fail('updateCheckRun', 'forbidden', 'always', { when: (call) => 'conclusion' in call.body });
    const run = await runFlow({
      inputs: { pipeline: 'acme/app/build' },
      sinksFor: (ports) => githubSink(reportingFor(sha), ports),
    });
    expect(run.outcome.kind).toBe('passed');
    const warnings = run.lines.filter((line) => line.startsWith('warning: '));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('checks: write');
    expect(checkRunOf(sha).status).toBe('in_progress');
    expect(savedReports(run.state)).toBeUndefined();
  });
});

function recordingLog(lines: string[]): Log {
  return {
    info: (line) => void lines.push(line),
    warning: (line) => void lines.push(`warning: ${line}`),
    error: (line) => void lines.push(`error: ${line}`),
    debug: () => undefined,
    remote: () => undefined,
    startGroup: () => undefined,
    endGroup: () => undefined,
  };
}

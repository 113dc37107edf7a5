// The chaos verdict: what counts as a wrong result, a leak, a duplicate or a run left running.
import { describe, expect, it } from 'vitest';
import type { EmulatorRunView } from '../../src/emulator/index.ts';
import { judge, type RunEvidence } from '../../bench/chaos/check.ts';
import { judgeGitHub } from '../../bench/chaos/check-github.ts';
import type { GitHubEvidence } from '../../bench/chaos/github-run.ts';
import { planRun } from '../../bench/chaos/plan.ts';
import { REPORT_NAMES } from '../../bench/chaos/plan-github.ts';

const TOKEN = 'secret-token-for-the-check';
const RUN_ID = '5e0000000000000000000001';

function remoteRun(overrides: Partial<EmulatorRunView> = {}): EmulatorRunView {
  return {
    id: RUN_ID,
    pipelineId: '620000000000000000000001',
    pipelineName: 'chaos',
    applicationId: '610000000000000000000001',
    status: 'finished',
    result: 'passed',
    progress: 100,
    branch: 'main',
    commitHash: '0123456789abcdef0123456789abcdef01234567',
    message: 'm',
    envVars: [{ key: 'CHAOS_ID', value: '0' }],
    createdAt: '2026-01-05T09:00:00.000Z',
    ...overrides,
  };
}

function evidence(
  overrides: Partial<RunEvidence> = {},
  main: Partial<RunEvidence['main']> = {},
): RunEvidence {
  const plan = { ...planRun(1, 0) };
  delete plan.timeoutSeconds;
  delete plan.cancelAtMs;
  return {
    plan,
    token: TOKEN,
    main: {
      code: 0,
      signal: null,
      stdout: `::add-mask::${TOKEN}\nTriggered run ${RUN_ID}\n`,
      stderr: '',
      spawnedAt: 0,
      exitedAt: 5000,
      cancelled: false,
      sigterm: false,
      sigkill: false,
      hung: false,
      ...main,
    },
    post: { code: 0, signal: null, stdout: '', stderr: '', spawnedAt: 6000, exitedAt: 6100 },
    outputs: { id: RUN_ID, status: 'finished', result: 'passed' },
    files: { output: `id=${RUN_ID}\n`, state: '', summary: '<h2>Run passed</h2>' },
    runsAfterMain: [remoteRun()],
    runsAfterPost: [remoteRun()],
    ...overrides,
  };
}

const kinds = (e: RunEvidence) => judge(e).problems.map((problem) => problem.kind);

describe('judge', () => {
  it('finds nothing wrong with a run followed to its end', () => {
    expect(judge(evidence())).toEqual({ outcome: 'passed', problems: [], notes: [] });
  });

  it('allows the token only in the add-mask command', () => {
    expect(kinds(evidence({}, { stdout: `::add-mask::${TOKEN}\n::debug::Bearer ${TOKEN}\n` }))).toEqual([
      'leaked token',
    ]);
    expect(kinds(evidence({ files: { output: '', state: '', summary: `<p>${TOKEN}</p>` } }))).toEqual([
      'leaked token',
    ]);
  });

  it('counts two runs of one action run as a duplicate trigger', () => {
    const second = remoteRun({ id: '5e0000000000000000000002' });
    expect(kinds(evidence({ runsAfterPost: [remoteRun(), second] }))).toEqual(['duplicate trigger']);
  });

  it('counts a run still going after the post step as left running', () => {
    const running = remoteRun({ status: 'running', result: 'unknown' });
    const problems = kinds(
      evidence(
        {
          runsAfterMain: [running],
          runsAfterPost: [running],
          outputs: { id: RUN_ID, status: 'running', result: 'unknown' },
        },
        { code: 1, cancelled: true },
      ),
    );
    expect(problems).toEqual(['left running']);
  });

  it('notes, without failing, a run that only the post step settled', () => {
    const verdict = judge(
      evidence(
        {
          runsAfterMain: [remoteRun({ status: 'running', result: 'unknown' })],
          runsAfterPost: [remoteRun({ result: 'aborted' })],
          outputs: { id: RUN_ID, status: 'running', result: 'unknown' },
        },
        { code: 1, cancelled: true },
      ),
    );
    expect(verdict.problems).toEqual([]);
    expect(verdict.outcome).toBe('aborted on cancel');
    expect(verdict.notes).toHaveLength(1);
  });

  it('calls a reported result that differs from the server a wrong result', () => {
    expect(
      kinds(evidence({ outputs: { id: RUN_ID, status: 'finished', result: 'failed' } }, { code: 1 })),
    ).toEqual(['wrong result', 'wrong result']);
    expect(
      kinds(
        evidence({
          runsAfterPost: [remoteRun({ result: 'failed' })],
          outputs: { id: RUN_ID, status: 'finished', result: 'failed' },
        }),
      ),
    ).toEqual(['wrong result']);
  });

  it('accepts an aborted run and a failed step after a timeout, not without one', () => {
    const aborted = {
      runsAfterPost: [remoteRun({ result: 'aborted' })],
      outputs: { id: RUN_ID, status: 'finished', result: 'aborted' },
    };
    expect(kinds(evidence(aborted, { code: 1 }))).toEqual(['wrong result']);
    const withTimeout = evidence(aborted, { code: 1, exitedAt: 3000 });
    withTimeout.plan = { ...withTimeout.plan, timeoutSeconds: 2 };
    expect(judge(withTimeout)).toMatchObject({ outcome: 'aborted on timeout', problems: [] });
  });

  it('accepts a failure without a run when an error says why, and flags a silent one', () => {
    const noRun = {
      runsAfterMain: [],
      runsAfterPost: [],
      outputs: {},
      files: { output: '', state: '', summary: '<p>failed</p>' },
    };
    expect(
      judge(evidence(noRun, { code: 1, stdout: '::error::The trigger could not be sent.\n' })),
    ).toMatchObject({
      outcome: 'not triggered: faults',
      problems: [],
    });
    expect(kinds(evidence(noRun, { code: 1, stdout: 'nothing\n' }))).toEqual(['wrong result']);
    const lostWhileCancelling = {
      code: 1,
      cancelled: true,
      stdout: '::error::The response to the trigger was lost.\n',
    };
    expect(judge(evidence(noRun, lostWhileCancelling)).outcome).toBe('not triggered: faults');
    const cancelledFirst = {
      code: 1,
      cancelled: true,
      stdout: '::error::Cancelled before anything was triggered.\n',
    };
    expect(judge(evidence(noRun, cancelledFirst)).outcome).toBe('not triggered: cancelled');
    expect(kinds(evidence(noRun, { code: 0 }))).toEqual(['wrong result']);
  });

  it('reads error annotations the way the runner does, not inside stop-commands fences', () => {
    const noRun = { runsAfterMain: [], runsAfterPost: [], outputs: {} };
    const fenced = '::stop-commands::fence1\n::error::from a remote log\n::fence1::\n';
    expect(kinds(evidence(noRun, { code: 1, stdout: fenced }))).toEqual(['wrong result']);
  });

  it('does not judge the outputs of a process killed before it could write them', () => {
    const killed = evidence(
      {
        outputs: {},
        files: { output: '', state: '', summary: '' },
        runsAfterPost: [remoteRun({ result: 'aborted' })],
      },
      { code: null, signal: 'SIGKILL', cancelled: true, sigkill: true },
    );
    expect(judge(killed)).toMatchObject({ outcome: 'aborted on cancel', problems: [] });
  });

  describe('with retries', () => {
    const SECOND = '5e0000000000000000000002';
    const THIRD = '5e0000000000000000000003';
    const retried = (overrides: Partial<EmulatorRunView> = {}) =>
      remoteRun({ result: 'failed', createdAt: '2026-01-05T09:00:00.000Z', ...overrides });
    const again = (id: string, overrides: Partial<EmulatorRunView> = {}) =>
      remoteRun({ id, createdAt: `2026-01-05T09:00:0${id.at(-1)}.000Z`, ...overrides });
    const withRetries = (retries: number, runs: EmulatorRunView[], outputs: Record<string, string>) => {
      const e = evidence({ runsAfterMain: runs, runsAfterPost: runs, outputs });
      e.plan = { ...e.plan, retries };
      return e;
    };
    const done = (id: string, attempts: string, result = 'passed') => ({
      id,
      attempts,
      status: 'finished',
      result,
    });

    it('accepts one run per attempt, each retried one failed by itself', () => {
      const e = withRetries(2, [again(SECOND), retried()], done(SECOND, '2'));
      expect(judge(e)).toEqual({ outcome: 'passed after a retry', problems: [], notes: [] });
    });

    it('calls a retry of a run that did not fail by itself a wrong result', () => {
      const aborted = withRetries(1, [retried({ result: 'aborted' }), again(SECOND)], done(SECOND, '2'));
      expect(judge(aborted).problems).toEqual([
        {
          kind: 'wrong result',
          detail: `run ${SECOND} retried run ${RUN_ID}, which ended aborted rather than failing by itself`,
        },
      ]);
      const passed = withRetries(1, [retried({ result: 'passed' }), again(SECOND)], done(SECOND, '2'));
      expect(kinds(passed)).toEqual(['wrong result']);
      const running = withRetries(1, [retried({ status: 'running' }), again(SECOND)], done(SECOND, '2'));
      expect(judge(running).problems[0]!.detail).toContain('which is running');
    });

    it('counts more runs than attempts as a duplicate, and more attempts than retries as wrong', () => {
      const runs = [retried(), again(SECOND, { result: 'failed' }), again(THIRD)];
      expect(kinds(withRetries(2, runs, done(THIRD, '2')))).toEqual(['duplicate trigger']);
      expect(kinds(withRetries(1, runs, done(THIRD, '3')))).toEqual(['wrong result']);
    });

    it('reads the attempts from the log when main could not write its outputs', () => {
      const runs = [retried(), again(SECOND, { result: 'aborted' })];
      const killed = withRetries(1, runs, {});
      killed.main = {
        ...killed.main,
        code: null,
        signal: 'SIGKILL',
        cancelled: true,
        sigkill: true,
        stdout: `Run ${RUN_ID} failed at step 1/1 "step 1"; triggering it again: attempt 2/2.\n`,
      };
      killed.files = { output: '', state: '', summary: '' };
      expect(judge(killed)).toMatchObject({ outcome: 'aborted on cancel', problems: [] });
      killed.main.stdout = '';
      expect(kinds(killed)).toEqual(['duplicate trigger']);
    });
  });
});

describe('judgeGitHub', () => {
  const SHA = 'a'.repeat(40);
  const GITHUB_TOKEN = 'ghs_secretForTheGitHubCheck';
  const checkName = REPORT_NAMES['check-run'];
  const context = REPORT_NAMES['commit-status'];
  const environment = REPORT_NAMES['deployment-environment'];

  function githubEvidence(overrides: Partial<GitHubEvidence> = {}): GitHubEvidence {
    return {
      plan: {
        event: 'push',
        repository: 'chaos-org/app-0',
        sha: SHA,
        reports: ['commit-status', 'check-run', 'deployment-environment'],
      },
      token: GITHUB_TOKEN,
      statuses: [
        { context, state: 'pending' },
        { context, state: 'success' },
      ],
      checkRuns: [{ id: 1, name: checkName, externalId: RUN_ID, status: 'completed', conclusion: 'success' }],
      deployments: [{ id: 7, environment, states: ['in_progress', 'success'] }],
      violations: [],
      requests: 9,
      faults: {},
      denied: 0,
      ...overrides,
    };
  }

  const githubKinds = (github: GitHubEvidence, run: RunEvidence = evidence()) =>
    judgeGitHub(run, github, judge(run)).problems.map((problem) => problem.kind);

  it('finds nothing wrong with reports that were each made once and finished', () => {
    expect(githubKinds(githubEvidence())).toEqual([]);
  });

  it('counts a second check run for the same remote run, and a second deployment', () => {
    const second = { id: 2, name: checkName, externalId: RUN_ID, status: 'completed', conclusion: 'success' };
    const checkRuns = [...githubEvidence().checkRuns, second];
    expect(githubKinds(githubEvidence({ checkRuns }))).toEqual(['duplicate check run']);
    const deployments = [
      { id: 7, environment, states: ['in_progress', 'success'] },
      { id: 8, environment, states: ['success'] },
    ];
    expect(githubKinds(githubEvidence({ deployments }))).toEqual(['duplicate deployment']);
  });

  it('counts every report left pending or in progress after main and post', () => {
    const open = githubEvidence({
      statuses: [{ context, state: 'pending' }],
      checkRuns: [{ id: 1, name: checkName, externalId: RUN_ID, status: 'in_progress', conclusion: null }],
      deployments: [{ id: 7, environment, states: ['in_progress'] }],
    });
    expect(githubKinds(open)).toEqual(['report left open', 'report left open', 'report left open']);
    const withoutStatus = githubEvidence({ deployments: [{ id: 7, environment, states: [] }] });
    expect(githubKinds(withoutStatus)).toEqual(['report left open']);
    // The last status counts: an error after a pending one is finished.
    const ended = githubEvidence({
      statuses: [
        { context, state: 'pending' },
        { context, state: 'error' },
      ],
    });
    expect(githubKinds(ended)).toEqual([]);
  });

  it('does not count a report whose permission was denied, nor one never asked for', () => {
    const plan = { ...githubEvidence().plan, denied: 'commit-status' as const };
    expect(githubKinds(githubEvidence({ plan, statuses: [{ context, state: 'pending' }] }))).toEqual([]);
    const onlyChecks = { ...githubEvidence().plan, reports: ['check-run' as const] };
    const stray = githubEvidence({
      plan: onlyChecks,
      statuses: [{ context, state: 'pending' }],
      deployments: [{ id: 7, environment, states: ['in_progress'] }],
    });
    expect(githubKinds(stray)).toEqual([]);
  });

  it('calls a step whose pass or fail differs from the CI side a changed gate', () => {
    expect(githubKinds(githubEvidence(), evidence({}, { code: 1 }))).toContain('gate changed by GitHub');
    const failedRun = {
      runsAfterPost: [remoteRun({ result: 'failed' })],
      outputs: { id: RUN_ID, status: 'finished', result: 'failed' },
    };
    expect(githubKinds(githubEvidence(), evidence(failedRun, { code: 0 }))).toContain(
      'gate changed by GitHub',
    );
    expect(githubKinds(githubEvidence(), evidence(failedRun, { code: 1 }))).toEqual([]);
  });

  it('accepts any failing exit code after a cancel, and either gate where a cancel raced the end', () => {
    const aborted = {
      runsAfterPost: [remoteRun({ result: 'aborted' })],
      outputs: { id: RUN_ID, status: 'finished', result: 'aborted' },
    };
    expect(githubKinds(githubEvidence(), evidence(aborted, { code: 130, cancelled: true }))).toEqual([]);
    expect(githubKinds(githubEvidence(), evidence({}, { code: 1, cancelled: true }))).toEqual([]);
  });

  it('calls an error annotation about a report, or a failed post step, a changed gate', () => {
    const errored = evidence({}, { stdout: '::error::The check run could not be created.\n' });
    expect(githubKinds(githubEvidence(), errored)).toContain('gate changed by GitHub');
    const run = evidence();
    run.post = { ...run.post, code: 1 };
    expect(githubKinds(githubEvidence(), run)).toEqual(['gate changed by GitHub']);
  });

  it('counts requests the OpenAPI description refused as violations', () => {
    const violations = [
      {
        kind: 'unknown-field' as const,
        method: 'PATCH',
        path: '/repos/chaos-org/app-0/check-runs/1',
        message: '"colour" is not a permitted key.',
      },
    ];
    expect(githubKinds(githubEvidence({ violations }))).toEqual(['GitHub API violation']);
  });

  it('allows the GitHub token only in its add-mask command', () => {
    const masked = evidence({}, { stdout: `::add-mask::${GITHUB_TOKEN}\nTriggered run ${RUN_ID}\n` });
    expect(githubKinds(githubEvidence(), masked)).toEqual([]);
    const leaked = evidence({ files: { output: '', state: `token=${GITHUB_TOKEN}`, summary: 'ok' } });
    expect(githubKinds(githubEvidence(), leaked)).toEqual(['leaked GitHub token']);
  });
});

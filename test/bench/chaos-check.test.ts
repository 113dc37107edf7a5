// The chaos verdict: what counts as a wrong result, a leak, a duplicate or a run left running.
import { describe, expect, it } from 'vitest';
import type { EmulatorRunView } from '../../src/emulator/index.ts';
import { judge, type RunEvidence } from '../../bench/chaos/check.ts';
import { judgeGitHub } from '../../bench/chaos/check-github.ts';
import type { GitHubEvidence } from '../../bench/chaos/github-run.ts';
import { planRun } from '../../bench/chaos/plan.ts';
import { REPORT_NAMES } from '../../bench/chaos/plan-github.ts';
import { fenceLogLines } from '../../src/text/safety.ts';
import { chaosRunView } from './chaos-run-view.ts';

const TOKEN = 'secret-token-for-the-check';
const RUN_ID = '5e0000000000000000000001';

function remoteRun(overrides: Partial<EmulatorRunView> = {}): EmulatorRunView {
  return chaosRunView(RUN_ID, overrides);
}

function evidence(
  overrides: Partial<RunEvidence> = {},
  main: Partial<RunEvidence['main']> = {},
): RunEvidence {
  const plan = { ...planRun(1, 0) };
  delete plan.timeoutSeconds;
  delete plan.cancelAtMs;
  delete plan.others;
  delete plan.failFast;
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
    const timedOut = evidence(noRun, { code: 1, exitedAt: 3000, stdout: '::error::Timed out.\n' });
    timedOut.plan = { ...timedOut.plan, timeoutSeconds: 2 };
    expect(judge(timedOut)).toMatchObject({ outcome: 'not triggered: timed out', problems: [] });
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

  it('checks a live log against the server’s, and lets a cancel cut a step short', () => {
    const log = ['one', 'two', 'three'];
    const stdout = (lines: string[]) =>
      [
        `::add-mask::${TOKEN}`,
        `Triggered run ${RUN_ID}`,
        '::group::… 1/1 step 1',
        ...fenceLogLines(lines),
        '::endgroup::',
        '✔ 1/1 step 1 (1s)',
      ].join('\n');
    const live = (lines: string[], main: Partial<RunEvidence['main']> = {}, result = 'passed') => {
      const e = evidence(
        { serverLogs: { [RUN_ID]: { result, steps: [{ order: 1, log: 'one\ntwo\nthree\n' }] } } },
        {
          stdout: stdout(lines),
          ...main,
        },
      );
      e.plan.liveLogs = 'live';
      return e;
    };
    expect(judge(live(log))).toMatchObject({
      problems: [],
      live: { steps: 1, lines: 3, printed: 3, lost: 0 },
    });
    expect(kinds(live(['one', 'two', 'two', 'three']))).toEqual(['live log lines']);
    expect(judge(live(['one', 'three'])).problems[0]?.detail).toBe(
      `run ${RUN_ID} step 1: 2 lines shown for 3 on the server, 1 lost`,
    );
    const cancelled = live(['one', 'tw'], { code: 1, cancelled: true }, 'aborted');
    cancelled.runsAfterPost = [remoteRun({ result: 'aborted' })];
    cancelled.outputs = { id: RUN_ID, status: 'finished', result: 'aborted' };
    expect(judge(cancelled)).toMatchObject({ problems: [], live: { partial: 1, lost: 0 } });
    // Without live logs, nothing is compared.
    const tails = live(['one']);
    delete tails.plan.liveLogs;
    expect(judge(tails).live).toBeUndefined();
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

/** Three targets: `chaos` and `chaos-2` by id, `chaos-3` by name; one run each unless told otherwise. */
const PIPELINE_IDS = ['620000000000000000000001', '620000000000000000000002', '620000000000000000000003'];
const LABELS = [PIPELINE_IDS[0]!, PIPELINE_IDS[1]!, 'chaos-3'];

function targetRun(place: number, overrides: Partial<EmulatorRunView> = {}): EmulatorRunView {
  return remoteRun({
    id: `5e00000000000000000000a${place}`,
    pipelineId: PIPELINE_IDS[place]!,
    pipelineName: place === 0 ? 'chaos' : `chaos-${place + 1}`,
    finishedAt: '2026-01-05T09:00:05.000Z',
    ...overrides,
  });
}

function severalEvidence(
  runs: EmulatorRunView[],
  { failFast = false, result = 'passed' }: { failFast?: boolean; result?: string } = {},
  main: Partial<RunEvidence['main']> = {},
): RunEvidence {
  const entries = [0, 1, 2].map((place) => {
    const run = runs.filter((candidate) => candidate.pipelineId === PIPELINE_IDS[place]).at(-1);
    return {
      pipeline: PIPELINE_IDS[place],
      id: run?.id ?? '',
      status: run?.status ?? '',
      result: run?.result ?? '',
      attempts: run ? '1' : '',
    };
  });
  const e = evidence(
    {
      outputs: { id: '', 'run-id': '', url: '', status: 'finished', result, runs: JSON.stringify(entries) },
      runsAfterMain: runs,
      runsAfterPost: runs,
    },
    { code: result === 'passed' ? 0 : 1, ...main },
  );
  const shape = { steps: 2, stepMs: 300, queueMs: 200 };
  e.plan = { ...e.plan, others: [shape, shape], failFast };
  return e;
}

describe('judge, with several targets', () => {
  const all = (overrides: Array<Partial<EmulatorRunView>> = []) =>
    [0, 1, 2].map((place) => targetRun(place, overrides[place]));

  it('finds nothing wrong when every target passed, with empty id, run-id and url outputs', () => {
    expect(judge(severalEvidence(all()))).toEqual({ outcome: 'passed', problems: [], notes: [] });
  });

  it('catches a duplicate trigger on one of three targets', () => {
    const twice = [...all(), targetRun(1, { id: '5e00000000000000000000b1' })];
    expect(judge(severalEvidence(twice)).problems).toEqual([
      {
        kind: 'duplicate trigger',
        detail: `[${LABELS[1]}] 2 runs of chaos-2 carry CHAOS_ID=0: 5e00000000000000000000a1, 5e00000000000000000000b1`,
      },
    ]);
    const elsewhere = [
      ...all(),
      targetRun(0, {
        pipelineId: '620000000000000000000004',
        pipelineName: 'chaos-4',
        id: '5e00000000000000000000c1',
      }),
    ];
    expect(kinds(severalEvidence(elsewhere))).toEqual(['duplicate trigger']);
  });

  it('accepts the targets fail-fast aborted after another failed, and not without fail-fast', () => {
    const failed = { result: 'failed', finishedAt: '2026-01-05T09:00:02.000Z' };
    const aborted = { result: 'aborted', finishedAt: '2026-01-05T09:00:03.000Z' };
    const runs = all([aborted, failed, aborted]);
    expect(judge(severalEvidence(runs, { failFast: true, result: 'failed' }))).toEqual({
      outcome: 'failed, fail-fast stopped the others',
      problems: [],
      notes: [],
    });
    expect(kinds(severalEvidence(runs, { result: 'failed' }))).toEqual(['wrong result', 'wrong result']);
    // A target fail-fast stopped before its trigger went out has no run.
    const stoppedEarly = severalEvidence(all([{}, failed]).slice(0, 2), { failFast: true, result: 'failed' });
    stoppedEarly.main.stdout = '::error::3 targets: 1 failed, 1 passed, 1 aborted.\n';
    expect(judge(stoppedEarly)).toMatchObject({
      outcome: 'failed, fail-fast stopped the others',
      problems: [],
    });
    // An abort that came before the other target failed was not fail-fast's.
    const early = all([{ ...aborted, finishedAt: '2026-01-05T09:00:01.000Z' }, failed, aborted]);
    expect(judge(severalEvidence(early, { failFast: true, result: 'failed' })).problems).toEqual([
      {
        kind: 'wrong result',
        detail: `[${LABELS[0]}] the run was aborted with neither a cancel, a timeout or another target failing first`,
      },
    ]);
  });

  it('catches a wrong combined result, a passing step with a failed target, and a misreported target', () => {
    const oneFailed = all([{}, { result: 'failed' }, {}]);
    expect(kinds(severalEvidence(oneFailed, { result: 'aborted' }))).toEqual(['wrong result']);
    expect(judge(severalEvidence(oneFailed, { result: 'failed' }))).toMatchObject({
      outcome: 'failed',
      problems: [],
    });
    const passedAnyway = severalEvidence(oneFailed, { result: 'failed' }, { code: 0 });
    expect(judge(passedAnyway).problems).toEqual([
      { kind: 'wrong result', detail: `the step passed, [${LABELS[1]}] the run ended failed` },
    ]);
    const misreported = severalEvidence(all(), { result: 'failed' });
    const entries = JSON.parse(misreported.outputs.runs!) as Array<Record<string, string>>;
    entries[2]!.result = 'failed';
    misreported.outputs.runs = JSON.stringify(entries);
    expect(judge(misreported).problems.map((problem) => problem.detail)).toEqual([
      'the action reported failed, the worst on the server is passed',
      '[chaos-3] the action reported failed, the server says passed',
      'every run passed but the step failed, with neither a cancel nor a timeout',
    ]);
    // Left unfinished by the action with no cancel, timeout or fail-fast to explain it.
    const left = severalEvidence(all(), { result: 'unknown' });
    left.outputs.status = 'running';
    const leftEntries = JSON.parse(left.outputs.runs!) as Array<Record<string, string>>;
    leftEntries[0] = { ...leftEntries[0]!, status: 'running', result: 'unknown' };
    left.outputs.runs = JSON.stringify(leftEntries);
    expect(judge(left).problems.map((problem) => problem.detail)).toEqual([
      `[${LABELS[0]}] the run passed, the action left it running`,
      'every run passed but the step failed, with neither a cancel nor a timeout',
    ]);
  });

  it('requires the runs output with an entry per target, and the id output empty', () => {
    const e = severalEvidence(all());
    delete e.outputs.runs;
    expect(judge(e).problems.map((problem) => problem.kind)).toEqual([
      'missing outputs',
      'missing outputs',
      'missing outputs',
      'missing outputs',
    ]);
    const named = severalEvidence(all());
    named.outputs.id = '5e00000000000000000000a0';
    expect(kinds(named)).toEqual(['wrong result']);
  });

  it('counts a target left running, and one never triggered, against that target', () => {
    const running = all([{}, {}, { status: 'running', result: 'unknown' }]);
    const e = severalEvidence(running, { result: 'unknown' }, { code: 1, cancelled: true });
    e.outputs.status = 'running';
    expect(judge(e).problems).toEqual([
      {
        kind: 'left running',
        detail: '[chaos-3] run 5e00000000000000000000a2 is running after the post step',
      },
    ]);
    const untriggered = severalEvidence(all().slice(0, 2), { result: 'failed' });
    untriggered.outputs.status = 'unknown';
    untriggered.main.stdout = '::error::[chaos-3] The trigger could not be sent.\n';
    expect(judge(untriggered)).toMatchObject({ outcome: 'not triggered: faults', problems: [] });
    untriggered.main.code = 0;
    expect(judge(untriggered).problems.map((problem) => problem.detail)).toEqual([
      'the step passed although chaos-3 got no run',
    ]);
  });

  it("reads each target's attempts from its own log lines when main was killed", () => {
    const runs = [
      targetRun(0),
      targetRun(1, { result: 'failed', createdAt: '2026-01-05T09:00:00.000Z' }),
      targetRun(1, {
        id: '5e00000000000000000000b1',
        result: 'aborted',
        createdAt: '2026-01-05T09:00:04.000Z',
      }),
      targetRun(2),
    ];
    const killed = severalEvidence(
      runs,
      {},
      { code: null, signal: 'SIGKILL', cancelled: true, sigkill: true },
    );
    killed.plan = { ...killed.plan, retries: 1 };
    killed.outputs = {};
    killed.files = { output: '', state: '', summary: '' };
    killed.main.stdout = `[${LABELS[1]}] Run 5e00000000000000000000a1 failed; triggering it again: attempt 2/2.\n`;
    expect(judge(killed)).toMatchObject({ outcome: 'aborted on cancel', problems: [] });
    killed.main.stdout = `[${LABELS[0]}] Run 5e00000000000000000000a0 failed; triggering it again: attempt 2/2.\n`;
    expect(kinds(killed)).toEqual(['duplicate trigger']);
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

  it("judges each target's reports, named with the target appended", () => {
    const several = severalEvidence([0, 1, 2].map((place) => targetRun(place)));
    const named = (name: string, place: number) => `${name} (${LABELS[place]})`;
    const reports = (open: number | undefined = undefined) =>
      githubEvidence({
        statuses: [0, 1, 2].map((place) => ({
          context: named(context, place),
          state: place === open ? 'pending' : 'success',
        })),
        checkRuns: [0, 1, 2].map((place) => ({
          id: place + 1,
          name: named(checkName, place),
          externalId: `5e00000000000000000000a${place}`,
          status: 'completed',
          conclusion: 'success',
        })),
        deployments: [0, 1, 2].map((place) => ({
          id: place + 7,
          environment: named(environment, place),
          states: ['in_progress', 'success'],
        })),
      });
    expect(githubKinds(reports(), several)).toEqual([]);
    expect(judgeGitHub(several, reports(2), judge(several)).problems).toEqual([
      { kind: 'report left open', detail: `the commit status "${named(context, 2)}" is pending` },
    ]);
    const twice = reports();
    twice.deployments.push({ id: 20, environment: named(environment, 1), states: ['success'] });
    expect(githubKinds(twice, several)).toEqual(['duplicate deployment']);
    const wrong = severalEvidence(
      [0, 1, 2].map((place) => targetRun(place, place === 1 ? { result: 'failed' } : {})),
      { result: 'failed' },
    );
    expect(githubKinds(reports(), wrong)).toEqual([]);
    wrong.outputs.result = 'aborted';
    expect(githubKinds(reports(), wrong)).toEqual(['gate changed by GitHub']);
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

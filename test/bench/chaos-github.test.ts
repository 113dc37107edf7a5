// The chaos run's GitHub side: the plan's draw, the permission gate against the fake GitHub over real
// sockets, and the GitHub figures and checks in the report.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGitHub, type FakeGitHub } from '../../tools/fake-github/index.ts';
import { chaosTargets, planEnvVars, planRun } from '../../bench/chaos/plan.ts';
import { planGitHub, REPORT_INPUTS } from '../../bench/chaos/plan-github.ts';
import { isDeniedWrite, startPermissionGate } from '../../bench/chaos/permission-gate.ts';
import { chaosMarkdown, problemCount, type ChaosSummary, type JudgedRun } from '../../bench/chaos/report.ts';
import type { GitHubVerdict } from '../../bench/chaos/check-github.ts';
import type { GitHubTotals } from '../../bench/chaos/report-github.ts';

describe('the GitHub plan', () => {
  const plans = Array.from({ length: 400 }, (_, index) => planGitHub(planRun(1, index).seed, index));

  it('asks half the runs for all three reports, some for one, the rest for none', () => {
    const all = plans.filter((plan) => plan?.reports.length === REPORT_INPUTS.length).length;
    const one = plans.filter((plan) => plan?.reports.length === 1).length;
    expect(all / plans.length).toBeCloseTo(0.5, 1);
    expect(one / plans.length).toBeCloseTo(0.3, 1);
    expect(plans.filter((plan) => plan === undefined).length).toBe(plans.length - all - one);
  });

  it('denies one asked-for report in a few runs, and gives each run its own repository and commit', () => {
    const denied = plans.filter((plan) => plan?.denied !== undefined);
    expect(denied.length).toBeGreaterThan(10);
    expect(denied.length).toBeLessThan(plans.length * 0.15);
    expect(denied.every((plan) => plan!.reports.includes(plan!.denied!))).toBe(true);
    const given = plans.filter((plan) => plan !== undefined);
    expect(given.every((plan) => /^[0-9a-f]{40}$/.test(plan.sha))).toBe(true);
    expect(new Set(given.map((plan) => plan.sha)).size).toBe(given.length);
    expect(new Set(given.map((plan) => plan.repository)).size).toBe(given.length);
  });

  it('is the same for the same seed and run, as --only needs', () => {
    expect(planRun(7, 42).github).toEqual(planRun(7, 42).github);
    expect(planRun(7, 42)).toMatchObject({ github: planGitHub(planRun(7, 42).seed, 42) });
  });
});

describe('the fan-out plan', () => {
  const plans = Array.from({ length: 1000 }, (_, index) => planRun(1, index));
  const several = plans.filter((plan) => plan.others !== undefined);

  it('gives about a fifth of the runs 2 to 4 targets, about half of those with fail-fast', () => {
    expect(several.length / plans.length).toBeCloseTo(0.2, 1);
    const counts = new Set(several.map((plan) => chaosTargets(plan).length));
    expect([...counts].sort()).toEqual([2, 3, 4]);
    expect(several.filter((plan) => plan.failFast).length / several.length).toBeCloseTo(0.5, 1);
    expect(
      plans.filter((plan) => plan.others === undefined).every((plan) => plan.failFast === undefined),
    ).toBe(true);
  });

  it('gives each target its own shape and outcome, so that passed and failed targets mix', () => {
    const mixed = several.filter((plan) => {
      const failing = chaosTargets(plan).filter((target) => target.failStep !== undefined).length;
      return failing > 0 && failing < chaosTargets(plan).length;
    });
    expect(mixed.length).toBeGreaterThan(several.length / 3);
    const others = several.flatMap((plan) => plan.others!);
    expect(others.some((shape) => shape.failTimes !== undefined)).toBe(true);
    expect(new Set(others.map((shape) => shape.stepMs)).size).toBeGreaterThan(others.length / 2);
  });

  it('is drawn after everything else, so a seed keeps its single-target plan', () => {
    // Run 1 of seed 1, as drawn before the fan-out was added.
    expect(planRun(1, 1)).toMatchObject({
      seed: 2514546015,
      steps: 2,
      stepMs: 725,
      queueMs: 101,
      failStep: 2,
      pollInterval: '2s',
      stepLogs: 'all',
      retries: 0,
      github: { event: 'pull_request', sha: '6f197b9dac00a05a31a0068b55007b9d55b5378d' },
      others: [
        { steps: 4, stepMs: 755, queueMs: 563 },
        { steps: 2, stepMs: 562, queueMs: 986 },
      ],
      failFast: false,
    });
    expect(planRun(1, 1).faultRate).toBeCloseTo(0.28004, 5);
  });

  it('names the last of several targets by name, the others by id, and steers each in a section', () => {
    const plan = planRun(1, 1);
    expect(chaosTargets(plan).map(({ pipeline, byName, label }) => [pipeline, byName, label])).toEqual([
      ['chaos', false, '620000000000000000000001'],
      ['chaos-2', false, '620000000000000000000002'],
      ['chaos-3', true, 'chaos-3'],
    ]);
    const lines = planEnvVars(plan).split('\n');
    expect(lines.filter((line) => line.startsWith('EMULATOR_FOR_PIPELINE='))).toEqual([
      'EMULATOR_FOR_PIPELINE=chaos',
      'EMULATOR_FOR_PIPELINE=chaos-2',
      'EMULATOR_FOR_PIPELINE=chaos-3',
    ]);
    expect(lines.slice(lines.indexOf('EMULATOR_FOR_PIPELINE=chaos-2'))).toEqual([
      'EMULATOR_FOR_PIPELINE=chaos-2',
      'EMULATOR_STEPS=4',
      'EMULATOR_STEP_MS=755',
      'EMULATOR_QUEUE_MS=563',
      'EMULATOR_RESULT=passed',
      'EMULATOR_FOR_PIPELINE=chaos-3',
      'EMULATOR_STEPS=2',
      'EMULATOR_STEP_MS=562',
      'EMULATOR_QUEUE_MS=986',
      'EMULATOR_RESULT=passed',
    ]);
    expect(planEnvVars(planRun(1, 0))).not.toContain('EMULATOR_FOR_PIPELINE');
  });
});

describe('the permission gate', () => {
  let fake: FakeGitHub;
  beforeAll(async () => {
    fake = await startFakeGitHub();
  }, 60_000);
  afterAll(async () => {
    await fake?.close();
  });

  it('knows which requests are the writes of each report', () => {
    expect(isDeniedWrite('commit-status', 'POST', `/repos/o/r/statuses/${'a'.repeat(40)}`)).toBe(true);
    expect(isDeniedWrite('commit-status', 'POST', '/repos/o/r/deployments/5/statuses')).toBe(false);
    expect(isDeniedWrite('check-run', 'PATCH', '/repos/o/r/check-runs/12')).toBe(true);
    expect(isDeniedWrite('check-run', 'GET', '/repos/o/r/commits/abc/check-runs')).toBe(false);
    expect(isDeniedWrite('deployment-environment', 'POST', '/repos/o/r/deployments/5/statuses')).toBe(true);
    expect(isDeniedWrite('deployment-environment', 'GET', '/repos/o/r/deployments')).toBe(false);
  });

  it('answers the denied report 403 as GitHub does, and passes everything else to the fake', async () => {
    const gate = await startPermissionGate({ target: fake.apiUrl, deny: 'check-run' });
    const sha = 'b'.repeat(40);
    const send = (method: string, path: string, body?: unknown) =>
      fetch(gate.url + path, {
        method,
        headers: { authorization: 'Bearer ghs_gateTest', 'content-type': 'application/json' },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    try {
      const refused = await send('POST', '/repos/o/r/check-runs', { name: 'c', head_sha: sha });
      expect(refused.status).toBe(403);
      expect(refused.headers.get('x-accepted-github-permissions')).toBe('checks=write');
      expect(await refused.json()).toMatchObject({ message: 'Resource not accessible by integration' });
      const status = await send('POST', `/repos/o/r/statuses/${sha}`, { state: 'pending', context: 'x' });
      expect(status.status).toBe(201);
      const listed = await send('GET', `/repos/o/r/commits/${sha}/check-runs`);
      expect(listed.status).toBe(200);
      expect(gate.denied()).toBe(1);
      expect(fake.checkRuns()).toEqual([]);
      expect(fake.statuses(sha)).toHaveLength(1);
      expect(fake.violations).toEqual([]);
    } finally {
      await gate.close();
    }
  }, 30_000);
});

describe('the report', () => {
  const plan = planRun(1, 0);
  const githubPlan = { event: 'push' as const, repository: 'chaos-org/app-0', sha: 'c'.repeat(40) };
  const run = (problems: GitHubVerdict['problems'] = []): JudgedRun => ({
    plan,
    verdict: { outcome: 'passed', problems: [], notes: [] },
    faults: [],
    requests: 5,
    logReads: 0,
    artifactReads: 0,
    mainMs: 3000,
    sigterm: false,
    sigkill: false,
    github: {
      plan: { ...githubPlan, reports: ['check-run'], denied: 'check-run' },
      verdict: { problems },
      denied: 2,
      warnings: 1,
    },
  });
  const totals: GitHubTotals = {
    rate: 0.2,
    kinds: ['server-error', 'lost'],
    requests: 40,
    faults: { 'server-error': 5, lost: 3 } as GitHubTotals['faults'],
    unattributed: [],
  };
  const summary = (runs: JudgedRun[], github: GitHubTotals = totals): ChaosSummary => ({
    seed: 1,
    planned: runs.length,
    runs,
    concurrency: 1,
    tookMs: 1000,
    stoppedEarly: false,
    command: 'node bench/chaos/run.ts',
    github,
  });

  it('shows the GitHub faults and a row for each GitHub check', () => {
    const markdown = chaosMarkdown(summary([run()]));
    expect(markdown).toContain('| server-error | 5 | 12.5 % |');
    expect(markdown).toContain('| lost | 3 | 7.5 % |');
    expect(markdown).toContain('| all faults | 8 | 20.0 % |');
    expect(markdown).toContain('| permission denied (403 by design) | 2 | – |');
    expect(markdown).toContain(
      "1 runs had one report's permission denied (2 writes answered 403; 1 of these",
    );
    for (const kind of ['duplicate check run', 'report left open', 'gate changed by GitHub']) {
      expect(markdown).toContain(`| ${kind} | 0 |`);
    }
  });

  it('says how many runs had several targets', () => {
    const fanOut: JudgedRun = { ...run(), plan: { ...plan, others: [plan, plan], failFast: true } };
    expect(chaosMarkdown(summary([run(), fanOut]))).toContain(
      '1 runs had several targets (3 in all; 1 of these runs with `fail-fast`).',
    );
  });

  it('counts GitHub problems, and violations on no run, as failures', () => {
    const failing = run([{ kind: 'report left open', detail: 'check run 1 is in_progress' }]);
    expect(problemCount(summary([failing]))).toBe(1);
    expect(chaosMarkdown(summary([failing]))).toContain('| report left open | 1 |');
    expect(chaosMarkdown(summary([failing]))).toContain('report left open: check run 1 is in_progress');
    const stray = { kind: 'not-implemented' as const, method: 'GET', path: '/user', message: 'no' };
    expect(problemCount(summary([run()], { ...totals, unattributed: [stray] }))).toBe(1);
  });
});

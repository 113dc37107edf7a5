// GitHub reporting end to end: dist/index.js and dist/post/index.js run as the runner runs them, with
// GITHUB_API_URL pointing at a fake GitHub that checks every request and answer against GitHub's own
// OpenAPI description, and event payloads from @octokit/webhooks-examples.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import { startFakeGitHub, type FakeGitHub } from '../../tools/fake-github/index.ts';
import { writeEventPayload, type EventFile, type EventName } from '../../tools/fake-github/events.ts';
import type { OperationCall } from '../../tools/fake-github/types.ts';
import { makeFiles, parseRunnerOutput, runAction, startAction } from '../support/action-harness.ts';
import { ensureBundle } from '../support/bundle.ts';
import { cancelLikeRunner, until } from '../support/runner-signals.ts';
import { tokenWindows, visibleTextOf } from '../support/token-leaks.ts';

const GITHUB_TOKEN = 'ghs_e2eGitHubToken0123456789';
const REPORTS = {
  'commit-status': 'ci-service/test',
  'check-run': 'CI service',
  'deployment-environment': 'staging',
};

let emulator: Emulator;
let github: FakeGitHub;
let ghes: FakeGitHub;
/** When each request reached the fake GitHub, by index in github.requests. */
const arrivals: number[] = [];

beforeAll(async () => {
  await ensureBundle();
  [emulator, github, ghes] = await Promise.all([
    startEmulator({ speed: 20 }),
    startFakeGitHub({ warm: true, onRequest: () => void arrivals.push(Date.now()) }),
    startFakeGitHub({ ghes: true, warm: true }),
  ]);
}, 180_000);
afterAll(async () => {
  await Promise.all([emulator?.close(), github?.close(), ghes?.close()]);
});
beforeEach(() => {
  emulator.control.reset();
  emulator.control.setSpeed(20);
  github.clearFaults();
});

type Output = { annotations?: unknown[] } | undefined;

function runnerEnv(event: EventFile, fake: FakeGitHub = github): Record<string, string> {
  return {
    ...event.env,
    GITHUB_REPOSITORY: event.repository,
    GITHUB_API_URL: fake.apiUrl,
    GITHUB_WORKFLOW_REF: `${event.repository}/.github/workflows/ci.yml@refs/heads/main`,
  };
}

function inputs(extra: Record<string, string> = {}): Record<string, string> {
  return {
    'base-url': emulator.url,
    token: 'demo-token',
    'github-token': GITHUB_TOKEN,
    'poll-interval': '1s',
    pipeline: 'acme/webapp/test',
    ...REPORTS,
    ...extra,
  };
}

/** Everything GitHub holds for this commit after the step, and the requests that made it. */
function reportsFor(sha: string, fake: FakeGitHub = github) {
  const checkRuns = fake.checkRuns().filter((run) => run.head_sha === sha);
  const deployments = fake.deployments().filter((deployment) => deployment.sha === sha);
  return {
    statuses: fake.statuses(sha),
    checkRuns,
    deployments,
    deploymentStates: deployments.map((deployment) =>
      fake.deploymentStatuses(deployment.id as number).map((status) => status.state),
    ),
  };
}

function expectNoViolations(fake: FakeGitHub = github) {
  expect(fake.violations).toEqual([]);
}

async function event(name: EventName): Promise<EventFile> {
  return writeEventPayload(name, { repository: 'octo-org/webapp', headSha: randomSha() });
}

function randomSha(): string {
  return Array.from({ length: 40 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
}

describe('a pull request', () => {
  it('reports on the head commit, not the merge commit: pending, then success everywhere', async () => {
    const pr = await event('pull_request');
    const result = await runAction(inputs(), { env: runnerEnv(pr) });
    expect(result.code, result.stdout).toBe(0);
    const { statuses, checkRuns, deployments, deploymentStates } = reportsFor(pr.headSha);
    expect(github.statuses(pr.env.GITHUB_SHA!)).toEqual([]);
    const page = `${emulator.url}/acme/webapp/runs/test/${result.outputs.id}`;
    expect(result.outputs['web-url']).toBe(page);
    expect(statuses.map((status) => status.state)).toEqual(expect.arrayContaining(['pending', 'success']));
    expect(statuses.at(-1)).toMatchObject({ state: 'success', context: 'ci-service/test', target_url: page });
    expect(checkRuns).toHaveLength(1);
    expect(checkRuns[0]).toMatchObject({
      name: 'CI service',
      status: 'completed',
      conclusion: 'success',
      external_id: result.outputs.id,
      details_url: page,
    });
    expect(result.outputs['check-run-id']).toBe(String(checkRuns[0]!.id));
    expect(deployments).toHaveLength(1);
    expect(deployments[0]).toMatchObject({ environment: 'staging' });
    expect(deploymentStates[0]).toEqual(['in_progress', 'success']);
    expect(result.outputs['deployment-id']).toBe(String(deployments[0]!.id));
    expectNoViolations();
  }, 60_000);

  it('pull_request_target also reports on the head commit', async () => {
    const pr = await event('pull_request_target');
    const result = await runAction(inputs({ 'check-run': '', 'deployment-environment': '' }), {
      env: runnerEnv(pr),
    });
    expect(result.code, result.stdout).toBe(0);
    expect(reportsFor(pr.headSha).statuses.at(-1)).toMatchObject({ state: 'success' });
    expectNoViolations();
  }, 60_000);
});

describe('pull_request_target from a fork', () => {
  const fromFork = () =>
    writeEventPayload('pull_request_target', {
      repository: 'octo-org/webapp',
      headSha: randomSha(),
      fork: 'mallory/webapp',
    });

  it('refuses deployment-environment without github-sha before any request, naming both inputs and the fix', async () => {
    const pr = fromFork();
    const before = github.requests.length;
    const result = await runAction(inputs({ 'commit-status': '', 'check-run': '' }), { env: runnerEnv(pr) });
    expect(result.code).toBe(1);
    const message = parseRunnerOutput(result.stdout)
      .errors.map((error) => error.message)
      .join('\n');
    expect(message).toContain('`deployment-environment` and `github-sha`');
    expect(message).toContain('github.event.pull_request.base.sha');
    expect(emulator.control.requests()).toHaveLength(0);
    expect(github.requests).toHaveLength(before);
    expect(reportsFor(pr.headSha).deployments).toEqual([]);
  }, 60_000);

  it('deploys the commit github-sha names', async () => {
    const pr = fromFork();
    const base = pr.env.GITHUB_SHA!;
    const result = await runAction(inputs({ 'check-run': '', 'github-sha': base }), { env: runnerEnv(pr) });
    expect(result.code, result.stdout).toBe(0);
    expect(reportsFor(base).deployments).toHaveLength(1);
    expect(reportsFor(pr.headSha).deployments).toEqual([]);
    expectNoViolations();
  }, 60_000);
});

describe('a push and a dispatch', () => {
  it('report on GITHUB_SHA', async () => {
    for (const name of ['push', 'workflow_dispatch'] as const) {
      const pushed = await event(name);
      const result = await runAction(inputs({ 'deployment-environment': '' }), { env: runnerEnv(pushed) });
      expect(result.code, result.stdout).toBe(0);
      expect(reportsFor(pushed.env.GITHUB_SHA!).statuses.at(-1)).toMatchObject({ state: 'success' });
    }
    expectNoViolations();
  }, 60_000);
});

describe('how the run ends', () => {
  it('a failed run: failure, with an annotation quoting the failing line, and the step fails', async () => {
    const pr = await event('pull_request');
    const result = await runAction(inputs({ 'env-vars': 'EMULATOR_RESULT=failed' }), { env: runnerEnv(pr) });
    expect(result.code).toBe(1);
    const { statuses, checkRuns, deploymentStates } = reportsFor(pr.headSha);
    expect(statuses.at(-1)).toMatchObject({ state: 'failure' });
    expect(checkRuns[0]).toMatchObject({ conclusion: 'failure' });
    const annotations = github.annotations(checkRuns[0]!.id as number);
    expect(annotations).toHaveLength(1);
    expect(annotations[0]).toMatchObject({ path: '.github/workflows/ci.yml', annotation_level: 'failure' });
    expect(annotations[0]!.message).toContain('ERROR: 3 tests failed');
    expect(deploymentStates[0]!.at(-1)).toBe('failure');
    expectNoViolations();
  }, 60_000);

  it('more than 50 failed steps: annotations in batches of at most 50', async () => {
    const pr = await event('push');
    const result = await runAction(
      inputs({
        pipeline: 'acme/webapp/test',
        'env-vars': 'EMULATOR_STEPS=120\nEMULATOR_STEP_MS=10\nEMULATOR_FAILED_STEPS=60',
        'deployment-environment': '',
      }),
      { env: runnerEnv(pr) },
    );
    expect(result.code).toBe(1);
    const run = reportsFor(pr.env.GITHUB_SHA!).checkRuns[0]!;
    expect(run).toMatchObject({ conclusion: 'failure' });
    expect(github.annotations(run.id as number)).toHaveLength(60);
    const sent = github.requests
      .filter((request) => request.path.endsWith(`/check-runs/${run.id}`))
      .map(
        (request) =>
          (request.body as { output?: { annotations?: unknown[] } }).output?.annotations?.length ?? 0,
      );
    expect(sent.filter((count) => count > 0)).toEqual([50, 10]);
    expectNoViolations();
  }, 60_000);

  it.each([
    ['first', (call: OperationCall) => 'conclusion' in call.body],
    ['second', (call: OperationCall) => !('conclusion' in call.body)],
  ])(
    'the answer to the %s annotation batch lost: each of the 60 once',
    async (_, batch) => {
      const carries = (call: OperationCall) => Array.isArray((call.body.output as Output)?.annotations);
      github.fail('updateCheckRun', 'lost', 1, { when: (call) => carries(call) && batch(call) });
      const pr = await event('push');
      const result = await runAction(
        inputs({
          'env-vars': 'EMULATOR_STEPS=120\nEMULATOR_STEP_MS=10\nEMULATOR_FAILED_STEPS=60',
          'deployment-environment': '',
        }),
        { env: runnerEnv(pr) },
      );
      expect(result.code).toBe(1);
      const run = reportsFor(pr.env.GITHUB_SHA!).checkRuns[0]!;
      expect(run).toMatchObject({ conclusion: 'failure' });
      const titles = github.annotations(run.id as number).map((annotation) => annotation.title);
      expect(titles).toHaveLength(60);
      expect(new Set(titles).size).toBe(60);
      const ours = github.requests.filter((request) => request.path.includes(`/check-runs/${run.id}`));
      expect(ours.filter((request) => request.lost)).toHaveLength(1);
      expect(ours.filter((request) => request.path.endsWith('/annotations'))).toHaveLength(1);
      expect(parseRunnerOutput(result.stdout).annotations.filter((a) => a.level === 'warning')).toEqual([]);
      expectNoViolations();
    },
    60_000,
  );

  it('a timeout: timed_out and error, and the gate still fails', async () => {
    const pr = await event('push');
    const result = await runAction(inputs({ timeout: '2s', 'env-vars': 'EMULATOR_STEP_MS=600000' }), {
      env: runnerEnv(pr),
    });
    expect(result.code).toBe(1);
    const { statuses, checkRuns, deploymentStates } = reportsFor(pr.env.GITHUB_SHA!);
    expect(statuses.at(-1)).toMatchObject({ state: 'error' });
    expect(checkRuns[0]).toMatchObject({ conclusion: 'timed_out' });
    expect(deploymentStates[0]!.at(-1)).toBe('error');
    expectNoViolations();
  }, 60_000);

  it('SIGINT: the remote abort first, then every report finished within the runner window', async () => {
    emulator.control.setSpeed(1);
    const pr = await event('pull_request');
    const action = startAction(inputs({ 'env-vars': 'EMULATOR_STEP_MS=600000' }), { env: runnerEnv(pr) });
    await action.waitForOutput(/running/);
    const cancellation = await cancelLikeRunner(action);
    expect(cancellation.sigtermSent).toBe(false);
    const abort = emulator.control.requests().find((entry) => entry.method === 'PUT');
    expect(abort).toBeDefined();
    const { statuses, checkRuns, deploymentStates } = reportsFor(pr.headSha);
    expect(statuses.at(-1)).toMatchObject({ state: 'error' });
    expect(checkRuns[0]).toMatchObject({ status: 'completed', conclusion: 'cancelled' });
    expect(deploymentStates[0]!.at(-1)).toBe('error');
    // The reports' endings were sent after the abort: GitHub never delayed it.
    const endings = github.requests.flatMap((request, index) => {
      const body = JSON.stringify(request.body ?? {});
      const at = arrivals[index]!;
      return at >= cancellation.signalAt && /"state":"error"|"conclusion":"cancelled"/.test(body) ? [at] : [];
    });
    expect(endings).toHaveLength(3);
    expect(endings.every((at) => at >= abort!.at)).toBe(true);
    expectNoViolations();
  }, 60_000);
});

describe('after SIGKILL', () => {
  it('the post entry finishes every report main left open', async () => {
    emulator.control.setSpeed(1);
    const pr = await event('pull_request');
    const files = makeFiles();
    const given = inputs({ 'env-vars': 'EMULATOR_STEP_MS=600000' });
    const action = startAction(given, { files, env: runnerEnv(pr) });
    await action.waitForOutput(/running/);
    await until(
      () => reportsFor(pr.headSha).deploymentStates[0]?.length === 1,
      15_000,
      'the deployment in progress',
    );
    action.child.kill('SIGKILL');
    const killed = await action.result;
    expect(JSON.parse(killed.state.openReports!)).toMatchObject({ status: true });
    const post = await runAction(given, { entry: 'post', files, env: runnerEnv(pr) });
    expect(post.code, post.stdout).toBe(0);
    const { statuses, checkRuns, deploymentStates } = reportsFor(pr.headSha);
    expect(statuses.at(-1)).toMatchObject({ state: 'error' });
    expect(checkRuns).toHaveLength(1);
    expect(checkRuns[0]).toMatchObject({ status: 'completed', conclusion: 'cancelled' });
    expect(deploymentStates[0]!.at(-1)).toBe('error');
    expectNoViolations();
  }, 60_000);
});

describe('an ending GitHub answered 503 until main exited', () => {
  it('the check run stays listed in the state, and the post entry completes it', async () => {
    emulator.control.setSpeed(1);
    github.fail('updateCheckRun', 'unavailable', 'always', { when: (call) => 'conclusion' in call.body });
    const pr = await event('pull_request');
    const files = makeFiles();
    const given = inputs({ 'env-vars': 'EMULATOR_STEP_MS=600000' });
    const action = startAction(given, { files, env: runnerEnv(pr) });
    await action.waitForOutput(/running/);
    const cancellation = await cancelLikeRunner(action);
    expect(cancellation.sigtermSent).toBe(false);
    const main = await action.result;
    expect(main.stdout).toMatch(/A check run update could not be written to GitHub in time/);
    const id = reportsFor(pr.headSha).checkRuns[0]!.id;
    expect(reportsFor(pr.headSha).checkRuns[0]).toMatchObject({ status: 'in_progress' });
    // The status and the deployment were finished; the check run alone is left for post.
    expect(JSON.parse(main.state.openReports!)).toEqual({ checkRunId: id, targetUrl: expect.any(String) });

    github.clearFaults();
    const post = await runAction(given, { entry: 'post', files, env: runnerEnv(pr) });
    expect(post.code, post.stdout).toBe(0);
    expect(post.stdout).toMatch(/Finished the GitHub reports the main step left open/);
    const { statuses, checkRuns, deploymentStates } = reportsFor(pr.headSha);
    expect(checkRuns).toHaveLength(1);
    expect(checkRuns[0]).toMatchObject({ status: 'completed', conclusion: 'cancelled' });
    expect(statuses.at(-1)).toMatchObject({ state: 'error' });
    expect(deploymentStates[0]!.at(-1)).toBe('error');
    expectNoViolations();
  }, 60_000);
});

describe('wait: false, then a step that attaches', () => {
  it('leaves the reports open; the attaching step finds the check run and finishes them all', async () => {
    const pr = await event('pull_request');
    const first = await runAction(inputs({ wait: 'false' }), { env: runnerEnv(pr) });
    expect(first.code, first.stdout).toBe(0);
    expect(first.stdout).toMatch(/left pending for a later step/);
    expect(reportsFor(pr.headSha).statuses.at(-1)).toMatchObject({ state: 'pending' });
    expect(reportsFor(pr.headSha).checkRuns[0]).toMatchObject({ status: 'in_progress' });
    const post = await runAction(inputs({ wait: 'false' }), {
      entry: 'post',
      files: first.files,
      env: runnerEnv(pr),
    });
    expect(reportsFor(pr.headSha).statuses.at(-1)).toMatchObject({ state: 'pending' });
    expect(post.code).toBe(0);

    const second = await runAction(
      { ...inputs({ pipeline: '' }), 'run-id': first.outputs.id!, application: 'acme/webapp' },
      { env: runnerEnv(pr) },
    );
    expect(second.code, second.stdout).toBe(0);
    const { statuses, checkRuns, deployments, deploymentStates } = reportsFor(pr.headSha);
    expect(checkRuns).toHaveLength(1);
    expect(deployments).toHaveLength(1);
    expect(checkRuns[0]).toMatchObject({ conclusion: 'success' });
    expect(statuses.at(-1)).toMatchObject({ state: 'success' });
    expect(deploymentStates[0]!.at(-1)).toBe('success');
    expect(second.outputs['check-run-id']).toBe(first.outputs['check-run-id']);
    expectNoViolations();
  }, 90_000);
});

describe('GitHub faults never change the gate', () => {
  it.each([
    ['createCommitStatus', 'statuses: write'],
    ['createCheckRun', 'checks: write'],
    ['createDeployment', 'deployments: write'],
  ])(
    '403 on %s: one warning naming %s, the step still passes',
    async (operation, permission) => {
      github.fail(operation, 'forbidden', 'always');
      const pr = await event('push');
      const result = await runAction(inputs(), { env: runnerEnv(pr) });
      expect(result.code, result.stdout).toBe(0);
      const warnings = parseRunnerOutput(result.stdout).annotations.filter((a) => a.level === 'warning');
      expect(warnings).toHaveLength(1);
      expect(warnings[0]!.message).toContain(permission);
      expect(warnings[0]!.message).toContain('permissions:');
    },
    60_000,
  );

  it('5xx answers and secondary rate limits are retried; a lost create makes no second check run', async () => {
    github.fail('createCommitStatus', 'server-error', 2);
    github.fail('updateCheckRun', 'secondary-rate-limit', 1, { retryAfter: 1 });
    github.fail('createCheckRun', 'lost', 1);
    const pr = await event('push');
    const result = await runAction(inputs(), { env: runnerEnv(pr) });
    expect(result.code, result.stdout).toBe(0);
    const { statuses, checkRuns } = reportsFor(pr.env.GITHUB_SHA!);
    expect(checkRuns).toHaveLength(1);
    expect(checkRuns[0]).toMatchObject({ conclusion: 'success' });
    expect(statuses.at(-1)).toMatchObject({ state: 'success' });
    expect(parseRunnerOutput(result.stdout).annotations.filter((a) => a.level === 'warning')).toEqual([]);
    expectNoViolations();
  }, 90_000);

  it('a summary over 65,535 characters is cut to fit the check run', async () => {
    const pr = await event('push');
    const result = await runAction(
      inputs({
        'env-vars': 'EMULATOR_STEPS=2000\nEMULATOR_STEP_MS=1',
        'commit-status': '',
        'deployment-environment': '',
      }),
      { env: runnerEnv(pr) },
    );
    expect(result.code, result.stdout).toBe(0);
    expect(result.summary.length).toBeGreaterThan(65_535);
    const run = reportsFor(pr.env.GITHUB_SHA!).checkRuns[0]!;
    const output = run.output as { summary: string };
    expect(output.summary.length).toBeLessThanOrEqual(65_535);
    expectNoViolations();
  }, 120_000);
});

describe('GitHub Enterprise Server', () => {
  it('reports through GITHUB_API_URL under /api/v3', async () => {
    const pr = await event('pull_request');
    const result = await runAction(inputs(), { env: runnerEnv(pr, ghes) });
    expect(result.code, result.stdout).toBe(0);
    expect(reportsFor(pr.headSha, ghes).statuses.at(-1)).toMatchObject({ state: 'success' });
    expect(reportsFor(pr.headSha, ghes).checkRuns[0]).toMatchObject({ conclusion: 'success' });
    expect(ghes.requests.every((request) => request.path.startsWith('/api/v3/'))).toBe(true);
    expectNoViolations(ghes);
  }, 60_000);
});

describe('tokens', () => {
  it('each token goes only to its own service, and neither shows in the log, outputs or summary', async () => {
    const pr = await event('push');
    const result = await runAction(inputs({ token: 'demo-token' }), { env: runnerEnv(pr) });
    expect(result.code).toBe(0);
    expect(github.requests.every((request) => request.token === GITHUB_TOKEN)).toBe(true);
    const ciRequests = emulator.control.requests();
    expect(JSON.stringify(ciRequests)).not.toContain(GITHUB_TOKEN);
    expect(tokenWindows(visibleTextOf(result), GITHUB_TOKEN)).toEqual([]);
    expect(parseRunnerOutput(result.stdout).masks).toContain(GITHUB_TOKEN);
  }, 60_000);
});

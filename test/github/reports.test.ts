// The GitHub reports in-process: the real flow and the three report sinks on virtual time, against an
// in-memory GitHub. The end-to-end tests (reports.e2e.test.ts) check the same against GitHub's OpenAPI.
import { describe, expect, it } from 'vitest';
import type { GitHubReporting } from '../../src/github/settings.ts';
import { PIPELINE_ID } from '../core/flow/fake-api.ts';
import { runFlow, type FlowSetup, type SinkPorts } from '../core/flow/kit.ts';
import { httpFailure, MemoryGitHub } from './memory-github.ts';
import { testGitHubSink } from './sink-kit.ts';

const SHA = 'a'.repeat(40);
const ALL: Partial<GitHubReporting> = {
  commitStatus: 'ci/test',
  checkRun: 'CI test',
  deploymentEnvironment: 'staging',
};

function withGitHub(gh: MemoryGitHub, reports: Partial<GitHubReporting> = ALL) {
  const reporting: GitHubReporting = { token: 't', owner: 'o', repo: 'r', sha: SHA, ...reports };
  return (ports: SinkPorts) => [testGitHubSink(reporting, gh, ports)];
}

async function reportRun(gh: MemoryGitHub, setup: FlowSetup = {}, reports?: Partial<GitHubReporting>) {
  return runFlow({
    ...setup,
    inputs: { pipeline: 'acme/app/build', ...setup.inputs },
    sinksFor: withGitHub(gh, reports),
  });
}

describe('a run that passes', () => {
  it('goes pending → success, in_progress → success, and its deployment in_progress → success', async () => {
    const gh = new MemoryGitHub();
    const run = await reportRun(gh);
    expect(run.outcome.kind).toBe('passed');
    const id = run.outputs.get('id')!;
    const page = `https://ci.test/acme/app/runs/build/${id}`;
    expect(run.outputs.get('web-url')).toBe(page);

    expect(gh.statuses[0]).toMatchObject({ state: 'pending', context: 'ci/test', target_url: page });
    expect(gh.lastStatus()).toMatchObject({ state: 'success', context: 'ci/test', target_url: page });
    expect(gh.statuses.every((status) => status.description.length <= 140)).toBe(true);
    expect(new Set(gh.statuses.map((status) => status.description)).size).toBe(gh.statuses.length);

    expect(gh.checkRuns).toHaveLength(1);
    const check = gh.checkRuns[0]!;
    expect(check).toMatchObject({
      name: 'CI test',
      external_id: id,
      status: 'in_progress',
      details_url: page,
    });
    expect(gh.checkRunState(check.id)).toMatchObject({ status: 'completed', conclusion: 'success' });
    expect(run.outputs.get('check-run-id')).toBe(String(check.id));

    expect(gh.deployments).toHaveLength(1);
    const deployment = gh.deployments[0]!;
    expect(deployment).toMatchObject({ environment: 'staging', runId: id });
    expect(deployment.statuses.map((status) => status.state)).toEqual(['in_progress', 'success']);
    expect(deployment.statuses.every((status) => status.log_url === page)).toBe(true);
    expect(run.outputs.get('deployment-id')).toBe(String(deployment.id));
    // Everything was finished: nothing is left for post.
    expect(run.state.get('openReports')).toBe('');
  });

  it('writes one request per state change, not one per poll', async () => {
    const gh = new MemoryGitHub();
    const run = await reportRun(gh, { inputs: { 'poll-interval': '1s' } });
    expect(run.api.count('getRun')).toBeGreaterThan(10);
    expect(gh.count('createStatus')).toBeLessThanOrEqual(6);
    expect(gh.count('updateCheckRun')).toBeLessThanOrEqual(6);
  });
});

describe('a run that fails', () => {
  it('reports failure everywhere, with an annotation for the failed step', async () => {
    const gh = new MemoryGitHub();
    const run = await reportRun(gh, { arrange: ({ api }) => void (api.script.failAt = 1) });
    expect(run.outcome.kind).toBe('failed');
    expect(gh.lastStatus()).toMatchObject({ state: 'failure' });
    expect(gh.lastStatus()!.description).toContain('failed at step 2/3 build');
    const final = gh.checkRunState(gh.checkRuns[0]!.id);
    expect(final).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(final.output!.annotations).toHaveLength(1);
    expect(final.output!.annotations![0]).toMatchObject({
      path: '.github/workflows/ci.yml',
      annotation_level: 'failure',
    });
    expect(final.output!.annotations![0]!.title).toContain('2/3 build');
    expect(gh.deployments[0]!.statuses.at(-1)!.state).toBe('failure');
  });

  it('still says failure when propagate-failure is false', async () => {
    const gh = new MemoryGitHub();
    const run = await reportRun(gh, {
      inputs: { 'propagate-failure': 'false' },
      arrange: ({ api }) => void (api.script.failAt = 0),
    });
    expect(run.outcome).toMatchObject({ kind: 'failed', success: true });
    expect(gh.lastStatus()!.state).toBe('failure');
    expect(gh.checkRunState(gh.checkRuns[0]!.id).conclusion).toBe('failure');
  });
});

describe('cancel and timeout', () => {
  it('aborts the remote run first, then finishes every report as cancelled', async () => {
    const gh = new MemoryGitHub();
    let statusesAtAbort = -1;
    const run = await reportRun(gh, {
      arrange: ({ api, time, cancel }) => {
        time.at(8000, cancel);
        api.failNext('abortRun', () => void (statusesAtAbort = gh.statuses.length), 0);
      },
    });
    expect(run.outcome.kind).toBe('cancelled');
    expect(run.api.count('abortRun')).toBeGreaterThanOrEqual(1);
    expect(gh.lastStatus()!.state).toBe('error');
    expect(gh.checkRunState(gh.checkRuns[0]!.id).conclusion).toBe('cancelled');
    expect(gh.deployments[0]!.statuses.at(-1)!.state).toBe('error');
    expect(statusesAtAbort).toBeLessThan(gh.statuses.length);
    expect(run.state.get('openReports')).toBe('');
  });

  it('a run aborted on the server: cancelled and error', async () => {
    const gh = new MemoryGitHub();
    const run = await reportRun(gh, {
      arrange: ({ api, time }) =>
        time.at(8000, () => {
          for (const remote of api.remotes.values()) remote.abortedAt = time.now;
        }),
    });
    expect(run.outcome.kind).toBe('aborted');
    expect(gh.lastStatus()!.state).toBe('error');
    expect(gh.checkRunState(gh.checkRuns[0]!.id).conclusion).toBe('cancelled');
    expect(gh.deployments[0]!.statuses.at(-1)!.state).toBe('error');
  });

  it('reports a timeout as timed_out and error', async () => {
    const gh = new MemoryGitHub();
    const run = await reportRun(gh, { inputs: { timeout: '8s' } });
    expect(run.outcome.kind).toBe('timed-out');
    expect(gh.lastStatus()!.state).toBe('error');
    expect(gh.checkRunState(gh.checkRuns[0]!.id).conclusion).toBe('timed_out');
  });
});

describe('GitHub failures never change the gate', () => {
  it('a 403 stops that report with one warning naming the permission; the others go on', async () => {
    const gh = new MemoryGitHub();
    gh.fail('createStatus', httpFailure(403, {}, 'Resource not accessible by integration'), 99);
    const run = await reportRun(gh);
    expect(run.outcome).toMatchObject({ kind: 'passed', success: true });
    expect(gh.count('createStatus')).toBe(1);
    const warnings = run.lines.filter((line) => line.startsWith('warning: '));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('statuses: write');
    expect(warnings[0]).toContain('permissions:');
    // Nothing is left for post to try again (and warn about again).
    expect(JSON.parse(run.state.get('openReports') || '{}')).not.toHaveProperty('status');
    expect(gh.checkRunState(gh.checkRuns[0]!.id).conclusion).toBe('success');
  });

  it('5xx answers and rate limits are retried, honouring Retry-After', async () => {
    const gh = new MemoryGitHub();
    gh.fail('createStatus', httpFailure(502), 2);
    gh.fail(
      'updateCheckRun',
      httpFailure(403, { 'retry-after': '30' }, 'You have exceeded a secondary rate limit'),
      1,
    );
    const run = await reportRun(gh);
    expect(run.outcome.kind).toBe('passed');
    expect(gh.lastStatus()!.state).toBe('success');
    expect(gh.checkRunState(gh.checkRuns[0]!.id).conclusion).toBe('success');
    expect(run.lines.filter((line) => line.startsWith('warning: '))).toEqual([]);
  });

  it('a lost create answer is looked up by external_id: never two check runs or deployments', async () => {
    const gh = new MemoryGitHub();
    gh.fail('createCheckRun', httpFailure(500), 1, true);
    gh.fail('createDeployment', httpFailure(0), 1, true);
    const run = await reportRun(gh);
    expect(gh.checkRuns).toHaveLength(1);
    expect(gh.deployments).toHaveLength(1);
    expect(gh.count('findCheckRun')).toBe(1);
    expect(run.outputs.get('check-run-id')).toBe(String(gh.checkRuns[0]!.id));
    expect(gh.checkRunState(gh.checkRuns[0]!.id).conclusion).toBe('success');
  });
});

describe('wait: false, then a step that attaches', () => {
  it('leaves the reports open and not for post; the attaching step finds and finishes them', async () => {
    const gh = new MemoryGitHub();
    const first = await reportRun(gh, { inputs: { wait: 'false' } });
    expect(first.outcome.kind).toBe('triggered');
    expect(gh.lastStatus()!.state).toBe('pending');
    expect(gh.checkRuns[0]!.status).toBe('in_progress');
    expect(gh.checkRunState(gh.checkRuns[0]!.id).status).toBe('in_progress');
    expect(first.state.get('openReports') ?? '').toBe('');
    expect(first.lines.some((line) => line.includes('left pending for a later step'))).toBe(true);

    const runId = first.outputs.get('id')!;
    const second = await runFlow({
      inputs: { 'run-id': runId, application: 'acme/app' },
      arrange: ({ api }) => void api.remotes.set(runId, { ...first.api.remotes.get(runId)!, createdAt: 0 }),
      sinksFor: withGitHub(gh),
    });
    expect(second.outcome.kind).toBe('passed');
    expect(gh.checkRuns).toHaveLength(1);
    expect(gh.deployments).toHaveLength(1);
    expect(gh.checkRunState(gh.checkRuns[0]!.id).conclusion).toBe('success');
    expect(gh.lastStatus()!.state).toBe('success');
    expect(gh.deployments[0]!.statuses.at(-1)!.state).toBe('success');
    expect(second.outputs.get('check-run-id')).toBe(String(gh.checkRuns[0]!.id));
  });
});

describe('without a pipeline name', () => {
  it('web-url falls back to the API url when the application is unknown', async () => {
    const gh = new MemoryGitHub();
    const run = await runFlow({ inputs: { 'pipeline-id': PIPELINE_ID }, sinksFor: withGitHub(gh) });
    expect(run.outputs.get('web-url')).toBe(run.outputs.get('url'));
    expect(gh.lastStatus()!.target_url).toBe(run.outputs.get('url'));
  });
});

describe('a pipeline the server names to break out of a quoted string', () => {
  const NAME = "x'); mark.ran = true; ('(*)!~";

  /** `url` pasted into a single-quoted string of a script, as a workflow would: it stays that string. */
  function pastedIntoScript(url: string): unknown {
    const mark = { ran: false };
    const value = new Function('mark', `const url = '${url}'; return mark.ran ? 'ran' : url;`)(
      mark,
    ) as unknown;
    return value;
  }

  it('is linked in every report and output with each of its bytes outside [A-Za-z0-9_.-] encoded', async () => {
    const gh = new MemoryGitHub();
    const run = await runFlow({
      inputs: { 'pipeline-id': PIPELINE_ID, application: 'acme/app' },
      arrange: ({ api }) => {
        api.pipelines = [{ id: PIPELINE_ID, name: NAME }];
        api.script.failAt = 1;
      },
      sinksFor: withGitHub(gh),
    });
    const page = `https://ci.test/acme/app/runs/x%27%29%3B%20mark.ran%20%3D%20true%3B%20%28%27%28%2A%29%21%7E/${run.outputs.get('id')}`;
    expect(run.outputs.get('web-url')).toBe(page);
    const check = gh.checkRuns[0]!;
    const links = [
      run.outputs.get('web-url')!,
      ...gh.statuses.map((status) => status.target_url!),
      check.details_url!,
      ...check.updates.flatMap((update) => (update.details_url ? [update.details_url] : [])),
      ...gh.deployments.flatMap((deployment) => deployment.statuses.map((status) => status.log_url!)),
      ...check.annotations.flatMap((annotation) => annotation.message.match(/https:\S+/g) ?? []),
    ];
    expect(links.length).toBeGreaterThan(5);
    expect(links.some((link) => link.includes('?step='))).toBe(true);
    for (const link of links) {
      expect(link.startsWith(page)).toBe(true);
      expect(pastedIntoScript(link)).toBe(link);
    }
  });
});

describe('retries', () => {
  it('keep one check run, one deployment and one status context, following the newest attempt', async () => {
    const gh = new MemoryGitHub();
    const run = await reportRun(gh, {
      inputs: { retries: '1' },
      arrange: ({ api }) => void (api.nextScripts = [{ ...api.script, failAt: 1 }]),
    });
    expect(run.outcome.kind).toBe('passed');
    const [first, second] = [...run.api.remotes.keys()];
    const page = (id: string) => `https://ci.test/acme/app/runs/build/${id}`;

    expect(gh.checkRuns).toHaveLength(1);
    const check = gh.checkRuns[0]!;
    expect(check).toMatchObject({ external_id: first, details_url: page(first!) });
    const final = gh.checkRunState(check.id);
    expect(final).toMatchObject({ status: 'completed', conclusion: 'success', details_url: page(second!) });
    expect(final.output!.title).toContain('(attempt 2/2) passed');
    expect(final.output!.summary).toContain(first);
    expect(final.output!.annotations ?? []).toEqual([]);

    expect(gh.deployments).toHaveLength(1);
    const deployment = gh.deployments[0]!;
    expect(deployment.runId).toBe(first);
    expect(deployment.statuses.map((status) => [status.state, status.log_url])).toEqual([
      ['in_progress', page(first!)],
      ['in_progress', page(second!)],
      ['success', page(second!)],
    ]);
    expect(deployment.statuses[1]!.description).toContain('(attempt 2/2) is running');

    expect(new Set(gh.statuses.map((status) => status.context))).toEqual(new Set(['ci/test']));
    expect(gh.statuses.some((status) => status.target_url === page(first!))).toBe(true);
    expect(gh.lastStatus()).toMatchObject({ state: 'success', target_url: page(second!) });
    expect(gh.lastStatus()!.description).toContain('(attempt 2/2) passed');
    expect(run.state.get('openReports')).toBe('');
  });

  it('create the check run for the first attempt even when its create is still being sent', async () => {
    const gh = new MemoryGitHub();
    // The create keeps failing while the first attempt runs and fails; it gets through afterwards.
    gh.fail('createCheckRun', httpFailure(500), 4);
    const run = await reportRun(
      gh,
      {
        inputs: { retries: '1' },
        arrange: ({ api }) =>
          void (api.nextScripts = [{ ...api.script, queueMs: 0, stepMs: 1000, failAt: 0 }]),
      },
      { checkRun: 'CI test' },
    );
    expect(run.outcome.kind).toBe('passed');
    const [first] = [...run.api.remotes.keys()];
    expect(gh.count('createCheckRun')).toBe(5);
    expect(gh.checkRuns).toHaveLength(1);
    expect(gh.checkRuns[0]!.external_id).toBe(first);
    expect(gh.checkRunState(gh.checkRuns[0]!.id).conclusion).toBe('success');
  });
});

// The bundled main entry, run as the runner runs it, against the emulator over real HTTP. The lost and
// refused triggers are in trigger.e2e.test.ts, the bad inputs in bad-inputs.e2e.test.ts.
import { describe, expect, it } from 'vitest';
import { defaultWorld, startEmulator } from '../../src/emulator/index.ts';
import type { WorldFile } from '../../src/emulator/index.ts';
import { parseRunnerOutput, runAction } from '../support/action-harness.ts';
import { BUILD, emulatorPerFile, TEST } from './emulator-kit.ts';

const SPEED = 20;
const kit = emulatorPerFile(SPEED);
// The auto policy has its own test; the others poll every second.
const { connection, posts, aborts } = kit;

describe('a run of a pipeline', () => {
  it('passes, sets every output and writes the summary', async () => {
    const result = await runAction({ ...connection(), 'pipeline-id': BUILD, 'poll-interval': 'auto' });
    expect(result.code, result.stdout).toBe(0);
    const [run] = kit.emulator.control
      .runs()
      .filter((view) => view.pipelineId === BUILD && view.id === result.outputs.id);
    expect(run).toBeDefined();
    expect(result.outputs).toMatchObject({
      type: 'run',
      id: run!.id,
      'run-id': run!.id,
      url: `${kit.emulator.url}/api/v3/runs/${run!.id}`,
      status: 'finished',
      result: 'passed',
      progress: '100',
    });
    expect(Date.parse(result.outputs['started-at']!)).toBeLessThanOrEqual(
      Date.parse(result.outputs['finished-at']!),
    );
    expect(Number(result.outputs.duration)).toBeGreaterThanOrEqual(0);
    const steps = JSON.parse(result.outputs.steps!) as Array<{ order: number; name: string; result: string }>;
    expect(steps.map((step) => step.name)).toEqual([
      'get code',
      'setup environment',
      'npm ci',
      'npm test',
      'store',
    ]);
    expect(steps.every((step) => step.result === 'passed')).toBe(true);
    expect(result.stdout).toContain(`Triggered run ${run!.id}`);
    expect(result.stdout).toMatch(/✔ Run passed in/);
    expect(result.summary).toContain('passed');
    expect(result.state).toMatchObject({ kind: 'run', id: run!.id, settled: 'true' });
    expect(posts()).toHaveLength(1);
  });

  it('fails the step on a failed run, naming the first failed step', async () => {
    const result = await runAction({
      ...connection(),
      'pipeline-id': BUILD,
      'env-vars': 'EMULATOR_FAIL_STEP=npm test',
    });
    expect(result.code).toBe(1);
    expect(result.outputs.result).toBe('failed');
    const commands = parseRunnerOutput(result.stdout);
    expect(commands.errors.at(-1)?.message).toMatch(/failed at step 4\/\d "npm test"/);
    expect(commands.errors.some((error) => /npm test/.test(error.properties.title ?? ''))).toBe(true);
  });

  it('passes a failed run when propagate-failure is false', async () => {
    const result = await runAction({
      ...connection(),
      'pipeline-id': BUILD,
      'env-vars': 'EMULATOR_RESULT=failed',
      'propagate-failure': 'false',
    });
    expect(result.code).toBe(0);
    expect(result.outputs.result).toBe('failed');
    expect(result.stdout).toContain('propagate-failure is false');
  });

  it('sends env-vars in exactly the written order, with = in values and heredocs', async () => {
    const envVars = [
      'ZED=last letter first',
      'URL=https://x.test/?a=b&c=d',
      'NOTE<<END',
      'line one',
      '  line two',
      'END',
      '# a comment',
      '',
      'ALPHA=1',
    ].join('\n');
    const result = await runAction({ ...connection(), 'pipeline-id': TEST, 'env-vars': envVars });
    expect(result.code, result.stdout).toBe(0);
    const run = kit.emulator.control.runs().find((view) => view.id === result.outputs.id)!;
    expect(run.envVars).toEqual([
      { key: 'ZED', value: 'last letter first' },
      { key: 'URL', value: 'https://x.test/?a=b&c=d' },
      { key: 'NOTE', value: 'line one\n  line two' },
      { key: 'ALPHA', value: '1' },
    ]);
    expect(result.summary).toContain('ZED');
    expect(result.summary).not.toContain('last letter first');
  });

  it('sends branch, commit and message', async () => {
    const commit = '2b7e9c4a6d1f8e3b5a0c7d9e2f4a6b8c1d3e5f70';
    const result = await runAction({
      ...connection(),
      'pipeline-id': TEST,
      branch: 'develop',
      commit,
      message: 'Gate PR #7',
    });
    expect(result.code, result.stdout).toBe(0);
    const run = kit.emulator.control.runs().find((view) => view.id === result.outputs.id)!;
    expect(run).toMatchObject({ branch: 'develop', commitHash: commit, message: 'Gate PR #7' });
  });

  it('chains from another run with source-run-id', async () => {
    const first = await runAction({ ...connection(), 'pipeline-id': TEST });
    expect(first.code).toBe(0);
    const second = await runAction({
      ...connection(),
      'pipeline-id': TEST,
      'source-run-id': first.outputs['run-id']!,
    });
    expect(second.code, second.stdout).toBe(0);
    const run = kit.emulator.control.runs().find((view) => view.id === second.outputs.id)!;
    expect(run.sourceRunId).toBe(first.outputs['run-id']);
  });

  it('triggers without waiting when wait is false', async () => {
    kit.emulator.control.setSpeed(0);
    const result = await runAction({ ...connection(), 'pipeline-id': BUILD, wait: 'false' });
    expect(result.code, result.stdout).toBe(0);
    expect(result.outputs.id).toMatch(/^[0-9a-f]{24}$/);
    expect(result.outputs.status).toBe('notstarted');
    expect(result.state.settled).toBe('true');
  });

  it('follows an existing run given by run-id, sending no trigger', async () => {
    const started = await runAction({ ...connection(), 'pipeline-id': BUILD, wait: 'false' });
    kit.emulator.control.clearRequests();
    const result = await runAction({ ...connection(), 'run-id': started.outputs.id! });
    expect(result.code, result.stdout).toBe(0);
    expect(result.outputs).toMatchObject({ id: started.outputs.id, result: 'passed' });
    expect(posts()).toHaveLength(0);
  });

  it('resolves a pipeline by name', async () => {
    const result = await runAction({ ...connection(), pipeline: 'acme/webapp/test' });
    expect(result.code, result.stdout).toBe(0);
    expect(kit.emulator.control.runs().find((view) => view.id === result.outputs.id)?.pipelineId).toBe(TEST);
  });

  it('resolves a pipeline by name from the runs when the server has no pipelines list', async () => {
    kit.emulator.control.injectFault({
      route: '/api/v3/applications/:owner/:application/pipelines',
      status: 404,
      times: 50,
    });
    const result = await runAction({ ...connection(), pipeline: 'acme/webapp/test' });
    expect(result.code, result.stdout).toBe(0);
    expect(kit.emulator.control.runs().find((view) => view.id === result.outputs.id)?.pipelineId).toBe(TEST);
  });
});

describe('a classic build', () => {
  it('triggers and follows a build of a stack-5 application', async () => {
    const result = await runAction({ ...connection(), application: 'acme/docker-classic' });
    expect(result.code, result.stdout).toBe(0);
    expect(result.outputs).toMatchObject({ type: 'build', result: 'passed', status: 'finished' });
    expect(result.outputs['build-id']).toBe(result.outputs.id);
  });

  it('triggers a build by application-id', async () => {
    const result = await runAction({ ...connection(), 'application-id': '610000000000000000000003' });
    expect(result.code, result.stdout).toBe(0);
    expect(result.outputs).toMatchObject({ type: 'build', result: 'passed' });
  });

  it('refuses a workflow-stack application before sending anything', async () => {
    const result = await runAction({ ...connection(), application: 'acme/webapp' });
    expect(result.code).toBe(1);
    expect(parseRunnerOutput(result.stdout).errors.at(-1)?.message).toMatch(/stack 6.*pipeline/);
    expect(posts()).toHaveLength(0);
  });
});

describe('wait-for: workflow', () => {
  it('waits for the chained deploy and fails when it fails', async () => {
    const world = structuredClone(defaultWorld) as WorldFile;
    const webapp = world.applications.find((app) => app.name === 'webapp')!;
    const deploy = webapp.pipelines!.find((pipeline) => pipeline.name === 'deploy')!;
    deploy.steps = deploy.steps!.map((step) =>
      step.name === 'deploy to staging' ? { ...step, fails: true } : step,
    );
    const own = await startEmulator({ speed: SPEED, world });
    try {
      const result = await runAction({
        'base-url': own.url,
        token: 'demo-token',
        pipeline: 'acme/webapp/build',
        'wait-for': 'workflow',
        'poll-interval': '1s',
      });
      expect(result.code, result.stdout).toBe(1);
      expect(result.outputs['workflow-id']).toMatch(/^[0-9a-f]{24}$/);
      // `result` is what the gate used (the failed deploy); `run-result` the triggered run's own.
      expect(result.outputs.result).toBe('failed');
      expect(result.outputs['run-result']).toBe('passed');
      expect(result.stdout).toMatch(/workflow: .*deploy/);
      expect(result.summary).toContain('deploy');
      const deployRun = own.control.runs().find((view) => view.sourceRunId === result.outputs.id);
      expect(deployRun).toMatchObject({ pipelineName: 'deploy', status: 'finished', result: 'failed' });
    } finally {
      await own.close();
    }
  });

  it('passes when every item of the workflow passes', async () => {
    const result = await runAction({
      ...connection(),
      pipeline: 'acme/webapp/build',
      'wait-for': 'workflow',
    });
    expect(result.code, result.stdout).toBe(0);
    const deployRun = kit.emulator.control.runs().find((view) => view.sourceRunId === result.outputs.id);
    expect(deployRun).toMatchObject({ pipelineName: 'deploy', status: 'finished', result: 'passed' });
  });
});

describe('timeout', () => {
  it('aborts the remote run and fails with on-timeout: abort', async () => {
    const result = await runAction({
      ...connection(),
      'pipeline-id': BUILD,
      'env-vars': 'EMULATOR_STEP_MS=600000',
      timeout: '2s',
    });
    expect(result.code).toBe(1);
    expect(parseRunnerOutput(result.stdout).errors.at(-1)?.message).toMatch(
      /Timed out after 2s; the run was aborted/,
    );
    expect(aborts()).toHaveLength(1);
    expect(kit.emulator.control.runs().find((view) => view.id === result.outputs.id)).toMatchObject({
      status: 'finished',
      result: 'aborted',
    });
    expect(result.outputs.result).toBe('aborted');
    expect(result.state.settled).toBe('true');
    expect(result.summary).toMatch(/timed out/i);
  });

  it('leaves the remote run running with on-timeout: leave, and still fails', async () => {
    const result = await runAction({
      ...connection(),
      'pipeline-id': BUILD,
      'env-vars': 'EMULATOR_STEP_MS=600000',
      timeout: '2s',
      'on-timeout': 'leave',
    });
    expect(result.code).toBe(1);
    expect(aborts()).toHaveLength(0);
    expect(kit.emulator.control.runs().find((view) => view.id === result.outputs.id)?.status).not.toBe(
      'finished',
    );
    expect(result.stdout).toContain('left running');
  });
});

describe('what real servers did', () => {
  it.each(['goTriggerResponse', 'pendingApproval', 'nullProgress', 'displayNameSteps'] as const)(
    'survives the %s quirk',
    async (quirk) => {
      kit.emulator.control.setQuirks({ [quirk]: true });
      const result = await runAction({
        ...connection(),
        'pipeline-id': BUILD,
        'env-vars': 'EMULATOR_FAIL_STEP=npm test',
      });
      expect(result.code).toBe(1);
      expect(result.outputs).toMatchObject({ status: 'finished', result: 'failed' });
      expect(parseRunnerOutput(result.stdout).errors.at(-1)?.message).toMatch(
        /failed at step 4\/5 "npm test"/,
      );
    },
  );

  it('survives every quirk at once', async () => {
    kit.emulator.control.setQuirks({
      goTriggerResponse: true,
      pendingApproval: true,
      nullProgress: true,
      displayNameSteps: true,
    });
    const result = await runAction({ ...connection(), 'pipeline-id': BUILD, 'step-logs': 'all' });
    expect(result.code, result.stdout).toBe(0);
    expect(result.outputs.result).toBe('passed');
    expect(result.outputs.progress).toBe('');
    const steps = JSON.parse(result.outputs.steps!) as Array<{ name: string }>;
    expect(steps.map((step) => step.name)).toContain('npm test');
  });

  it('rides out 503s and a 429 with Retry-After while following', async () => {
    kit.emulator.control.injectFault({ method: 'GET', route: '/api/v3/runs/:runId', status: 503, times: 3 });
    kit.emulator.control.injectFault({
      method: 'GET',
      route: '/api/v3/runs/:runId/steps',
      status: 429,
      retryAfter: '1',
      times: 1,
    });
    const result = await runAction({ ...connection(), 'pipeline-id': BUILD });
    expect(result.code, result.stdout).toBe(0);
    expect(result.outputs.result).toBe('passed');
  });

  it('triggers exactly once when the trigger response is lost', async () => {
    kit.emulator.control.injectFault({ method: 'POST', route: '/api/v3/runs', afterApply: true });
    const result = await runAction({ ...connection(), 'pipeline-id': BUILD, 'env-vars': 'RELEASE=1' });
    expect(result.code, result.stdout).toBe(0);
    expect(posts()).toHaveLength(1);
    const created = kit.emulator.control
      .runs()
      .filter((view) => view.pipelineId === BUILD && view.envVars.length > 0);
    expect(created).toHaveLength(1);
    expect(result.outputs.id).toBe(created[0]!.id);
    expect(result.stdout).toContain('Adopted run');
  });
});

describe('errors after the trigger', () => {
  it('still write the outputs and the summary, and leave the run to the post entry', async () => {
    kit.emulator.control.injectFault({
      method: 'GET',
      route: '/api/v3/runs/:runId/steps',
      status: 403,
      times: 100,
    });
    const result = await runAction({ ...connection(), 'pipeline-id': BUILD });
    expect(result.code).toBe(1);
    expect(result.outputs.id).toMatch(/^[0-9a-f]{24}$/);
    expect(result.outputs.status).toBeDefined();
    expect(result.outputs.steps).toBe('[]');
    expect(result.summary.length).toBeGreaterThan(0);
    expect(result.state.settled).toBeUndefined();
  });

  it('a wrong application for wait-for: workflow fails before anything is triggered', async () => {
    const result = await runAction({
      ...connection(),
      'pipeline-id': BUILD,
      application: 'acme/nope',
      'wait-for': 'workflow',
    });
    expect(result.code).toBe(1);
    expect(posts()).toHaveLength(0);
  });
});

// wait-for: workflow: the runs the workflow starts after ours are followed too, the gate takes the
// worst result, and a cancel or timeout aborts the ones still running.
import { describe, expect, it } from 'vitest';
import type { Run, Workflow } from '../../../src/api/types.ts';
import { API_URL, PIPELINE_ID, type FakeApi } from './fake-api.ts';
import { runFlow } from './kit.ts';

const inputs = { 'pipeline-id': PIPELINE_ID, application: 'acme/web', 'wait-for': 'workflow' };

/** Our run, then a chained deploy that starts when ours finishes and fails if `deployFails`. */
function chainDeploy(api: FakeApi, deployFails: boolean): void {
  let ours: string | undefined;
  let deploy: string | undefined;
  api.workflowFor = (run: Run): Workflow | undefined => {
    ours ??= run.id;
    if (run.id !== ours) return undefined;
    if (run.status === 'finished' && !deploy) {
      const script = { ...api.script, queueMs: 1000, ...(deployFails ? { failAt: 0 } : {}) };
      const previous = api.script;
      api.script = script;
      deploy = api.create('run', { pipelineId: 'p0000000000000000000000b' }).id;
      api.script = previous;
    }
    const deployRun = deploy ? api.runNow(deploy) : undefined;
    return {
      id: 'w00000000000000000000001',
      url: `${API_URL}/workflows/w00000000000000000000001`,
      items: [
        { id: 'i1', status: run.status, result: run.result, runId: run.id, targetName: 'build' },
        deployRun
          ? {
              id: 'i2',
              status: deployRun.status,
              result: deployRun.result,
              runId: deployRun.id,
              targetName: 'deploy',
            }
          : { id: 'i2', status: 'notstarted', result: 'unknown', targetName: 'deploy' },
      ],
    };
  };
}

describe('wait-for: workflow', () => {
  it('passes only when the chained run passes, and names the workflow', async () => {
    const run = await runFlow({
      inputs,
      arrange: ({ api }) => chainDeploy(api, false),
    });
    expect(run.conclusions).toHaveLength(1);
    expect(run.outcome).toMatchObject({ kind: 'passed', success: true });
    expect(run.outputs.get('workflow-id')).toBe('w00000000000000000000001');
    expect(run.lines).toContain('Waiting for the rest of the workflow…');
    expect(JSON.parse(run.state.get('workflowRuns')!)).toHaveLength(1);
  });

  it('fails when the chained run fails, though our own run passed', async () => {
    const run = await runFlow({ inputs, arrange: ({ api }) => chainDeploy(api, true) });
    expect(run.conclusions).toHaveLength(1);
    expect(run.outcome).toMatchObject({ kind: 'failed', success: false });
    expect(run.outcome.message).toMatch(/^The workflow failed/);
    expect(run.outputs.get('result')).toBe('failed');
    expect(run.outputs.get('run-result')).toBe('passed');
    expect(JSON.parse(run.outputs.get('runs')!)).toMatchObject([{ result: 'passed', attempts: '1' }]);
  });

  it('does not retry our run when only the chained run failed', async () => {
    const run = await runFlow({
      inputs: { ...inputs, retries: '2' },
      arrange: ({ api }) => chainDeploy(api, true),
    });
    expect(run.outcome.kind).toBe('failed');
    expect(run.outputs.get('attempts')).toBe('1');
    expect(run.outputs.get('result')).toBe('failed');
    expect(run.outputs.get('run-result')).toBe('passed');
    expect(run.api.count('triggerRun')).toBe(1);
  });

  it('aborts the chained run on timeout', async () => {
    const run = await runFlow({
      inputs: { ...inputs, timeout: '20s' },
      arrange: ({ api }) => chainDeploy(api, false),
    });
    expect(run.conclusions).toHaveLength(1);
    expect(run.outcome.kind).toBe('timed-out');
    const aborted = run.api.calls.filter((call) => call.method === 'abortRun').map((call) => call.args[0]);
    expect(aborted).toEqual(JSON.parse(run.state.get('workflowRuns')!));
    // The gate counts the chained run as the abort left it.
    expect(run.outputs.get('result')).toBe('aborted');
    expect(run.outputs.get('run-result')).toBe('passed');
  });

  it('retries our failed run, then waits for the workflow of the new one', async () => {
    const run = await runFlow({
      inputs: { ...inputs, retries: '1' },
      arrange: ({ api }) => {
        api.nextScripts = [{ ...api.script, failAt: 0 }];
        api.workflowFor = (each: Run): Workflow => ({
          id: `w-${each.id}`,
          url: `${API_URL}/workflows/w-${each.id}`,
          items: [
            { id: 'i1', status: each.status, result: each.result, runId: each.id, targetName: 'build' },
          ],
        });
      },
    });
    expect(run.outcome.kind).toBe('passed');
    const second = [...run.api.remotes.keys()][1];
    expect(run.outputs.get('attempts')).toBe('2');
    expect(run.outputs.get('workflow-id')).toBe(`w-${second}`);
    expect(run.lines.filter((line) => line === 'Waiting for the rest of the workflow…')).toHaveLength(1);
  });
});

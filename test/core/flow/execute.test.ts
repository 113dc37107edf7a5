// Every exit of the flow, in-process: each test checks the outcome, what the sinks were told (once),
// and what outputs and state a workflow and the post entry would see.
import { describe, expect, it } from 'vitest';
import { PIPELINE_ID } from './fake-api.ts';
import { runFlow, type FlowRun } from './kit.ts';

const byPipelineId = { 'pipeline-id': PIPELINE_ID };

function expectOneConclusion(run: FlowRun): void {
  expect(run.conclusions).toHaveLength(1);
  expect(run.conclusions[0]!.outcome).toEqual(run.outcome);
}

describe('a run that finishes', () => {
  it('passes, with every output and the state settled', async () => {
    const run = await runFlow({ inputs: byPipelineId });
    expectOneConclusion(run);
    expect(run.outcome).toMatchObject({ kind: 'passed', success: true });
    expect(run.api.count('triggerRun')).toBe(1);
    const id = run.outputs.get('id')!;
    expect(run.outputs.get('run-id')).toBe(id);
    expect(run.outputs.get('type')).toBe('run');
    expect(run.outputs.get('status')).toBe('finished');
    expect(run.outputs.get('result')).toBe('passed');
    expect(run.outputs.get('duration')).toBe('15');
    expect(JSON.parse(run.outputs.get('steps')!)).toHaveLength(3);
    expect(run.state.get('settled')).toBe('true');
    expect(run.state.get('id')).toBe(id);
    expect(run.state.get('pendingTrigger')).toBe('');
    expect(run.summaries).toHaveLength(1);
  });

  it('fails at the failed step, and passes the step when propagate-failure is false', async () => {
    const failed = await runFlow({
      inputs: byPipelineId,
      arrange: ({ api }) => void (api.script.failAt = 1),
    });
    expectOneConclusion(failed);
    expect(failed.outcome).toMatchObject({ kind: 'failed', success: false });
    expect(failed.outcome.message).toContain('at step 2/3 "build"');
    expect(failed.lines.some((line) => line.startsWith('error: '))).toBe(true);

    const tolerated = await runFlow({
      inputs: { ...byPipelineId, 'propagate-failure': 'false' },
      arrange: ({ api }) => void (api.script.failAt = 0),
    });
    expect(tolerated.outcome).toMatchObject({ kind: 'failed', success: true });
    expect(tolerated.outputs.get('result')).toBe('failed');
  });

  it('resolves a pipeline by name and triggers it once', async () => {
    const run = await runFlow({ inputs: { pipeline: 'acme/web/build', branch: 'main' } });
    expect(run.outcome.kind).toBe('passed');
    expect(run.api.count('listPipelines')).toBe(1);
    expect(run.api.calls.find((call) => call.method === 'triggerRun')!.args[0]).toMatchObject({
      pipelineId: PIPELINE_ID,
      branch: 'main',
    });
  });

  it('follows an existing run without triggering', async () => {
    const run = await runFlow({
      arrange: ({ api }) => ({ 'run-id': api.create('run', { pipelineId: PIPELINE_ID }).id }),
    });
    expectOneConclusion(run);
    expect(run.outcome.kind).toBe('passed');
    expect(run.api.count('triggerRun')).toBe(0);
    expect(run.lines[0]).toMatch(/^Following run r0+1 /);
    expect(run.state.get('pendingTrigger')).toBeUndefined();
  });

  it('triggers and follows a classic build', async () => {
    const run = await runFlow({ inputs: { application: 'acme/classic' } });
    expectOneConclusion(run);
    expect(run.outcome.kind).toBe('passed');
    expect(run.outputs.get('type')).toBe('build');
    expect(run.outputs.get('build-id')).toBe(run.outputs.get('id'));
    expect(run.api.count('triggerBuild')).toBe(1);
  });

  it('does not wait with wait: false, and leaves nothing for post', async () => {
    const run = await runFlow({ inputs: { ...byPipelineId, wait: 'false' } });
    expectOneConclusion(run);
    expect(run.outcome).toMatchObject({ kind: 'triggered', success: true });
    expect(run.state.get('settled')).toBe('true');
    expect(run.outputs.get('status')).toBe('notstarted');
    expect(run.api.count('getRunSteps')).toBe(0);
  });

  it('warns when the token would travel in clear to another host', async () => {
    const remote = await runFlow({ inputs: { ...byPipelineId, 'base-url': 'http://ci.example.com' } });
    expect(remote.lines.filter((line) => line.includes('travels in clear'))).toHaveLength(1);
    const local = await runFlow({ inputs: { ...byPipelineId, 'base-url': 'http://127.0.0.1:8080' } });
    expect(local.lines.some((line) => line.includes('travels in clear'))).toBe(false);
  });
});

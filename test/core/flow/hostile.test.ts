// A server that keeps answering what cannot be used, or ends a run with a result no one knows: the
// flow stops following in the end, gates on the known results only, and its outputs keep their
// documented forms.
import { describe, expect, it } from 'vitest';
import { ContractError } from '../../../src/api/errors.ts';
import { httpError, PIPELINE_ID } from './fake-api.ts';
import { runFlow } from './kit.ts';

const byPipelineId = { 'pipeline-id': PIPELINE_ID };

function unusable(): never {
  throw new ContractError('GET /runs/:runId', 'status', 'is not a string (got a number)');
}

describe('answers that cannot be used while following', () => {
  it('stop following after five without a usable one between them', async () => {
    const run = await runFlow({
      inputs: byPipelineId,
      arrange: ({ api }) => api.failNext('getRun', unusable, 1000),
    });
    expect(run.conclusions).toHaveLength(1);
    expect(run.outcome).toMatchObject({ kind: 'unknown', success: false });
    expect(run.outcome.message).toBe(
      'Unexpected response from GET /runs/:runId: field "status" is not a string (got a number)',
    );
    // The re-read after the trigger, whose failure the trigger's own answer covers, then five polls.
    expect(run.api.count('getRun')).toBe(1 + 5);
    expect(run.lines).toContain(
      `warning: Stopped following run ${run.outputs.get('id')}: 5 answers since the last usable one could not be used.`,
    );
    expect(run.outputs.get('status')).toBe('notstarted');
    expect(run.state.get('settled')).toBeUndefined();
  });

  it('are ridden out when fewer than five come before a usable one', async () => {
    const run = await runFlow({
      inputs: byPipelineId,
      arrange: ({ api }) => {
        api.failNext('getRun', () => undefined);
        api.failNext('getRun', unusable, 4);
        api.failNext('getRun', () => undefined);
        api.failNext('getRun', unusable, 4);
      },
    });
    expect(run.outcome.kind).toBe('passed');
  });

  it('count across other transient failures: those do not reset them', async () => {
    const run = await runFlow({
      inputs: byPipelineId,
      arrange: ({ api }) => {
        api.failNext('getRun', () => undefined);
        for (let i = 0; i < 5; i++) {
          api.failNext('getRun', unusable);
          api.failNext('getRun', () => {
            throw httpError('GET', '/runs/x', 503);
          });
        }
      },
    });
    expect(run.outcome.kind).toBe('unknown');
    expect(run.outcome.message).toContain('Unexpected response from GET /runs/:runId');
    expect(run.api.count('getRun')).toBe(1 + 9);
  });
});

describe('a result the parser did not know', () => {
  const ending = { result: 'unknown' as const, rawResult: 'PASSED\n::error::x\x1b[31m' };

  it('gates as not passed, naming the server word sanitised', async () => {
    const run = await runFlow({
      inputs: byPipelineId,
      arrange: ({ api }) => void (api.script = { ...api.script, ending }),
    });
    expect(run.conclusions).toHaveLength(1);
    expect(run.outcome).toMatchObject({ kind: 'unknown', success: false });
    expect(run.outcome.message).toBe(
      'The run finished with result "PASSED ::error::x", which is not "passed".',
    );
    expect(run.outputs.get('status')).toBe('finished');
    expect(run.outputs.get('result')).toBe('unknown');
    expect(run.state.get('settled')).toBe('true');
  });

  it('passes the step only when propagate-failure is false', async () => {
    const run = await runFlow({
      inputs: { ...byPipelineId, 'propagate-failure': 'false' },
      arrange: ({ api }) => void (api.script = { ...api.script, ending }),
    });
    expect(run.outcome).toMatchObject({ kind: 'unknown', success: true });
    expect(run.outcome.message).toContain('the step passes because propagate-failure is false');
  });

  it('without a raw word, names `unknown`', async () => {
    const run = await runFlow({
      inputs: byPipelineId,
      arrange: ({ api }) => void (api.script = { ...api.script, ending: { result: 'unknown' } }),
    });
    expect(run.outcome.message).toBe('The run finished with result "unknown", which is not "passed".');
  });
});

describe('outputs', () => {
  it('hold only their documented forms', async () => {
    const run = await runFlow({ inputs: byPipelineId });
    const outputs = Object.fromEntries(run.outputs);
    expect(outputs.id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(outputs['run-id']).toBe(outputs.id);
    expect(new URL(outputs.url!).href).toBe(outputs.url);
    expect(outputs.status).toBe('finished');
    expect(outputs.result).toMatch(/^(passed|failed|aborted|unknown)$/);
    expect(outputs.progress).toMatch(/^\d{1,3}$/);
  });
});

// The flow's other exits: cancellation at each moment, the timeout, and errors before and after
// the trigger. Each ends in exactly one conclusion, and settles only what it really settled.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/errors.ts';
import { httpError, PIPELINE_ID } from './fake-api.ts';
import { runFlow } from './kit.ts';

const byPipelineId = { 'pipeline-id': PIPELINE_ID };

describe('cancellation', () => {
  it('before the trigger: nothing is triggered, nothing is left for post', async () => {
    const run = await runFlow({
      inputs: byPipelineId,
      arrange: ({ api, cancel }) => api.failNext('listRuns', () => cancel()),
    });
    expect(run.conclusions).toHaveLength(1);
    expect(run.outcome).toEqual({
      kind: 'cancelled',
      success: false,
      message: 'Cancelled before anything was triggered.',
    });
    expect(run.api.count('triggerRun')).toBe(0);
    expect(run.state.get('settled')).toBe('true');
    expect(run.outputs.size).toBe(0);
  });

  it('while the run is running: aborts it, then reports it aborted', async () => {
    const run = await runFlow({ inputs: byPipelineId, arrange: ({ time, cancel }) => time.at(8000, cancel) });
    expect(run.conclusions).toHaveLength(1);
    expect(run.outcome.kind).toBe('cancelled');
    expect(run.outcome.message).toContain('was aborted');
    expect(run.api.count('abortRun')).toBe(1);
    expect(run.outputs.get('result')).toBe('aborted');
    expect(run.state.get('settled')).toBe('true');
    expect(run.conclusions[0]!.final.abort?.confirmed).toBe(true);
  });

  it('during the trigger: the run is aborted as soon as its id is known', async () => {
    const run = await runFlow({
      inputs: byPipelineId,
      arrange: ({ api, cancel }) => api.failNext('triggerRun', () => cancel()),
    });
    expect(run.conclusions).toHaveLength(1);
    expect(run.api.count('triggerRun')).toBe(1);
    expect(run.outcome.kind).toBe('cancelled');
    expect(run.outputs.get('result')).toBe('aborted');
    expect(run.api.count('getRunSteps')).toBe(1);
  });

  it('while the run has not started: retries the refused abort until it starts', async () => {
    const queued = await runFlow({
      inputs: byPipelineId,
      arrange: ({ api, time, cancel }) => {
        api.script = { ...api.script, queueMs: 3000 };
        time.at(500, cancel);
      },
    });
    expect(queued.outcome.kind).toBe('cancelled');
    expect(queued.api.count('abortRun')).toBeGreaterThan(1);
    expect(queued.lines.some((line) => line.includes('has not started yet'))).toBe(true);
    expect(queued.outputs.get('result')).toBe('aborted');
  });

  it('with abort-on-cancel false: leaves the run running and settles', async () => {
    const run = await runFlow({
      inputs: { ...byPipelineId, 'abort-on-cancel': 'false' },
      arrange: ({ time, cancel }) => time.at(8000, cancel),
    });
    expect(run.outcome.message).toContain('left running');
    expect(run.api.count('abortRun')).toBe(0);
    expect(run.state.get('settled')).toBe('true');
  });

  it('when the abort cannot be confirmed: leaves the run unsettled for post', async () => {
    const run = await runFlow({
      inputs: byPipelineId,
      arrange: ({ api, time, cancel }) => {
        time.at(8000, cancel);
        api.failNext(
          'abortRun',
          () => {
            throw httpError('PUT', '/runs/x/abort', 503);
          },
          1000,
        );
      },
    });
    expect(run.conclusions).toHaveLength(1);
    expect(run.outcome.kind).toBe('cancelled');
    expect(run.outcome.message).toContain('could not be aborted within 5s');
    expect(run.state.get('settled')).toBeUndefined();
  });

  it('a build: aborts it by its id, whatever its url says', async () => {
    const run = await runFlow({
      inputs: { application: 'acme/classic' },
      arrange: ({ api, time, cancel }) => {
        api.buildUrlBase = 'http://169.254.169.254/latest';
        time.at(8000, cancel);
      },
    });
    expect(run.outcome.kind).toBe('cancelled');
    expect(run.outputs.get('result')).toBe('aborted');
    const aborts = run.api.calls.filter((call) => call.method === 'abortBuild');
    expect(aborts.map((call) => call.args)).toEqual([[run.outputs.get('id')]]);
  });
});

describe('timeout', () => {
  it('aborts the run by default', async () => {
    const run = await runFlow({ inputs: { ...byPipelineId, timeout: '10s' } });
    expect(run.conclusions).toHaveLength(1);
    expect(run.outcome.kind).toBe('timed-out');
    expect(run.outcome.message).toMatch(/^Timed out after 10s; the run was aborted/);
    expect(run.api.count('abortRun')).toBe(1);
    expect(run.state.get('settled')).toBe('true');
  });

  it('leaves the run with on-timeout: leave', async () => {
    const run = await runFlow({ inputs: { ...byPipelineId, timeout: '10s', 'on-timeout': 'leave' } });
    expect(run.outcome.message).toContain('left running');
    expect(run.api.count('abortRun')).toBe(0);
    expect(run.state.get('settled')).toBe('true');
  });

  it('ends a list before the trigger whose Retry-After outlasts it, as a timeout and at the timeout', async () => {
    // The client refuses the retry at once: the server asked for 2 s and only 1 s is left.
    const throttled = new ApiError({
      method: 'GET',
      path: '/runs?pipelineId=x',
      kind: 'http',
      status: 429,
      retryable: true,
      retryAfterMs: 2_000,
      note: 'gave up: the deadline would be passed',
      pastDeadline: true,
    });
    const run = await runFlow({
      inputs: { ...byPipelineId, timeout: '3s' },
      arrange: ({ api }) =>
        api.failNext('listRuns', () => {
          throw throttled;
        }),
    });
    expect(run.conclusions).toHaveLength(1);
    expect(run.outcome.kind).toBe('timed-out');
    expect(run.outcome.message).toMatch(/^Timed out after 3s/);
    expect(run.time.now).toBeGreaterThanOrEqual(3_000);
    expect(run.api.count('triggerRun')).toBe(0);
  });
});

describe('errors', () => {
  it('before the trigger: a summary, no outputs, nothing settled', async () => {
    const run = await runFlow({ inputs: { pipeline: 'acme/web/missing' } });
    expect(run.conclusions).toHaveLength(1);
    expect(run.outcome.kind).toBe('unknown');
    expect(run.outcome.message).toContain('has no pipeline named "missing"');
    expect(run.outputs.size).toBe(0);
    expect(run.state.get('settled')).toBeUndefined();
    expect(run.summaries).toHaveLength(1);
  });

  it('after the trigger: the outputs tell what is known, and post may still abort', async () => {
    const run = await runFlow({
      inputs: byPipelineId,
      arrange: ({ api }) => {
        api.failNext('getRun', () => undefined);
        api.failNext(
          'getRun',
          () => {
            throw httpError('GET', '/runs/x', 404);
          },
          2,
        );
      },
    });
    expect(run.conclusions).toHaveLength(1);
    expect(run.outcome.kind).toBe('unknown');
    expect(run.outputs.get('id')).toBeTruthy();
    expect(run.outputs.get('steps')).toBe('[]');
    expect(run.state.get('settled')).toBeUndefined();
  });

  it('rides out transient failures while following', async () => {
    const run = await runFlow({
      inputs: byPipelineId,
      arrange: ({ api }) => {
        api.failNext('getRun', () => undefined);
        api.failNext(
          'getRun',
          () => {
            throw httpError('GET', '/runs/x', 503);
          },
          3,
        );
      },
    });
    expect(run.outcome.kind).toBe('passed');
    expect(run.lines.filter((line) => line.startsWith('warning: Could not read run'))).toHaveLength(1);
  });

  it('a sink that throws does not stop the others or change the outcome', async () => {
    const run = await runFlow({
      inputs: byPipelineId,
      extraSinks: [
        {
          update: () => {
            throw new Error('boom');
          },
          concluded: () => {
            throw new Error('boom at the end');
          },
        },
      ],
    });
    expect(run.outcome.kind).toBe('passed');
    expect(run.conclusions).toHaveLength(1);
    expect(run.summaries).toHaveLength(1);
    expect(run.lines).toContain('warning: A report failed (concluded): boom at the end');
  });
});

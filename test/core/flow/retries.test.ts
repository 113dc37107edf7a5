// `retries`: a run that failed by itself is triggered again as a new run, each attempt exactly once;
// nothing else is retried, and the timeout covers every attempt.
import { describe, expect, it } from 'vitest';
import type { RunTrigger } from '../../../src/api/types.ts';
import type { TriggerFingerprint } from '../../../src/core/fingerprint.ts';
import type { TriggerInfo } from '../../../src/core/flow/events.ts';
import { httpError, lostResponse, PIPELINE_ID, type FakeApi, type Script } from './fake-api.ts';
import { runFlow, type FlowRun } from './kit.ts';

const inputs = { 'pipeline-id': PIPELINE_ID, branch: 'main', 'env-vars': 'LEVEL=debug' };

/** Each next run fails at step 2 ("build") `failures` times, then passes. */
function flaky(api: FakeApi, failures: number): void {
  const failing: Script = { ...api.script, failAt: 1 };
  api.nextScripts = [...Array.from({ length: failures }, () => failing), api.script];
}

function triggeredIds(run: FlowRun): string[] {
  return [...run.api.remotes.keys()];
}

describe('retries', () => {
  it('triggers a run that failed once again, and passes on the second attempt', async () => {
    const infos: TriggerInfo[] = [];
    const fingerprints: TriggerFingerprint[] = [];
    const run = await runFlow({
      inputs: { ...inputs, retries: '1' },
      arrange: ({ api }) => flaky(api, 1),
      extraSinks: [
        {
          triggering: (fingerprint) => void fingerprints.push(fingerprint),
          triggered: (info) => void infos.push(info),
        },
      ],
    });
    expect(run.conclusions).toHaveLength(1);
    expect(run.outcome).toEqual({ kind: 'passed', success: true, message: 'The run passed (attempt 2/2).' });
    expect(run.api.count('triggerRun')).toBe(2);
    const [first, second] = triggeredIds(run);
    // Identical inputs, behind a fresh watermark that holds the failed attempt.
    const payloads = run.api.calls.filter((call) => call.method === 'triggerRun').map((call) => call.args[0]);
    expect(payloads[1]).toEqual(payloads[0]);
    expect(fingerprints[1]!.known).toContain(first);
    expect(fingerprints[0]!.known).not.toContain(first);
    expect(infos.map((info) => [info.ref.id, info.attempt, info.maxAttempts])).toEqual([
      [first, 1, 2],
      [second, 2, 2],
    ]);

    expect(run.lines).toContain(`Run ${first} failed at step 2/3 "build"; triggering it again: attempt 2/2.`);
    expect(
      run.lines.some((line) => line.startsWith(`Triggered run ${second} `) && line.includes('(attempt 2/2)')),
    ).toBe(true);
    // The failed step of an attempt that is retried is a warning, not an error.
    expect(run.lines.some((line) => line.startsWith('error: '))).toBe(false);
    expect(run.lines.some((line) => line.startsWith('warning: ') && line.includes('something broke'))).toBe(
      true,
    );

    expect(run.outputs.get('id')).toBe(second);
    expect(run.outputs.get('result')).toBe('passed');
    expect(run.outputs.get('run-result')).toBe('passed');
    expect(run.outputs.get('attempts')).toBe('2');
    expect(JSON.parse(run.outputs.get('runs')!)).toEqual([
      {
        pipeline: PIPELINE_ID,
        id: second,
        url: `https://ci.test/api/v3/runs/${second}`,
        'web-url': `https://ci.test/api/v3/runs/${second}`,
        status: 'finished',
        result: 'passed',
        attempts: '2',
        'started-at': run.outputs.get('started-at'),
        'finished-at': run.outputs.get('finished-at'),
        duration: '15',
      },
    ]);
    expect(run.state.get('id')).toBe(second);
    expect(run.state.get('settled')).toBe('true');
    expect(run.state.get('pendingTrigger')).toBe('');

    const [summary] = run.summaries;
    expect(summary).toContain('<h3>Attempts</h3>');
    expect(summary).toContain(`<code>${first}</code>`);
    expect(summary).toContain(`<code>${second}</code>`);
    expect(summary).toContain('<td>2/3 build</td>');
  });

  it('stops when the retries are used up: failed, with one attempt more than retries', async () => {
    const run = await runFlow({
      inputs: { ...inputs, retries: '2' },
      arrange: ({ api }) => void (api.script = { ...api.script, failAt: 2 }),
    });
    expect(run.conclusions).toHaveLength(1);
    expect(run.outcome).toMatchObject({ kind: 'failed', success: false });
    expect(run.outcome.message).toBe('The run failed at step 3/3 "test" (attempt 3/3).');
    expect(run.api.count('triggerRun')).toBe(3);
    expect(run.outputs.get('attempts')).toBe('3');
    expect(run.outputs.get('result')).toBe('failed');
    expect(run.outputs.get('id')).toBe(triggeredIds(run)[2]);
    expect(run.lines.filter((line) => line.includes('triggering it again'))).toEqual([
      expect.stringContaining('attempt 2/3'),
      expect.stringContaining('attempt 3/3'),
    ]);
    // Only the last attempt's failure is an error; the earlier ones were retried.
    expect(run.lines.filter((line) => line.startsWith('error: '))).toHaveLength(1);
    const summary = run.summaries[0]!;
    for (const id of triggeredIds(run)) expect(summary).toContain(`<code>${id}</code>`);
  });

  it('retries a classic build that failed', async () => {
    const run = await runFlow({
      inputs: { application: 'acme/classic', retries: '1' },
      arrange: ({ api }) => flaky(api, 1),
    });
    expect(run.outcome.kind).toBe('passed');
    expect(run.api.count('triggerBuild')).toBe(2);
    expect(run.outputs.get('attempts')).toBe('2');
    expect(JSON.parse(run.outputs.get('runs')!)[0]).toMatchObject({ pipeline: '', attempts: '2' });
  });

  it('with retries 0 makes one attempt and says so', async () => {
    const run = await runFlow({
      inputs,
      arrange: ({ api }) => void (api.script = { ...api.script, failAt: 0 }),
    });
    expect(run.outcome.kind).toBe('failed');
    expect(run.api.count('triggerRun')).toBe(1);
    expect(run.outputs.get('attempts')).toBe('1');
    expect(run.summaries[0]).not.toContain('Attempts');
  });
});

describe('no retry', () => {
  const retrying = { ...inputs, retries: '3' };

  it('for a run that was aborted (by someone else)', async () => {
    const run = await runFlow({
      inputs: retrying,
      arrange: ({ api }) => void (api.script = { ...api.script, ending: { result: 'aborted' } }),
    });
    expect(run.outcome.kind).toBe('aborted');
    expect(run.api.count('triggerRun')).toBe(1);
    expect(run.outputs.get('attempts')).toBe('1');
  });

  it('for a result the action does not know', async () => {
    const run = await runFlow({
      inputs: retrying,
      arrange: ({ api }) =>
        void (api.script = { ...api.script, ending: { result: 'unknown', rawResult: 'skipped' } }),
    });
    expect(run.outcome.kind).toBe('unknown');
    expect(run.api.count('triggerRun')).toBe(1);
  });

  it('on a timeout: the run is aborted, not triggered again', async () => {
    const run = await runFlow({ inputs: { ...retrying, timeout: '10s' } });
    expect(run.outcome.kind).toBe('timed-out');
    expect(run.api.count('triggerRun')).toBe(1);
    expect(run.api.count('abortRun')).toBe(1);
  });

  it('on a cancel', async () => {
    const run = await runFlow({
      inputs: retrying,
      arrange: ({ api, time, cancel }) => {
        api.script = { ...api.script, failAt: 2 };
        time.at(8000, cancel);
      },
    });
    expect(run.outcome.kind).toBe('cancelled');
    expect(run.api.count('triggerRun')).toBe(1);
    expect(run.outputs.get('result')).toBe('aborted');
  });

  it('on a cancel between attempts: the failed attempt is the last word', async () => {
    const run = await runFlow({
      inputs: retrying,
      arrange: ({ api, cancel }) => {
        api.script = { ...api.script, failAt: 1 };
        // The watermark of the second attempt is read when the signal comes.
        api.failNext('triggerRun', () => api.failNext('listRuns', () => cancel()));
      },
    });
    expect(run.conclusions).toHaveLength(1);
    expect(run.outcome.kind).toBe('cancelled');
    expect(run.outcome.message).toMatch(
      /^Cancelled before attempt 2\/4 was triggered; Run r0+1 failed at step 2\/3/,
    );
    expect(run.api.count('triggerRun')).toBe(1);
    expect(run.outputs.get('result')).toBe('failed');
    expect(run.outputs.get('attempts')).toBe('1');
    expect(run.state.get('settled')).toBe('true');
  });

  it('on an error while following', async () => {
    const run = await runFlow({
      inputs: retrying,
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
    expect(run.outcome.kind).toBe('unknown');
    expect(run.api.count('triggerRun')).toBe(1);
    expect(run.outputs.get('attempts')).toBe('1');
  });

  it('after an error in the retry’s own trigger: the failed attempt stays the last one', async () => {
    const run = await runFlow({
      inputs: retrying,
      arrange: ({ api }) => {
        api.script = { ...api.script, failAt: 1 };
        api.failNext('triggerRun', () => undefined);
        api.failNext(
          'triggerRun',
          () => {
            throw lostResponse();
          },
          3,
        );
      },
    });
    expect(run.conclusions).toHaveLength(1);
    expect(run.outcome).toMatchObject({ kind: 'unknown', success: false });
    expect(run.outcome.message).toContain('was lost 3 times');
    expect(run.api.count('triggerRun')).toBe(4);
    expect(run.api.remotes.size).toBe(1);
    expect(run.outputs.get('id')).toBe(triggeredIds(run)[0]);
    expect(run.outputs.get('attempts')).toBe('1');
    expect(run.outputs.get('result')).toBe('failed');
    // Post still looks for a run of the lost trigger.
    expect(run.state.get('pendingTrigger')).not.toBe('');
  });

  it('on an error before the trigger', async () => {
    const run = await runFlow({ inputs: { ...retrying, 'pipeline-id': '', pipeline: 'acme/web/missing' } });
    expect(run.outcome.kind).toBe('unknown');
    expect(run.api.count('triggerRun')).toBe(0);
    expect(run.outputs.has('attempts')).toBe(false);
    expect(run.outputs.has('runs')).toBe(false);
  });
});

describe('each attempt', () => {
  it('adopts, exactly once, the run of a second trigger whose response was lost', async () => {
    const run = await runFlow({
      inputs: { ...inputs, retries: '1' },
      arrange: ({ api }) => {
        flaky(api, 1);
        api.failNext('triggerRun', () => undefined);
        api.failNext('triggerRun', ({ args }) => {
          api.create('run', args[0] as RunTrigger);
          throw lostResponse();
        });
      },
    });
    expect(run.conclusions).toHaveLength(1);
    expect(run.outcome.kind).toBe('passed');
    expect(run.api.count('triggerRun')).toBe(2);
    expect(run.api.remotes.size).toBe(2);
    const second = triggeredIds(run)[1]!;
    expect(run.lines).toContain(`Adopted run ${second}, created by the trigger whose response was lost.`);
    expect(run.outputs.get('id')).toBe(second);
    expect(run.outputs.get('attempts')).toBe('2');
  });

  it('shares one timeout: the second attempt is aborted when it runs out', async () => {
    const run = await runFlow({
      inputs: { ...inputs, retries: '3', timeout: '20s' },
      arrange: ({ api }) => void (api.script = { ...api.script, failAt: 1 }),
    });
    expect(run.conclusions).toHaveLength(1);
    expect(run.outcome.kind).toBe('timed-out');
    expect(run.outcome.message).toMatch(/^Timed out after 20s; the run was aborted/);
    expect(run.api.count('triggerRun')).toBe(2);
    const second = triggeredIds(run)[1]!;
    // Only the second attempt is aborted (more than once when the first abort finds it not started yet).
    const aborted = run.api.calls.filter((call) => call.method === 'abortRun').map((call) => call.args[0]);
    expect(new Set(aborted)).toEqual(new Set([second]));
    expect(run.outputs.get('attempts')).toBe('2');
    expect(run.outputs.get('result')).toBe('aborted');
    expect(run.time.now - run.api.remotes.get(triggeredIds(run)[0]!)!.createdAt).toBeLessThan(22_000);
  });

  it('is not started once the timeout has passed', async () => {
    const run = await runFlow({
      inputs: { ...inputs, retries: '3', timeout: '12s' },
      arrange: ({ api }) => void (api.script = { ...api.script, failAt: 1 }),
    });
    expect(run.api.count('triggerRun')).toBe(1);
    // The run failed just as the time ran out: it is not aborted, and not triggered again.
    expect(run.outcome.kind).toBe('timed-out');
    expect(run.outcome.message).toContain('had already finished (result: failed)');
    expect(run.api.count('abortRun')).toBe(0);
  });
});

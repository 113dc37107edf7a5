// The trigger, exactly once: lost responses for runs and builds, refused triggers sent again, and
// the fingerprint that lets the post entry find a run whose trigger was in flight.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RunTrigger } from '../../../src/api/types.ts';
import { fingerprintKey, isFingerprint, type TriggerFingerprint } from '../../../src/core/fingerprint.ts';
import { findTriggeredRuns } from '../../../src/core/trigger.ts';
import { httpError, lostResponse, PIPELINE_ID, unusableAnswer, type FakeApi } from './fake-api.ts';
import { KIT_TOKEN, runFlow } from './kit.ts';

const inputs = {
  'pipeline-id': PIPELINE_ID,
  branch: 'main',
  'env-vars': 'SECRET=hunter2\nLEVEL=debug',
};

/** The server creates the run, then the connection drops before the answer. */
function createThenLose(api: FakeApi) {
  api.failNext('triggerRun', ({ args }) => {
    api.create('run', args[0] as RunTrigger);
    throw lostResponse();
  });
}

describe('a run trigger', () => {
  it('whose response is lost adopts the one run it created', async () => {
    const run = await runFlow({ inputs, arrange: ({ api }) => createThenLose(api) });
    expect(run.conclusions).toHaveLength(1);
    expect(run.outcome.kind).toBe('passed');
    expect(run.api.count('triggerRun')).toBe(1);
    expect(run.api.remotes.size).toBe(1);
    expect(run.lines.some((line) => line.startsWith('Adopted run '))).toBe(true);
  });

  it('whose response is lost, with no run of it to be found, is sent again once', async () => {
    const run = await runFlow({
      inputs,
      arrange: ({ api }) =>
        api.failNext('triggerRun', () => {
          throw lostResponse();
        }),
    });
    expect(run.conclusions).toHaveLength(1);
    expect(run.outcome.kind).toBe('passed');
    expect(run.api.count('triggerRun')).toBe(2);
    expect(run.api.remotes.size).toBe(1);
    expect(run.lines).toContain(
      'No run of that trigger appeared, so the server did not take it: sending it again.',
    );
  });

  it('adopts a run that appears only after the settle time, without sending again', async () => {
    const run = await runFlow({
      inputs,
      arrange: ({ api, time }) =>
        api.failNext('triggerRun', ({ args }) => {
          time.at(4500, () => void api.create('run', args[0] as RunTrigger));
          throw lostResponse();
        }),
    });
    expect(run.outcome.kind).toBe('passed');
    expect(run.api.count('triggerRun')).toBe(1);
    expect(run.api.remotes.size).toBe(1);
  });

  it('gives up after three lost sends, none of which created a run', async () => {
    const run = await runFlow({
      inputs,
      arrange: ({ api }) =>
        api.failNext(
          'triggerRun',
          () => {
            throw lostResponse();
          },
          3,
        ),
    });
    expect(run.conclusions).toHaveLength(1);
    expect(run.outcome.kind).toBe('unknown');
    expect(run.outcome.message).toContain('was lost 3 times and no new run matches it');
    expect(run.api.count('triggerRun')).toBe(3);
    expect(run.api.remotes.size).toBe(0);
    // The fingerprint stays saved: post looks again, in case a run appears late.
    expect(isFingerprint(JSON.parse(run.state.get('pendingTrigger')!))).toBe(true);
  });

  it('does not adopt a run with other env vars', async () => {
    const run = await runFlow({
      inputs,
      arrange: ({ api }) =>
        api.failNext('triggerRun', ({ args }) => {
          const payload = args[0] as RunTrigger;
          api.create('run', { ...payload, envVars: [{ key: 'SECRET', value: 'other' }] });
          throw lostResponse();
        }),
    });
    expect(run.outcome.kind).toBe('passed');
    const adopted = run.api.remotes.get(run.outputs.get('id')!)!;
    expect((adopted.trigger as RunTrigger).envVars).toEqual([
      { key: 'SECRET', value: 'hunter2' },
      { key: 'LEVEL', value: 'debug' },
    ]);
  });

  it('refused with 429 is sent again', async () => {
    const run = await runFlow({
      inputs,
      arrange: ({ api }) =>
        api.failNext('triggerRun', () => {
          throw httpError('POST', '/runs', 429);
        }),
    });
    expect(run.outcome.kind).toBe('passed');
    expect(run.api.count('triggerRun')).toBe(2);
    expect(run.api.remotes.size).toBe(1);
  });

  it('refused, then cancelled while waiting to send it again: cancelled, nothing to look for', async () => {
    const run = await runFlow({
      inputs,
      arrange: ({ api, cancel, time }) =>
        api.failNext('triggerRun', () => {
          time.at(300, cancel);
          throw httpError('POST', '/runs', 429);
        }),
    });
    expect(run.outcome).toMatchObject({ kind: 'cancelled', success: false });
    expect(run.outcome.message).toContain('nothing was triggered');
    expect(run.api.count('triggerRun')).toBe(1);
    expect(run.outputs.size).toBe(0);
    expect(run.state.get('settled')).toBe('true');
  });

  it('lost, then cancelled during the settle time: cancelled, and post is left to look for it', async () => {
    const run = await runFlow({
      inputs,
      arrange: ({ api, cancel, time }) =>
        api.failNext('triggerRun', () => {
          time.at(4500, cancel);
          throw lostResponse();
        }),
    });
    expect(run.outcome).toMatchObject({ kind: 'cancelled', success: false });
    expect(run.outcome.message).toContain('the post step looks for the run');
    expect(run.api.count('triggerRun')).toBe(1);
    expect(run.state.get('settled')).not.toBe('true');
    expect(isFingerprint(JSON.parse(run.state.get('pendingTrigger')!))).toBe(true);
  });

  it('lost, its run appearing late, then cancelled during the settle time: one last look finds it, and main aborts it', async () => {
    const run = await runFlow({
      inputs,
      arrange: ({ api, cancel, time }) =>
        api.failNext('triggerRun', ({ args }) => {
          time.at(4000, () => void api.create('run', args[0] as RunTrigger));
          time.at(4500, cancel);
          throw lostResponse();
        }),
    });
    expect(run.outcome).toMatchObject({ kind: 'cancelled', success: false });
    expect(run.api.count('triggerRun')).toBe(1);
    // Refused while the run is queued, the abort is sent again until it takes.
    expect(run.api.count('abortRun')).toBeGreaterThanOrEqual(1);
    expect(run.outcome.message).toMatch(/aborted/i);
    const [created] = [...run.api.remotes.keys()];
    expect(run.outputs.get('run-id')).toBe(created);
    expect(run.state.get('settled')).toBe('true');
  });

  it('saves a fingerprint that holds no env var value', async () => {
    const run = await runFlow({
      inputs,
      arrange: ({ api, cancel }) => api.failNext('triggerRun', () => cancel()),
    });
    const saved: string[] = [];
    for (const [, value] of run.state) saved.push(value);
    expect(saved.join('\n')).not.toContain('hunter2');
  });

  it('can be found again from its fingerprint, by the post entry', async () => {
    let saved = '';
    await runFlow({
      inputs,
      arrange: ({ api }) =>
        api.failNext('triggerRun', ({ args }) => {
          api.create('run', args[0] as RunTrigger);
          throw lostResponse();
        }),
      extraSinks: [{ triggering: (fingerprint) => void (saved = JSON.stringify(fingerprint)) }],
    }).then(async (run) => {
      const found = await findTriggeredRuns(run.api, JSON.parse(saved), fingerprintKey(KIT_TOKEN));
      expect(found.map((found) => found.id)).toEqual([...run.api.remotes.keys()]);
      // Made again from another token, the key matches nothing: it is the token's, not the state's.
      expect(await findTriggeredRuns(run.api, JSON.parse(saved), fingerprintKey('another-token'))).toEqual(
        [],
      );
    });
  });

  it('saves an env HMAC that what the state and the log show cannot check a guess against', async () => {
    let saved = '';
    const run = await runFlow({
      inputs,
      extraSinks: [{ triggering: (fingerprint) => void (saved = JSON.stringify(fingerprint)) }],
    });
    const fingerprint = JSON.parse(saved) as TriggerFingerprint;
    // Someone who reads the state (printed with step debug on) and guesses the values offline.
    const guesses = ['hunter1', 'hunter2', 'hunter3'].map((secret) => [
      ['SECRET', secret],
      ['LEVEL', 'debug'],
    ]);
    const offline = guesses.map((guess) =>
      createHmac('sha256', fingerprint.salt).update(JSON.stringify(guess)).digest('hex'),
    );
    expect(offline).not.toContain(fingerprint.envHmac);
    expect(run.lines.join('\n')).not.toContain(KIT_TOKEN);
  });
});

describe('a run trigger the server took but answered unusably (a 2xx)', () => {
  it('adopts the one run it created, sent once', async () => {
    const run = await runFlow({
      inputs,
      arrange: ({ api }) =>
        api.failNext('triggerRun', ({ args }) => {
          api.create('run', args[0] as RunTrigger);
          throw unusableAnswer();
        }),
    });
    expect(run.outcome.kind).toBe('passed');
    expect(run.api.count('triggerRun')).toBe(1);
    expect(run.api.remotes.size).toBe(1);
    expect(run.outputs.get('id')).toBe([...run.api.remotes.keys()][0]);
    expect(run.lines.some((line) => line.includes('the trigger is not sent again'))).toBe(true);
  });

  it('is never sent again when no run of it can be found', async () => {
    const run = await runFlow({
      inputs,
      arrange: ({ api }) =>
        api.failNext('triggerRun', () => {
          throw unusableAnswer();
        }),
    });
    expect(run.conclusions).toHaveLength(1);
    expect(run.outcome).toMatchObject({ kind: 'unknown', success: false });
    expect(run.outcome.message).toContain(
      'The server created the run, but its answer to the trigger was unusable',
    );
    expect(run.outcome.message).toContain('field "id" is not a usable id');
    expect(run.outcome.message).toContain('nothing was triggered twice');
    expect(run.api.count('triggerRun')).toBe(1);
    expect(run.outputs.has('id')).toBe(false);
    expect(run.state.get('id')).toBeUndefined();
    expect(run.lines).not.toContain(
      'No run of that trigger appeared, so the server did not take it: sending it again.',
    );
  });

  it('is not sent again when several runs match, nor when the search fails', async () => {
    const several = await runFlow({
      inputs,
      arrange: ({ api }) =>
        api.failNext('triggerRun', ({ args }) => {
          api.create('run', args[0] as RunTrigger);
          api.create('run', args[0] as RunTrigger);
          throw unusableAnswer();
        }),
    });
    expect(several.outcome.kind).toBe('unknown');
    expect(several.outcome.message).toContain('several new runs match it');
    expect(several.api.count('triggerRun')).toBe(1);

    const blind = await runFlow({
      inputs,
      arrange: ({ api }) =>
        api.failNext('triggerRun', () => {
          api.failNext(
            'listRuns',
            () => {
              throw httpError('GET', '/runs', 403);
            },
            10,
          );
          throw unusableAnswer();
        }),
    });
    expect(blind.outcome.kind).toBe('unknown');
    expect(blind.outcome.message).toMatch(/looking for the run failed too \(.*403.*\)/);
    expect(blind.api.count('triggerRun')).toBe(1);
  });

  it('after a lost send, is not sent a third time, and says the trigger is not sent again', async () => {
    const run = await runFlow({
      inputs,
      arrange: ({ api }) => {
        api.failNext('triggerRun', () => {
          throw lostResponse();
        });
        api.failNext('triggerRun', () => {
          throw unusableAnswer();
        });
      },
    });
    expect(run.outcome.kind).toBe('unknown');
    expect(run.outcome.message).toContain('the trigger is not sent again');
    expect(run.api.count('triggerRun')).toBe(2);
  });
});

describe('a build trigger', () => {
  it('whose response is lost adopts the build when the application is named', async () => {
    const run = await runFlow({
      inputs: { application: 'acme/classic', branch: 'main' },
      arrange: ({ api }) =>
        api.failNext('triggerBuild', ({ args }) => {
          api.create('build', args[0] as RunTrigger);
          throw lostResponse('POST', '/builds');
        }),
    });
    expect(run.conclusions).toHaveLength(1);
    expect(run.outcome.kind).toBe('passed');
    expect(run.api.count('triggerBuild')).toBe(1);
    expect(run.lines.some((line) => line.startsWith('Adopted build '))).toBe(true);
  });

  it('lost, its build appearing late, then cancelled during the settle time: one last look finds it', async () => {
    const run = await runFlow({
      inputs: { application: 'acme/classic', branch: 'main' },
      arrange: ({ api, cancel, time }) =>
        api.failNext('triggerBuild', ({ args }) => {
          time.at(4000, () => void api.create('build', args[0] as RunTrigger));
          time.at(4500, cancel);
          throw lostResponse('POST', '/builds');
        }),
    });
    expect(run.outcome).toMatchObject({ kind: 'cancelled', success: false });
    expect(run.api.count('triggerBuild')).toBe(1);
    expect(run.api.count('abortBuild')).toBeGreaterThanOrEqual(1);
    expect(run.outputs.get('build-id')).toBe([...run.api.remotes.keys()][0]);
  });

  it('whose response is lost stops when the builds cannot be listed (application-id)', async () => {
    const run = await runFlow({
      inputs: { 'application-id': 'a0000000000000000000000b' },
      arrange: ({ api }) =>
        api.failNext('triggerBuild', () => {
          throw lostResponse('POST', '/builds');
        }),
    });
    expect(run.outcome.kind).toBe('unknown');
    expect(run.outcome.message).toContain('its builds cannot be listed');
    expect(run.api.count('triggerBuild')).toBe(1);
  });

  it('on a server without a build abort: the cancel says so and stays unsettled', async () => {
    const run = await runFlow({
      inputs: { application: 'acme/classic' },
      arrange: ({ api, time, cancel }) => {
        api.buildAbortSupported = false;
        time.at(8000, cancel);
      },
    });
    expect(run.outcome.kind).toBe('cancelled');
    expect(run.outcome.message).toContain('offers no abort');
    expect(run.state.get('settled')).toBeUndefined();
  });
});

// What post finds to abort after a main entry that stopped without settling: with retries, the
// attempt main saved and the run of the next attempt's trigger in flight.
import { describe, expect, it } from 'vitest';
import type { RunTrigger } from '../../src/api/types.ts';
import { leftWork } from '../../src/core/backstop.ts';
import { readSavedState, type StateKey } from '../../src/core/contract.ts';
import { fingerprintKey, fingerprintOf } from '../../src/core/fingerprint.ts';
import { lostResponse, PIPELINE_ID } from './flow/fake-api.ts';
import { KIT_TOKEN, runFlow } from './flow/kit.ts';

const key = fingerprintKey(KIT_TOKEN);

const inputs = { 'pipeline-id': PIPELINE_ID, branch: 'main', retries: '1' };

describe('the post entry’s backstop', () => {
  it('covers the run of a retry whose trigger was in flight when main was killed', async () => {
    let state: Map<StateKey, string> | undefined;
    let atKill: Map<StateKey, string> | undefined;
    const run = await runFlow({
      inputs,
      arrange: ({ api }) => {
        api.script = { ...api.script, failAt: 0 };
        api.failNext('triggerRun', () => undefined);
        // Main dies while the second trigger is in flight: the state is what post will read.
        api.failNext('triggerRun', ({ args }) => {
          api.create('run', args[0] as RunTrigger);
          atKill = new Map(state);
          throw lostResponse();
        });
      },
      sinksFor: ({ state: store }) => {
        state = new Map();
        const original = store.save;
        store.save = (key, value) => {
          state!.set(key, value);
          original(key, value);
        };
        return [];
      },
    });
    const [first, second] = [...run.api.remotes.keys()];
    const saved = readSavedState({ save: () => undefined, get: (key) => atKill?.get(key) ?? '' });
    expect(saved.problems).toEqual([]);
    expect(saved.state.id).toBe(first);
    expect(saved.state.pendingTrigger).toBeDefined();
    const left = await leftWork(run.api, saved.state, key);
    expect(left.refs.map((ref) => ref.id)).toEqual([first, second]);
  });

  it('takes no run of a trigger in flight when several match, but still the run main saved', async () => {
    const run = await runFlow({ inputs: { 'pipeline-id': PIPELINE_ID } });
    const pendingTrigger = fingerprintOf({ pipelineId: PIPELINE_ID }, [], key);
    run.api.create('run', { pipelineId: PIPELINE_ID });
    run.api.create('run', { pipelineId: PIPELINE_ID });
    const left = await leftWork(run.api, { kind: 'run', id: run.outputs.get('id')!, pendingTrigger }, key);
    expect(left.refs.map((ref) => ref.id)).toEqual([run.outputs.get('id')]);
    expect(left.ambiguous).toBe(3);
  });
});

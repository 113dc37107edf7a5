// What post finds to abort when main dies while following several targets: every unsettled target's
// run, and the run of a trigger still in flight, read back from the state main saved.
import { describe, expect, it } from 'vitest';
import type { RunTrigger } from '../../../src/api/types.ts';
import { leftWorkOfTargets } from '../../../src/core/backstop.ts';
import { fingerprintKey } from '../../../src/core/fingerprint.ts';
import { readSavedState, type StateKey } from '../../../src/core/contract.ts';
import { lostResponse } from './fake-api.ts';
import { KIT_TOKEN } from './kit.ts';
import { runOf, runSeveral } from './several-kit.ts';

describe('the post entry’s backstop with several targets', () => {
  it('covers every target still running and every trigger in flight', async () => {
    let atKill: Map<StateKey, string> | undefined;
    const run = await runSeveral({
      arrange: ({ api, state }) => {
        // The third trigger's answer is lost: main dies then.
        api.failNext('triggerRun', () => undefined, 2);
        api.failNext('triggerRun', ({ args }) => {
          api.create('run', args[0] as RunTrigger);
          atKill = new Map(state);
          throw lostResponse();
        });
      },
    });
    const saved = readSavedState({ save: () => undefined, get: (key) => atKill?.get(key) ?? '' });
    expect(saved.problems).toEqual([]);
    expect(saved.state.settled).toBe(false);
    const targets = saved.state.targets!;
    expect(targets).toHaveLength(3);
    // The three triggers go out together: each is known by its id or by the fingerprint of its trigger.
    expect(targets.every((target) => target.id !== undefined || target.pendingTrigger !== undefined)).toBe(
      true,
    );
    expect(targets.filter((target) => target.pendingTrigger !== undefined).length).toBeGreaterThanOrEqual(1);
    const left = await leftWorkOfTargets(run.api, targets, fingerprintKey(KIT_TOKEN));
    expect(new Set(left.refs.map((ref) => ref.id))).toEqual(
      new Set(['build', 'test', 'e2e'].map((name) => runOf(run.api, name))),
    );
    expect(left.ambiguous).toBeUndefined();
  });

  it('reads nothing unusable from a state entry that was tampered with', () => {
    const bad = JSON.stringify([{ settled: false, id: '../x' }]);
    const { state, problems } = readSavedState({
      save: () => undefined,
      get: (key) => (key === 'targets' ? bad : ''),
    });
    expect(problems).toEqual(['targets']);
    expect(state.targets).toBeUndefined();
  });
});

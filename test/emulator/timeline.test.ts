import { describe, expect, it } from 'vitest';
import { makePlan, stateAt, type ScriptStep } from '../../src/emulator/timeline.ts';
import type { OutcomeSwitches } from '../../src/emulator/outcome-switches.ts';
import { readOutcomeSwitches } from '../../src/emulator/outcome-switches.ts';

const script: ScriptStep[] = [
  { name: 'a', ms: 100 },
  { name: 'b', ms: 200 },
  { name: 'c', ms: 300, artifacts: true },
];

function plan(switches: OutcomeSwitches = {}, steps = script) {
  let n = 0;
  return makePlan({ createdAt: 1000, queueMs: 50, script: steps, switches, nextId: () => `id${++n}` });
}

describe('makePlan', () => {
  it('lays the steps end to end after the queue', () => {
    const p = plan();
    expect(p.startAt).toBe(1050);
    expect(p.steps.map((s) => [s.id, s.order, s.name, s.startAt, s.endAt, s.fails, s.artifacts])).toEqual([
      ['id1', 1, 'a', 1050, 1150, false, false],
      ['id2', 2, 'b', 1150, 1350, false, false],
      ['id3', 3, 'c', 1350, 1650, false, true],
    ]);
    expect(p.failIndex).toBe(-1);
    expect(p.endAt).toBe(1650);
  });

  it('applies the outcome switches', () => {
    expect(plan({ result: 'failed' }).failIndex).toBe(2);
    expect(plan({ failStep: 'b' }).endAt).toBe(1350);
    expect(plan({ failStep: 'nope' }).failIndex).toBe(-1);
    expect(plan({ result: 'passed' }, [{ name: 'x', fails: true }]).failIndex).toBe(-1);
    expect(plan({}, [{ name: 'x' }, { name: 'y', fails: true }]).failIndex).toBe(1);
    expect(
      plan({ result: 'failed' }, [{ name: 'x' }, { name: 'y', fails: true }, { name: 'z' }]).failIndex,
    ).toBe(1);
    expect(plan({ stepMs: 5, queueMs: 0 }).endAt).toBe(1015);
    expect(plan({ steps: 2 }).steps.map((s) => s.name)).toEqual(['step 1', 'step 2']);
    expect(plan({ stepNames: ['x', 'y'], steps: 5 }).steps.map((s) => s.name)).toEqual(['x', 'y']);
    expect(plan({ logBytes: 10 }).logBytes).toBe(10);
  });

  it('falls back to a three-step script', () => {
    expect(plan({}, []).steps.map((s) => s.name)).toEqual(['get code', 'setup environment', 'build']);
  });
});

describe('stateAt', () => {
  it('is queued, then running with progress by passed steps, then finished', () => {
    const p = plan();
    expect(stateAt(p, undefined, 1049)).toMatchObject({
      phase: 'queued',
      result: 'unknown',
      progress: 0,
      steps: [],
    });
    const running = stateAt(p, undefined, 1200);
    expect(running).toMatchObject({ phase: 'running', progress: 33, startedAt: 1050 });
    expect(running.steps.map((s) => [s.step.name, s.finished, s.result])).toEqual([
      ['a', true, 'passed'],
      ['b', false, 'unknown'],
    ]);
    expect(stateAt(p, undefined, 1650)).toMatchObject({
      phase: 'finished',
      result: 'passed',
      progress: 100,
      finishedAt: 1650,
    });
  });

  it('stops at the failing step with progress below 100', () => {
    const p = plan({ result: 'failed' });
    const done = stateAt(p, undefined, 10_000);
    expect(done).toMatchObject({ phase: 'finished', result: 'failed', progress: 67, finishedAt: 1650 });
    expect(done.steps.at(-1)?.result).toBe('failed');
  });

  it('aborts at the abort time, keeping the progress reached', () => {
    const p = plan();
    const aborted = stateAt(p, 1200, 5000);
    expect(aborted).toMatchObject({
      phase: 'finished',
      result: 'aborted',
      progress: 33,
      finishedAt: 1200,
      changedAt: 1200,
    });
    expect(aborted.steps.map((s) => [s.step.name, s.result, s.finishedAt])).toEqual([
      ['a', 'passed', 1150],
      ['b', 'aborted', 1200],
    ]);
    // Before the abort happened, the state is as if nothing was aborted.
    expect(stateAt(p, 1200, 1100).phase).toBe('running');
  });
});

describe('readOutcomeSwitches', () => {
  it('reads EMULATOR_* variables, later ones winning, and ignores others', () => {
    expect(
      readOutcomeSwitches([
        { key: 'EMULATOR_RESULT', value: 'failed' },
        { key: 'EMULATOR_RESULT', value: 'passed' },
        { key: 'EMULATOR_STEP_MS', value: '25' },
        { key: 'EMULATOR_QUEUE_MS', value: '0' },
        { key: 'EMULATOR_STEPS', value: '3' },
        { key: 'EMULATOR_STEP_NAMES', value: 'a,,b' },
        { key: 'EMULATOR_LOG_BYTES', value: '104857600' },
        { key: 'EMULATOR_FAIL_STEP', value: 'b' },
        { key: 'OTHER', value: 'x' },
      ]),
    ).toEqual({
      result: 'passed',
      stepMs: 25,
      queueMs: 0,
      steps: 3,
      stepNames: ['a', 'b'],
      logBytes: 104857600,
      failStep: 'b',
    });
  });

  it('applies the switches after EMULATOR_FOR_PIPELINE to that pipeline only, until the next one', () => {
    const envVars = [
      { key: 'EMULATOR_STEPS', value: '2' },
      { key: 'EMULATOR_FOR_PIPELINE', value: 'e2e' },
      { key: 'EMULATOR_STEPS', value: '4' },
      { key: 'EMULATOR_FAIL_STEP', value: 'step 3' },
      { key: 'EMULATOR_FOR_PIPELINE', value: 'lint' },
      { key: 'EMULATOR_RESULT', value: 'failed' },
      { key: 'EMULATOR_FOR_PIPELINE', value: '' },
      { key: 'EMULATOR_STEP_MS', value: '5' },
    ];
    expect(readOutcomeSwitches(envVars, 'e2e')).toEqual({ steps: 4, failStep: 'step 3', stepMs: 5 });
    expect(readOutcomeSwitches(envVars, 'lint')).toEqual({ steps: 2, result: 'failed', stepMs: 5 });
    expect(readOutcomeSwitches(envVars, 'other')).toEqual({ steps: 2, stepMs: 5 });
    // A build has no pipeline: only the switches for every run steer it.
    expect(readOutcomeSwitches(envVars)).toEqual({ steps: 2, stepMs: 5 });
    // A bad value is refused whichever pipeline it is for.
    expect(() =>
      readOutcomeSwitches(
        [
          { key: 'EMULATOR_FOR_PIPELINE', value: 'e2e' },
          { key: 'EMULATOR_STEPS', value: 'many' },
        ],
        'lint',
      ),
    ).toThrow(expect.objectContaining({ statusCode: 400 }));
  });

  it.each([
    ['EMULATOR_RESULT', 'aborted'],
    ['EMULATOR_STEP_MS', '1.5'],
    ['EMULATOR_STEP_MS', 'fast'],
    ['EMULATOR_STEPS', '10001'],
    ['EMULATOR_STEP_NAMES', ','],
    ['EMULATOR_LOG_BYTES', '-1'],
  ])('refuses %s=%s with a 400', (key, value) => {
    expect(() => readOutcomeSwitches([{ key, value }])).toThrow(expect.objectContaining({ statusCode: 400 }));
  });
});

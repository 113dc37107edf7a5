// The composition root: a sink added through it is heard on every path, once per target, whatever the
// number of targets; the step's own sinks hear the step's end once.
import { describe, expect, it } from 'vitest';
import type { FlowSink } from '../../../src/core/flow/events.ts';
import type { StepEnd } from '../../../src/core/flow/events.ts';
import { runFlow } from './kit.ts';
import { runSeveral } from './several-kit.ts';

function counting() {
  const heard = { triggered: 0, concluded: 0, stepEnded: 0, labels: [] as string[] };
  const sink = (label: string): FlowSink => ({
    triggered: () => void heard.triggered++,
    concluded: () => {
      heard.concluded++;
      heard.labels.push(label);
    },
  });
  const step: FlowSink = { stepEnded: () => void heard.stepEnded++ };
  return { heard, sink, step };
}

describe('a sink added through the composition root', () => {
  it('is told once with one target', async () => {
    const { heard, sink } = counting();
    const run = await runFlow({ inputs: { pipeline: 'acme/web/build' }, extraSinks: [sink('only')] });
    expect(run.outcome.kind).toBe('passed');
    expect(heard).toMatchObject({ triggered: 1, concluded: 1, labels: ['only'] });
  });

  it('is told once per target with three, and the step’s own sinks hear the step’s end once', async () => {
    const { heard, sink, step } = counting();
    let ends: StepEnd[] = [];
    const run = await runSeveral({
      targetSinks: (target) => [sink(target.label)],
      stepSinks: [step, { stepEnded: (end) => void (ends = [...ends, end]) }],
    });
    expect(run.outcome.kind).toBe('passed');
    expect(heard.triggered).toBe(3);
    expect(heard.concluded).toBe(3);
    expect(heard.labels.sort()).toEqual(['build', 'e2e', 'test']);
    expect(heard.stepEnded).toBe(1);
    expect(ends).toHaveLength(1);
    expect(ends[0]!.targets.map((target) => target.conclusion.outcome.kind)).toEqual([
      'passed',
      'passed',
      'passed',
    ]);
    expect(ends[0]!.settled).toBe(true);
  });

  it('reads a failed step’s log once, for the live log, the summary and every report', async () => {
    const run = await runFlow({
      inputs: { pipeline: 'acme/web/build' },
      arrange: ({ api }) => void (api.script = { ...api.script, failAt: 1 }),
    });
    expect(run.outcome.kind).toBe('failed');
    expect(run.lines.some((line) => line.startsWith('group: '))).toBe(true);
    expect(run.summaries.join('')).toContain('build');
    expect(run.api.count('openStepLog')).toBe(1);
  });
});

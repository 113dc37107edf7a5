import { describe, expect, it } from 'vitest';
import { withFailures } from '../../src/core/polling/failures.ts';
import { historyEvidence } from '../../src/core/polling/history.ts';
import { erfc, upperTail } from '../../src/core/polling/normal.ts';
import { createProgressTracker, stepsBehind } from '../../src/core/polling/progress.ts';
import { createSteadyTime } from '../../src/core/polling/steady-time.ts';
import {
  longestWait,
  longestWaitFromSamples,
  sampleDensity,
  sampleOffsets,
} from '../../src/core/polling/wait.ts';

describe('normal distribution', () => {
  it('matches known values', () => {
    expect(erfc(0)).toBeCloseTo(1, 6);
    expect(upperTail(1.959964)).toBeCloseTo(0.025, 5);
    expect(upperTail(-1)).toBeCloseTo(0.841345, 5);
  });
});

describe('longestWait', () => {
  it('follows the square-root rule where the finish is spread evenly', () => {
    // Finish uniformly likely over the next 1000 s: P(finish within w) = w / 1000, so the expected
    // unseen time of a wait w is w² / 2000, and the budget 0.5 s allows w = √1000 ≈ 31.6 s.
    const uniform = (t: number) => (t >= 0 && t <= 1000 ? 1 : 0);
    expect(longestWait(uniform, 0, 0.5, 1, 60)).toBeCloseTo(Math.sqrt(1000), 0);
    // A quarter of the budget halves the wait.
    expect(longestWait(uniform, 0, 0.125, 1, 60)).toBeCloseTo(Math.sqrt(1000) / 2, 0);
  });

  it('waits just past a finish that is nearly certain at one moment', () => {
    const spike = (t: number) => Math.exp(-0.5 * ((t - 20) / 0.2) ** 2);
    const wait = longestWait(spike, 0, 0.3, 1, 60);
    expect(wait).toBeGreaterThan(20);
    expect(wait).toBeLessThan(21);
  });

  it('keeps to the floor and the ceiling', () => {
    expect(longestWait((t) => (t < 10 ? 1 : 0), 0, 1e-6, 1, 60)).toBe(1);
    expect(longestWait((t) => (t > 1e6 ? 1 : 0), 0, 0.3, 1, 60)).toBe(60);
    expect(longestWait(() => 0, 0, 0.3, 1, 60)).toBe(60);
  });
});

describe('withFailures', () => {
  // The run would pass after 100 s, give or take a second.
  const passes = (t: number) => Math.exp(-0.5 * ((t - 100) / 1) ** 2);
  /** Share of the finish probability (the trapezoid mass of the samples) before `t` seconds. */
  const shareBefore = (samples: readonly number[], elapsed: number, t: number) => {
    let before = 0;
    let total = 0;
    for (let i = 1; i < sampleOffsets.length; i += 1) {
      const piece = ((sampleOffsets[i]! - sampleOffsets[i - 1]!) * (samples[i]! + samples[i - 1]!)) / 2;
      total += piece;
      if (elapsed + sampleOffsets[i]! <= t) before += piece;
    }
    return before / total;
  };

  it('spreads the chance of failing evenly over the rest of the run', () => {
    const samples = withFailures(sampleDensity(passes, 0), 0, 0.1);
    expect(shareBefore(samples, 0, 95)).toBeCloseTo(0.095, 2);
    expect(shareBefore(samples, 0, 50)).toBeCloseTo(0.05, 2);
    // Half the run gone without a finish: what is left of the chance of failing covers what is left.
    const later = withFailures(sampleDensity(passes, 50), 50, 0.1);
    expect(shareBefore(later, 50, 95)).toBeCloseTo((0.1 * 45) / 100 / (1 - 0.05), 2);
    expect(withFailures(sampleDensity(passes, 0), 0, 0)).toEqual(sampleDensity(passes, 0));
  });

  it('puts a failure of the running step at its end', () => {
    const stepEnd = (t: number) => Math.exp(-0.5 * ((t - 30) / 1) ** 2) / Math.sqrt(2 * Math.PI);
    const samples = withFailures(sampleDensity(passes, 10), 10, 0.1, { chance: 0.2, at: stepEnd });
    expect(shareBefore(samples, 10, 35)).toBeGreaterThan(0.2);
    expect(shareBefore(samples, 10, 35)).toBeLessThan(0.2 + 0.1 * 0.3);
  });

  it('shortens the wait where the history alone would put off the finish', () => {
    const alone = longestWaitFromSamples(sampleDensity(passes, 10), 0.3, 1, 60);
    const failing = longestWaitFromSamples(withFailures(sampleDensity(passes, 10), 10, 0.1), 0.3, 1, 60);
    expect(alone).toBe(60);
    expect(failing).toBeLessThan(40);
  });
});

describe('historyEvidence', () => {
  it('centres on the median and ignores unusable durations', () => {
    const evidence = historyEvidence([600_000, 590_000, 610_000, 10_000, Number.NaN, -5], {
      keep: 10,
      typicalSpread: 0.1,
      typicalWeight: 2,
    });
    expect(Math.exp(evidence!.mean)).toBeGreaterThan(590);
    expect(Math.exp(evidence!.mean)).toBeLessThan(600);
    expect(historyEvidence([], { keep: 10, typicalSpread: 0.1, typicalWeight: 2 })).toBeUndefined();
  });

  it('is surer with more consistent runs', () => {
    const tuning = { keep: 10, typicalSpread: 0.1, typicalWeight: 2 };
    const one = historyEvidence([600_000], tuning)!;
    const many = historyEvidence(
      Array.from({ length: 10 }, () => 600_000),
      tuning,
    )!;
    const scattered = historyEvidence([300_000, 900_000, 450_000, 1200_000, 600_000], tuning)!;
    expect(many.sd).toBeLessThan(one.sd);
    expect(scattered.sd).toBeGreaterThan(many.sd);
  });
});

describe('progress', () => {
  it('infers the step count from the percentages seen', () => {
    expect(stepsBehind(new Set([57, 71, 85]))).toBe(7);
    expect(stepsBehind(new Set([50]))).toBe(2);
    expect(stepsBehind(new Set([50, 66]))).toBe(6);
    expect(stepsBehind(new Set([33, 67]))).toBe(3);
    expect(stepsBehind(new Set([0]))).toBe(1);
  });

  it('brackets the moment a step finished between two polls', () => {
    const tracker = createProgressTracker();
    tracker.observe(10_000, { progress: 57 });
    tracker.observe(20_000, { progress: 57 });
    tracker.observe(30_000, { progress: 71 });
    expect(tracker.position(0)).toEqual({ steps: 7, done: 5, since: 30_000, earliest: 20_000 });
  });

  it('prefers the current step and step count when given', () => {
    const tracker = createProgressTracker();
    tracker.observe(5000, { currentStep: 2, totalSteps: 12 });
    tracker.observe(9000, { currentStep: 3, totalSteps: 12, progress: 16 });
    expect(tracker.position(0)).toEqual({ steps: 12, done: 2, since: 9000, earliest: 5000 });
  });

  it('trusts the progress over a step count that only holds the steps started so far', () => {
    const tracker = createProgressTracker();
    tracker.observe(5000, { currentStep: 2, totalSteps: 2, progress: 14 });
    tracker.observe(9000, { currentStep: 3, totalSteps: 3, progress: 28 });
    expect(tracker.position(0)).toMatchObject({ steps: 7, done: 2 });
  });

  it('knows nothing without progress or steps', () => {
    const tracker = createProgressTracker();
    tracker.observe(5000, {});
    expect(tracker.position(0)).toBeUndefined();
  });
});

describe('steady time', () => {
  it('follows the wall clock, but takes a step back or a leap as the wait that was asked for', () => {
    const time = createSteadyTime(600_000);
    expect(time.advance(1_000_000, 1000)).toBe(0);
    expect(time.advance(1_005_000, 5000)).toBe(5000);
    expect(time.advance(900_000, 2000)).toBe(7000);
    expect(time.advance(900_000 + 5 * 3600_000, 3000)).toBe(10_000);
    expect(time.advance(900_000 + 5 * 3600_000 + 4000, 4000)).toBe(14_000);
  });
});

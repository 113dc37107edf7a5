// What the run's own steps say about when it finishes: the running step and those after it take
// about as long as the finished ones did on average, each with a given spread.
import { normalDensity, upperTail } from './normal.ts';
import type { FinishDensity } from './wait.ts';

export interface StepsSoFar {
  steps: number;
  done: number;
  /** Seconds after the start at which the running step started. */
  currentSince: number;
}

export interface StepBelief {
  /** When the run ends if every step passes, as a density over seconds since the start. */
  passes: FinishDensity;
  /** The chance that the running step fails and ends the run, and when it ends then (t > elapsed). */
  failsNow?: { chance: number; at: FinishDensity };
}

export interface StepTuning {
  /** Coefficient of variation of one step's duration: how uneven steps are. */
  stepSpread: number;
  /**
   * Probability that a run fails. It ends after whichever step fails: the running one with chance
   * failureRate / steps, or any moment of the rest alike (failures.ts).
   */
  failureRate: number;
}

/**
 * With the last step running, the run ends when it does. Before that it ends at the last step if it
 * passes, or at the end of the running step if that one fails. Undefined while no step has finished.
 */
export function stepBelief(
  position: StepsSoFar,
  elapsed: number,
  tuning: StepTuning,
): StepBelief | undefined {
  const { steps, done, currentSince } = position;
  if (done <= 0 || currentSince <= 0) return undefined;
  const meanStep = currentSince / done;
  const cv2 = tuning.stepSpread ** 2;
  // Spread of one step's ln-duration, widened by the uncertainty of the mean estimated from `done` steps.
  const stepSd = Math.sqrt(Math.log(1 + cv2) + Math.log(1 + cv2 / done));
  const stepMu = Math.log(meanStep) - Math.log(1 + cv2) / 2;
  const current = (t: number) => logNormalDensity(t - currentSince, stepMu, stepSd);
  const after = Math.max(0, steps - done - 1);
  if (after === 0) return { passes: current };

  const age = Math.max(0, elapsed - currentSince);
  const alive = age > 0 ? upperTail((Math.log(age) - stepMu) / stepSd) : 1;
  if (alive < 1e-9) return undefined;
  const rest = excess(stepMu, stepSd, age);
  const mean = rest.mean + after * meanStep;
  const variance = rest.variance + after * cv2 * meanStep ** 2 + (after * meanStep) ** 2 * (cv2 / done);
  const sd = Math.sqrt(Math.log(1 + variance / mean ** 2));
  const mu = Math.log(mean) - sd ** 2 / 2;
  return {
    passes: (t) => logNormalDensity(t - elapsed, mu, sd),
    failsNow: {
      chance: Math.min(0.5, tuning.failureRate / steps),
      at: (t) => (t > elapsed ? current(t) / alive : 0),
    },
  };
}

function logNormalDensity(value: number, mu: number, sd: number): number {
  return value > 0 ? normalDensity(Math.log(value), mu, sd) / value : 0;
}

/** Mean and variance of W - age given W > age, for ln W ~ N(mu, sd²). */
function excess(mu: number, sd: number, age: number): { mean: number; variance: number } {
  const m1 = Math.exp(mu + (sd * sd) / 2);
  const m2 = Math.exp(2 * mu + 2 * sd * sd);
  if (age <= 0) return { mean: m1, variance: Math.max(0, m2 - m1 * m1) };
  const z = Math.log(age);
  const alive = upperTail((z - mu) / sd);
  const first = (m1 * upperTail((z - mu - sd * sd) / sd)) / alive;
  const second = (m2 * upperTail((z - mu - 2 * sd * sd) / sd)) / alive;
  return { mean: Math.max(1e-3, first - age), variance: Math.max(0, second - first * first) };
}

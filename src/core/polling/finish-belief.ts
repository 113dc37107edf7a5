// The belief about when a running run finishes, as a density over seconds since its start: a broad
// prior, times what the pipeline's recent durations say, times what the run's own steps say. Each
// source of evidence may be wrong (a failure, a changed pipeline, one very long step), so each is a
// mixture of its prediction and "says nothing".
import type { Gaussian } from './gaussian.ts';
import { normalDensity, upperTail } from './normal.ts';
import type { FinishDensity } from './wait.ts';

export interface BeliefTuning {
  /** ln(duration in seconds) before anything is known. */
  prior: Gaussian;
  /** Probability that the history says nothing about this run. */
  historyOutlier: number;
  /** Coefficient of variation of one step's duration: how uneven steps are. */
  stepSpread: number;
  /** Probability that the steps seen so far say nothing about the rest. */
  stepOutlier: number;
  /** Probability that a run fails (and so ends after whichever step is running). */
  failureRate: number;
  /** Density per unit of ln-duration that "says nothing" stands for. */
  flatDensity: number;
}

interface StepsSoFar {
  steps: number;
  done: number;
  /** Seconds after the start at which the running step started. */
  currentSince: number;
}

export interface FinishEvidence {
  /** Seconds since the start with no finish seen. */
  elapsed: number;
  history?: Gaussian;
  steps?: StepsSoFar;
}

export function finishDensity(evidence: FinishEvidence, tuning: BeliefTuning): FinishDensity {
  const { prior, flatDensity } = tuning;
  const history = evidence.history;
  const fromSteps = evidence.steps ? stepDensity(evidence.steps, evidence.elapsed, tuning) : undefined;
  return (t) => {
    if (!(t > 0)) return 0;
    const x = Math.log(t);
    let density = normalDensity(x, prior.mean, prior.sd) / t;
    if (history) {
      density *=
        (1 - tuning.historyOutlier) * normalDensity(x, history.mean, history.sd) +
        tuning.historyOutlier * flatDensity;
    }
    if (fromSteps) {
      // fromSteps is a density over t; times t makes it one over ln t, comparable with flatDensity.
      density *= (1 - tuning.stepOutlier) * fromSteps(t) * t + tuning.stepOutlier * flatDensity;
    }
    return density;
  };
}

/**
 * The finish time predicted from the steps: the running step and those after it take about as long
 * as the finished ones did on average, each with the given spread. With the last step running, the
 * run ends when it does; before that it ends at a later step, or with this one if this one fails.
 */
function stepDensity(position: StepsSoFar, elapsed: number, tuning: BeliefTuning): FinishDensity | undefined {
  const { steps, done, currentSince } = position;
  if (done <= 0 || currentSince <= 0) return undefined;
  const meanStep = currentSince / done;
  const cv2 = tuning.stepSpread ** 2;
  // Spread of one step's ln-duration, widened by the uncertainty of the mean estimated from `done` steps.
  const stepSd = Math.sqrt(Math.log(1 + cv2) + Math.log(1 + cv2 / done));
  const stepMu = Math.log(meanStep) - Math.log(1 + cv2) / 2;
  const current = (t: number) => logNormalDensity(t - currentSince, stepMu, stepSd);
  const after = Math.max(0, steps - done - 1);
  if (after === 0) return current;

  const age = Math.max(0, elapsed - currentSince);
  const alive = age > 0 ? upperTail((Math.log(age) - stepMu) / stepSd) : 1;
  if (alive < 1e-9) return undefined;
  const rest = excess(stepMu, stepSd, age);
  const mean = rest.mean + after * meanStep;
  const variance = rest.variance + after * cv2 * meanStep ** 2 + (after * meanStep) ** 2 * (cv2 / done);
  const sd = Math.sqrt(Math.log(1 + variance / mean ** 2));
  const mu = Math.log(mean) - sd ** 2 / 2;
  const failsNow = Math.min(0.5, tuning.failureRate / steps);
  return (t) => (1 - failsNow) * logNormalDensity(t - elapsed, mu, sd) + (failsNow * current(t)) / alive;
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

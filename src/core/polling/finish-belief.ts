// The belief about when a running run finishes, as a density over seconds since its start: a broad
// prior, times what the pipeline's recent durations say, times what the run's own steps say, about
// when the run would pass; then the chance that it fails and ends sooner (failures.ts). Each source
// of evidence may be wrong (a changed pipeline, one very long step), so each is a mixture of its
// prediction and "says nothing".
import { withFailures } from './failures.ts';
import type { Gaussian } from './gaussian.ts';
import { normalDensity } from './normal.ts';
import type { StepsSoFar, StepTuning } from './step-belief.ts';
import { stepBelief } from './step-belief.ts';
import type { FinishDensity } from './wait.ts';
import { sampleDensity } from './wait.ts';

export interface BeliefTuning extends StepTuning {
  /** ln(duration in seconds) before anything is known. */
  prior: Gaussian;
  /** Probability that the history says nothing about this run. */
  historyOutlier: number;
  /** Probability that the steps seen so far say nothing about the rest. */
  stepOutlier: number;
  /** Density per unit of ln-duration that "says nothing" stands for. */
  flatDensity: number;
}

export interface FinishEvidence {
  /** Seconds since the start with no finish seen. */
  elapsed: number;
  history?: Gaussian;
  steps?: StepsSoFar;
}

/** The density of the finish time at `elapsed` + each of `sampleOffsets` (wait.ts), unnormalised. */
export function finishSamples(evidence: FinishEvidence, tuning: BeliefTuning): number[] {
  const steps = evidence.steps ? stepBelief(evidence.steps, evidence.elapsed, tuning) : undefined;
  const passes = sampleDensity(passDensity(evidence.history, steps?.passes, tuning), evidence.elapsed);
  return withFailures(passes, evidence.elapsed, tuning.failureRate, steps?.failsNow);
}

/** When the run ends if it passes. */
function passDensity(
  history: Gaussian | undefined,
  fromSteps: FinishDensity | undefined,
  tuning: BeliefTuning,
): FinishDensity {
  const { prior, flatDensity } = tuning;
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

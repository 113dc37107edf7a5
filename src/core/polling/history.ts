// What the durations of a pipeline's recent runs say about the next one.
import type { Gaussian } from './gaussian.ts';

export interface HistoryTuning {
  /** How many of the newest durations to use. */
  keep: number;
  /** Spread (sd of ln-duration) assumed before any durations are seen. */
  typicalSpread: number;
  /** Weight of that assumption, in runs. */
  typicalWeight: number;
}

/**
 * A predictive distribution of ln(duration in seconds) from earlier durations (ms, newest first):
 * a robust centre (median) and spread (scaled median absolute deviation), the spread shrunk towards a
 * typical value when there are few runs. Undefined when no usable duration is given.
 */
export function historyEvidence(durationsMs: readonly number[], tuning: HistoryTuning): Gaussian | undefined {
  const logs = durationsMs
    .filter((ms) => Number.isFinite(ms) && ms > 0)
    .slice(0, tuning.keep)
    .map((ms) => Math.log(ms / 1000));
  if (logs.length === 0) return undefined;
  const centre = median(logs);
  const mad = 1.4826 * median(logs.map((x) => Math.abs(x - centre)));
  const n = logs.length;
  const variance =
    (tuning.typicalWeight * tuning.typicalSpread ** 2 + (n - 1) * mad * mad) / (tuning.typicalWeight + n - 1);
  return { mean: centre, sd: Math.sqrt(variance * (1 + 1 / n)) };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

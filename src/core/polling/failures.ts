// Runs that fail end early, whatever their history or their steps predict: those say when the run
// would pass, not whether it does. This adds the finishes of failing runs to the belief.
import type { StepBelief } from './step-belief.ts';
import { sampleOffsets } from './wait.ts';

/**
 * A run passes with chance 1 − `rate`. Otherwise it fails, at any moment of the D seconds it would
 * have taken with the same chance, `rate` / D per second. Given no finish by `elapsed`, its finish
 * time then has the density, up to a constant,
 *   (1 − rate) · passes(t) + rate · ∫_{D > t} passes(D) / D dD   for t > elapsed. When the running step is known, its failure ends the run at that step's end,
 * with the chance the steps give.
 *
 * `passes` is the density of the finish if the run passes, sampled at `elapsed` + `sampleOffsets`;
 * the result is sampled at the same times.
 */
export function withFailures(
  passes: readonly number[],
  elapsed: number,
  rate: number,
  failsNow?: StepBelief['failsNow'],
): number[] {
  if (!(rate > 0)) return [...passes];
  const times = sampleOffsets.map((u) => elapsed + u);
  const last = times.length - 1;
  const perSecond = passes.map((value, i) => (times[i]! > 0 ? value / times[i]! : 0));
  // tail[i] = ∫_{times[i]}^∞ passes(D) / D dD and mass = ∫_elapsed^∞ passes(D) dD, by the trapezoid rule.
  const tail = new Array<number>(times.length).fill(0);
  let mass = 0;
  for (let i = last - 1; i >= 0; i -= 1) {
    const width = times[i + 1]! - times[i]!;
    tail[i] = tail[i + 1]! + (width * (perSecond[i]! + perSecond[i + 1]!)) / 2;
    mass += (width * (passes[i]! + passes[i + 1]!)) / 2;
  }
  return times.map((t, i) => {
    if (!(t > 0)) return 0;
    const later = (1 - rate) * passes[i]! + rate * tail[i]!;
    if (!failsNow || !(mass > 0)) return later;
    return (1 - failsNow.chance) * later + failsNow.chance * mass * failsNow.at(t);
  });
}

// Turns a belief about when the run finishes into the next wait.
//
// Waiting `w` seconds after a poll at `elapsed` leaves a finish in between unseen for
// E[(w - (T - elapsed))⁺ | T > elapsed] seconds on average. Each wait is made as long as possible while
// that expected unseen time stays within a budget: the price of one request. Where a finish is likely
// the waits become short, elsewhere long; this is the square-root rule (wait ∝ 1/√hazard) that
// minimises total lateness for a given number of requests.

/** Unnormalised density of the finish time, in seconds after the start. */
export type FinishDensity = (seconds: number) => number;

const FINE_STEP = 0.25;
const FINE_UNTIL = 120;
const COARSE_RATIO = 1.06;
const HORIZON = 30 * 24 * 3600;

/** Offsets (seconds after `elapsed`) where the density is sampled: fine near now, geometric beyond. */
export const sampleOffsets: readonly number[] = (() => {
  const points: number[] = [];
  for (let u = 0; u <= FINE_UNTIL; u += FINE_STEP) points.push(u);
  for (let u = FINE_UNTIL * COARSE_RATIO; u < HORIZON; u *= COARSE_RATIO) points.push(u);
  return points;
})();

/** The density at `elapsed` + each of `sampleOffsets`. */
export function sampleDensity(density: FinishDensity, elapsed: number): number[] {
  return sampleOffsets.map((u) => Math.max(0, density(elapsed + u)));
}

/**
 * The longest wait in [min, max] seconds whose expected unseen time, given no finish by `elapsed`,
 * stays within `budget` seconds.
 */
export function longestWait(
  density: FinishDensity,
  elapsed: number,
  budget: number,
  min: number,
  max: number,
): number {
  return longestWaitFromSamples(sampleDensity(density, elapsed), budget, min, max);
}

/** The same, from the density sampled at `elapsed` + `sampleOffsets` (see sampleDensity), all ≥ 0. */
export function longestWaitFromSamples(
  values: readonly number[],
  budget: number,
  min: number,
  max: number,
): number {
  // Cumulative mass by the trapezoid rule; its total is P(T > elapsed) up to a constant.
  const mass: number[] = [0];
  for (let i = 1; i < sampleOffsets.length; i += 1) {
    const width = sampleOffsets[i]! - sampleOffsets[i - 1]!;
    mass.push(mass[i - 1]! + (width * (values[i]! + values[i - 1]!)) / 2);
  }
  const total = mass[mass.length - 1]!;
  if (!(total > 0) || !Number.isFinite(total)) return max;
  // Expected unseen time for a wait ending at each offset: ∫₀^w P(finish by u) du.
  let unseen = 0;
  for (let i = 1; i < sampleOffsets.length; i += 1) {
    const start = sampleOffsets[i - 1]!;
    if (start >= max) return max;
    const width = sampleOffsets[i]! - start;
    const from = mass[i - 1]! / total;
    const to = mass[i]! / total;
    const next = unseen + (width * (from + to)) / 2;
    if (next > budget) {
      // Within this interval the cumulative probability is nearly linear: solve for the crossing.
      const wait = start + crossing(budget - unseen, from, (to - from) / width);
      return Math.min(max, Math.max(min, wait));
    }
    unseen = next;
  }
  return max;
}

/** Smallest x ≥ 0 with a·x + b·x²/2 = need, for a ≥ 0, b ≥ 0, need ≥ 0. */
function crossing(need: number, a: number, b: number): number {
  if (b <= 1e-15) return a > 0 ? need / a : Number.POSITIVE_INFINITY;
  return (-a + Math.sqrt(a * a + 2 * b * need)) / b;
}

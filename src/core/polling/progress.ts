// Where a run stands in its list of steps, from what the polls showed. Progress moves in steps
// (57, 71, 71, 85 for a seven-step run): when the current step and the step count are not given, the
// step count is inferred from the percentages seen.

export interface ProgressReading {
  /** Percent, 0..100, when the server sent one. */
  progress?: number;
  /** 1-based index of the running step, and the number of steps, when known. */
  currentStep?: number;
  totalSteps?: number;
}

interface StepPosition {
  /** Number of steps in the run (inferred when not given). */
  steps: number;
  /** Steps finished. */
  done: number;
  /** When the running step started (the last one finished), ms on the policy's time line. */
  since: number;
  /** The answer before `since` still showed fewer steps done, so the change lies in [earliest, since]. */
  earliest: number;
}

export interface ProgressTracker {
  /** Records a reading taken at `at` (ms on the policy's time line). */
  observe(at: number, reading: ProgressReading): void;
  /** Undefined until the run shows how far it is. */
  position(start: number): StepPosition | undefined;
}

export function createProgressTracker(): ProgressTracker {
  const percentsSeen = new Set<number>();
  let givenSteps: number | undefined;
  let givenDone: number | undefined;
  let percent: number | undefined;
  let key: string | undefined;
  let since: number | undefined;
  let lastBelow: number | undefined;
  let lastAt: number | undefined;

  return {
    observe(at, reading) {
      const total = count(reading.totalSteps);
      const current = count(reading.currentStep);
      if (total !== undefined) givenSteps = total;
      if (total !== undefined && current !== undefined && current <= total) givenDone = current - 1;
      if (reading.progress !== undefined && Number.isFinite(reading.progress)) {
        percent = Math.min(100, Math.max(0, Math.round(reading.progress)));
        percentsSeen.add(percent);
      }
      const next =
        givenDone !== undefined ? `s${givenDone}` : percent !== undefined ? `p${percent}` : undefined;
      if (next !== undefined && next !== key) {
        // Only a move forwards brackets the moment of the change with the previous answer.
        lastBelow = key === undefined || rank(next) > rank(key) ? lastAt : undefined;
        key = next;
        since = at;
      }
      lastAt = at;
    },
    position(start) {
      if (since === undefined) return undefined;
      let steps: number;
      let done: number;
      const trusted =
        givenSteps !== undefined && (givenDone === undefined || agrees(givenDone, givenSteps, percent))
          ? givenSteps
          : undefined;
      if (givenDone !== undefined && trusted !== undefined) {
        steps = trusted;
        done = givenDone;
      } else if (percent !== undefined) {
        steps = trusted ?? stepsBehind(percentsSeen);
        done = Math.min(steps, Math.round((percent / 100) * steps));
      } else {
        return undefined;
      }
      const earliest = lastBelow === undefined ? (done === 0 ? start : since) : Math.max(lastBelow, start);
      return { steps, done, since: Math.max(since, earliest), earliest };
    },
  };
}

/**
 * A steps list that holds only the steps started so far would make every step look like the last:
 * when the progress says otherwise (by more than a step), the progress wins.
 */
function agrees(done: number, steps: number, percent: number | undefined): boolean {
  // One step of lag between the two reads is fine; percentages are rounded down, hence steps / 100.
  return percent === undefined || Math.abs((percent / 100) * steps - done) <= 1 + steps / 100;
}

function rank(key: string): number {
  return Number(key.slice(1));
}

function count(value: number | undefined): number | undefined {
  return value !== undefined && Number.isInteger(value) && value > 0 ? value : undefined;
}

/** The smallest step count whose percentages (rounded down or to nearest) explain every value seen. */
export function stepsBehind(percents: ReadonlySet<number>): number {
  for (let steps = 1; steps <= 100; steps += 1) {
    let fits = true;
    for (const percent of percents) {
      let found = false;
      for (let done = 0; done <= steps && !found; done += 1) {
        const exact = (100 * done) / steps;
        found = Math.floor(exact) === percent || Math.round(exact) === percent;
      }
      if (!found) {
        fits = false;
        break;
      }
    }
    if (fits) return steps;
  }
  return 100;
}

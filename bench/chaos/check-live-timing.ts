// When a step's live log lines were printed: while the step ran, not all at its end. The old fault this
// catches: a read that failed counted as a quiet log, so the next read came 2.4 s later, then 3.6 s, 5.4 s,
// up to 10 s, and a step's lines could all come after its end. Now a failed read is tried again after
// 0.5, 1, 2, then every 2 s, or after the Retry-After of a throttled read (the chaos proxy asks 0-2 s):
// at most 2 s apart, so a step that the action reads for 8.5 s gets five reads or more before its end, and
// all of them fail only with the chance of five faulted reads in a row. The rule, and why, are in
// docs/reliability.md.

/**
 * The least time between the step's heading saying it runs (its log read from then on) and its end, for
 * the step to be judged: reads at most 2 s apart after failures give five within it, at 0, 2, 4, 6 and
 * 8 s at the latest. It was 6 s (five reads at 0, 0.5, 1.5, 3.5, 5.5 s) until a run met two throttled
 * reads asking 2 s each and two 504s: four failed reads, 8 s, with honest waits.
 */
export const JUDGED_WINDOW_MS = 8500;
/** A log of fewer lines may have written them all at the step's end. */
const JUDGED_LINES = 2;

export interface StepTiming {
  /** Long enough, and read long enough, for the rule to apply. */
  judged: boolean;
  /** Judged, and its first line came at or after the step's end. */
  atEnd: boolean;
  /** From the heading that said it runs to its end; undefined when either is unknown. */
  windowMs?: number;
  /** From its end to its first line (negative: before the end). */
  firstLineAfterEndMs?: number;
}

export interface StepTimes {
  /** The step's end as the server recorded it (epoch ms). */
  endedAt?: number;
  /** When the heading that says the step runs reached the runner's stdout. */
  runningAt?: number | undefined;
  /** When the step's first line reached it. */
  firstLineAt?: number | undefined;
  /** The lines of the step's log. */
  lines: number;
}

export function printedWhileRunning(times: StepTimes): StepTiming {
  const { endedAt, runningAt, firstLineAt, lines } = times;
  const windowMs = endedAt !== undefined && runningAt !== undefined ? endedAt - runningAt : undefined;
  const firstLineAfterEndMs =
    endedAt !== undefined && firstLineAt !== undefined ? firstLineAt - endedAt : undefined;
  const judged =
    windowMs !== undefined &&
    windowMs >= JUDGED_WINDOW_MS &&
    firstLineAfterEndMs !== undefined &&
    lines >= JUDGED_LINES;
  return {
    judged,
    atEnd: judged && firstLineAfterEndMs >= 0,
    ...(windowMs !== undefined ? { windowMs } : {}),
    ...(firstLineAfterEndMs !== undefined ? { firstLineAfterEndMs } : {}),
  };
}

// What reading one report may cost, and the count of test cases a target's reports share.

/** The most test cases kept for one target, over all of its reports. */
const MAX_CASES_PER_TARGET = 100_000;

/** Test cases counted over every report of one target: make one per target and hand it to each reader. */
export class CaseBudget {
  taken = 0;
  readonly max: number;

  constructor(max = MAX_CASES_PER_TARGET) {
    this.max = max;
  }

  /** Counts one more case, or answers false when the budget is spent. */
  take(): boolean {
    if (this.taken >= this.max) return false;
    this.taken += 1;
    return true;
  }

  /** Gives back the cases of a report that was skipped after all. */
  giveBack(count: number): void {
    this.taken = Math.max(0, this.taken - count);
  }
}

export interface ReportLimits {
  /** The target's shared count of test cases. */
  cases: CaseBudget;
  /** The most bytes of one report (default 50 MiB): a larger one is skipped as it streams. */
  maxBytes?: number;
  /** The most bytes of failure text kept per test (default 4 KiB). */
  maxTextBytes?: number;
  /** The deepest nesting of elements (default 64): JUnit reports nest four or five deep. */
  maxDepth?: number;
}

export const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;
export const DEFAULT_MAX_TEXT_BYTES = 4 * 1024;
export const DEFAULT_MAX_DEPTH = 64;

/** Why a report is skipped or cut short, worded to follow its name. */
export class ReportProblem extends Error {
  /** Whether the cases read before the problem still count (the case budget ran out). */
  readonly keepCases: boolean;

  constructor(reason: string, keepCases = false) {
    super(reason);
    this.keepCases = keepCases;
  }
}

// Its own module because both outcome.ts and report/format.ts need it, and outcome.ts imports format.ts.

/** How following ended, as reported to users. `triggered`: the action did not wait for the result. */
export type OutcomeKind =
  'passed' | 'failed' | 'aborted' | 'timed-out' | 'cancelled' | 'unknown' | 'triggered';

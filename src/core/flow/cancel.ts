// The signals a flow stops on: the runner's cancel, a second signal to hurry, and fail-fast's.

export interface CancelSignals {
  /** The first SIGINT/SIGTERM/SIGBREAK: stop following, abort the remote work, report, exit. */
  signal: AbortSignal;
  /** A second signal: stop waiting for anything, write what we have and exit now. */
  hurry: AbortSignal;
  /**
   * With several targets and `fail-fast`: another target failed. `signal` aborts too, and the remote work is
   * aborted whatever `abort-on-cancel` says.
   */
  failFast?: AbortSignal;
}

// What every GitHub report sink is given, and when its last writes must be done.
import type { CancelSignals } from '../../core/flow/cancel.ts';
import type { Outputs } from '../../core/contract.ts';
import type { GitHubApi } from '../port.ts';
import type { WriterDeps } from '../report-writer.ts';
import type { OpenReports } from '../open-reports.ts';

export interface ReportDeps extends WriterDeps {
  api: GitHubApi;
  outputs: Outputs;
  open: OpenReports;
  cancel: CancelSignals;
  /** `wait: false`: the reports are left pending, for a later step to finish. */
  wait: boolean;
  /** Where annotations point: the workflow file, else `.github`. */
  annotationPath: string;
}

/** After a cancel, the runner sends SIGTERM 7.5 s after SIGINT; the reports must be written by then. */
const CANCEL_WINDOW_MS = 6500;
/** Without a cancel, the last writes may keep trying this long (rate limits, 5xx). */
const FINISH_PATIENCE_MS = 60_000;

/** The time the reports' last writes must end by; measured from the first signal when cancelled. */
export function finishDeadline(
  deps: Pick<ReportDeps, 'clock' | 'cancel'>,
  cancelledAt: number | undefined,
): number {
  if (deps.cancel.signal.aborted) return (cancelledAt ?? deps.clock.now()) + CANCEL_WINDOW_MS;
  return deps.clock.now() + FINISH_PATIENCE_MS;
}

/** Remembers when the first signal came. */
export function watchCancel(deps: Pick<ReportDeps, 'clock' | 'cancel'>): () => number | undefined {
  let at: number | undefined;
  if (deps.cancel.signal.aborted) at = deps.clock.now();
  else deps.cancel.signal.addEventListener('abort', () => (at = deps.clock.now()), { once: true });
  return () => at;
}

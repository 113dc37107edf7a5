// How long a running step's log waits after a read that failed. A failure says nothing about whether the
// log grew, so it does not count as a quiet log (whose pause grows to 10 s): it has its own short backoff,
// 0.5 s, 1 s, 2 s, then 2 s, or longer when the server asked for it (`Retry-After`). A failure that asking
// again will not mend (the log is denied, the request refused) waits as a quiet log does.
import { describeFailure, type FailureWord } from '../../api/errors.ts';

/** The waits after the first, second and third failed read in a row; the last one after that. */
const FAILED_READ_BACKOFF_MS = [500, 1000, 2000] as const;
/** A `Retry-After` longer than this is not honoured to the letter while the step runs. */
const MAX_RETRY_AFTER_MS = 60_000;

const WONT_MEND: ReadonlySet<FailureWord> = new Set([
  'denied',
  'gone',
  'invalid',
  'not-allowed',
  'refused',
  'unsupported',
  'url-refused',
]);

/**
 * The wait after the `failures`-th failed read in a row (1 for the first), at most `ceilingMs` unless the
 * server asked for longer; undefined for a failure that will not mend, which waits as a quiet log does.
 */
export function failedReadDelay(failures: number, error: unknown, ceilingMs = Infinity): number | undefined {
  const { word, retryAfterMs } = describeFailure(error);
  if (WONT_MEND.has(word)) return undefined;
  // Never longer than a quiet log's longest pause (a tailer on a faster cadence backs off within it).
  const backoff = Math.min(
    FAILED_READ_BACKOFF_MS[Math.min(failures, FAILED_READ_BACKOFF_MS.length) - 1]!,
    ceilingMs,
  );
  // A Retry-After longer than MAX_RETRY_AFTER_MS is not honoured to the letter while the step runs.
  return Math.max(backoff, Math.min(retryAfterMs ?? 0, MAX_RETRY_AFTER_MS));
}

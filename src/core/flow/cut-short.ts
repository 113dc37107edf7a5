// A request cut off by the flow's bounds (the timeout, or the job's cancel) ends the flow the way a
// timeout or a cancel between two polls does: through `stop`, so `on-timeout` and `abort-on-cancel`
// apply, and not as an error.
import { formatDuration } from '../report/format.ts';
import type { FlowContext } from './context.ts';
import type { Conclusion } from './events.ts';
import { stop } from './stop.ts';

/** The conclusion of a flow whose bounds fired before it threw; undefined when they did not. */
export async function cutShort(context: FlowContext): Promise<Conclusion | undefined> {
  const { bounds, cancel, view, settings } = context;
  if (!bounds.signal.aborted && !bounds.timedOut()) return undefined;
  const reason = cancel.signal.aborted ? 'cancelled' : 'timeout';
  if (view.ref) return stop(context, reason, [view.ref]);
  const what =
    reason === 'timeout'
      ? `Timed out${settings.timeoutMs !== undefined ? ` after ${formatDuration(settings.timeoutMs)}` : ''}`
      : 'Cancelled';
  // A trigger that went out may have created a run: the post step looks for it by its fingerprint.
  const message = bounds.triggerSent
    ? `${what} while the trigger's answer was awaited; the post step looks for what it may have created.`
    : `${what} before anything was triggered.`;
  return {
    outcome: { kind: reason === 'timeout' ? 'timed-out' : 'cancelled', success: false, message },
    final: { ...view },
    settled: !bounds.triggerSent,
  };
}

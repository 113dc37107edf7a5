// A request cut off by the flow's bounds (the timeout, or the job's cancel) ends the flow the way a
// timeout or a cancel between two polls does: through `stop`, so `on-timeout` and `abort-on-cancel`
// apply, and not as an error.
import { describeFailure } from '../../api/errors.ts';
import type { FlowContext } from './context.ts';
import type { Ended } from './events.ts';
import { stop } from './stop.ts';

/**
 * How a flow whose bounds fired before it threw ended; undefined when they did not. `error` is what it
 * threw: a call whose retry the client refused only because its wait would pass the timeout (a
 * `Retry-After` longer than the time left) was ended by the timeout, not by the fault, so the flow waits
 * the timeout out, as the retry's wait would have, and ends as a timeout.
 */
export async function cutShort(context: FlowContext, error?: unknown): Promise<Ended | undefined> {
  const { bounds, cancel, view } = context;
  if (!bounds.signal.aborted && !bounds.timedOut() && error !== undefined) {
    await waitOutDeadline(context, error);
  }
  if (!bounds.signal.aborted && !bounds.timedOut()) return undefined;
  const reason = cancel.signal.aborted ? 'cancelled' : 'timeout';
  if (view.ref) return stop(context, reason, [view.ref]);
  return {
    ending: { kind: 'cut-before-start', reason, triggerSent: bounds.triggerSent },
    final: { ...view },
  };
}

/** Sleeps until the flow's deadline when `error` is a retry the deadline alone refused. */
async function waitOutDeadline({ bounds, clock, sleep }: FlowContext, error: unknown): Promise<void> {
  if (bounds.deadline === undefined || !describeFailure(error).pastDeadline) return;
  try {
    await sleep(Math.max(0, bounds.deadline - clock.now()), bounds.signal);
  } catch {
    // The cancel or the timeout's own timer: either way the bounds have fired.
  }
}

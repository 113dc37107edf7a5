// A request cut off by the flow's bounds (the timeout, or the job's cancel) ends the flow the way a
// timeout or a cancel between two polls does: through `stop`, so `on-timeout` and `abort-on-cancel`
// apply, and not as an error.
import type { FlowContext } from './context.ts';
import type { Ended } from './events.ts';
import { stop } from './stop.ts';

/** How a flow whose bounds fired before it threw ended; undefined when they did not. */
export async function cutShort(context: FlowContext): Promise<Ended | undefined> {
  const { bounds, cancel, view } = context;
  if (!bounds.signal.aborted && !bounds.timedOut()) return undefined;
  const reason = cancel.signal.aborted ? 'cancelled' : 'timeout';
  if (view.ref) return stop(context, reason, [view.ref]);
  return {
    ending: { kind: 'cut-before-start', reason, triggerSent: bounds.triggerSent },
    final: { ...view },
  };
}

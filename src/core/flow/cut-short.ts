// A request cut off by the flow's bounds (the timeout, or the job's cancel) ends the flow the way a
// timeout or a cancel between two polls does: through `stop`, so `on-timeout` and `abort-on-cancel`
// apply, and not as an error.
import { decide } from '../outcome.ts';
import type { FlowContext } from './context.ts';
import type { Conclusion } from './events.ts';
import { stop } from './stop.ts';

/** The conclusion of a flow whose bounds fired before it threw; undefined when they did not. */
export async function cutShort(context: FlowContext): Promise<Conclusion | undefined> {
  const { bounds, cancel, view, settings } = context;
  if (!bounds.signal.aborted && !bounds.timedOut()) return undefined;
  const reason = cancel.signal.aborted ? 'cancelled' : 'timeout';
  if (view.ref) return stop(context, reason, [view.ref]);
  const ending = { kind: 'cut-before-start', reason, triggerSent: bounds.triggerSent } as const;
  return { ...decide(ending, settings), final: { ...view } };
}

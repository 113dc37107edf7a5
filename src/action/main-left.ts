// What the main step left for the post step, read from its saved state: remote work to abort, GitHub
// reports to finish. Both post entries' parts ask it: the first look, to end early, and the work itself.
import type { SavedState } from '../core/contract.ts';

export const NOTHING_TO_ABORT = 'Nothing to abort: the main step settled the remote work.';

/** Main left nothing to abort: it settled, or never got as far as a trigger. */
export function mainSettled(state: Partial<SavedState>): boolean {
  const targetsLeft = state.targets?.some((target) => !target.settled) ?? false;
  return state.settled === true || (!state.id && !state.pendingTrigger && !targetsLeft);
}

export function reportsLeftOpen(state: Partial<SavedState>): boolean {
  return (
    state.openReports !== undefined || (state.targets?.some((t) => t.openReports !== undefined) ?? false)
  );
}

// Cancels a started action the way the runner does: SIGINT, SIGTERM 7.5 s later if it still runs,
// SIGKILL 2.5 s after that. Records what had to be sent and when the process exited.
import { cancelLikeRunner as cancelChild } from '../../scripts/runner.ts';
import type { StartedAction } from './action-harness.ts';

export interface Cancellation {
  signalAt: number;
  exitedAt: number;
  sigtermSent: boolean;
  sigkillSent: boolean;
}

export async function cancelLikeRunner(
  action: StartedAction,
  signal: NodeJS.Signals = 'SIGINT',
): Promise<Cancellation> {
  const { signalAt, sigtermSent, sigkillSent } = await cancelChild(action.child, action.result, signal);
  return { signalAt, exitedAt: Date.now(), sigtermSent, sigkillSent };
}

/** Resolves once `predicate` holds, checking every 20 ms; rejects after `timeoutMs`. */
export async function until(predicate: () => boolean, timeoutMs = 15_000, what = 'condition'): Promise<void> {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

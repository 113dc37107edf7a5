// Cancels a started action the way the runner does: SIGINT, SIGTERM 7.5 s later if it still runs,
// SIGKILL 2.5 s after that. Records what had to be sent and when the process exited.
import type { StartedAction } from './action-harness.ts';

export const RUNNER_SIGTERM_AFTER_MS = 7500;
export const RUNNER_SIGKILL_AFTER_MS = 2500;

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
  const { child } = action;
  let sigtermSent = false;
  let sigkillSent = false;
  const signalAt = Date.now();
  child.kill(signal);
  const sigterm = setTimeout(() => {
    sigtermSent = true;
    child.kill('SIGTERM');
  }, RUNNER_SIGTERM_AFTER_MS);
  const sigkill = setTimeout(() => {
    sigkillSent = true;
    child.kill('SIGKILL');
  }, RUNNER_SIGTERM_AFTER_MS + RUNNER_SIGKILL_AFTER_MS);
  await action.result;
  clearTimeout(sigterm);
  clearTimeout(sigkill);
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

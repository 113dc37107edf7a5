// Cancellation as the runner does it: SIGINT, then SIGTERM (SIGBREAK on Windows) 7.5 s later, then
// SIGKILL 2.5 s after that. Installed before anything is sent, so a signal that arrives while the
// trigger is in flight is remembered and the run is aborted as soon as its id is known.
import type { CancelSignals } from '../core/flow/cancel.ts';
import type { Log } from '../core/ports.ts';
import type { TopLevelLines } from './top-level-lines.ts';

export const CANCEL_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGBREAK'] as const;
/** Where early-signals.ts leaves its function that hands over the signals it remembered. */
export const EARLY_SIGNALS = Symbol.for('ci-run-action.early-signals');
/** After the first signal, stop waiting for anything at this point, so outputs are still written … */
const HURRY_AFTER_MS = 6000;
/** … and leave at this point at the latest, before the runner's SIGTERM at 7.5 s. */
const EXIT_AFTER_MS = 7000;

/** Signals remembered by early-signals.ts while the main entry was loading, if it was loaded. */
function takeEarlySignals(): string[] {
  const take = (globalThis as Record<symbol, unknown>)[EARLY_SIGNALS];
  return typeof take === 'function' ? (take as () => string[])() : [];
}

export interface InstalledCancellation extends CancelSignals {
  dispose(): void;
}

/**
 * `log`: what the signals are said on. With `topLevel` (top-level-lines.ts) a signal is said outside the
 * running step's log group, once the flow has closed it.
 */
export function installCancelHandlers(
  log: Pick<Log, 'info'> & Partial<TopLevelLines>,
  exit: (code: number) => void = process.exit,
): InstalledCancellation {
  const say = (line: string) => (log.topLevel ? log.topLevel(line) : log.info(line));
  const first = new AbortController();
  const second = new AbortController();
  const timers: NodeJS.Timeout[] = [];
  let count = 0;

  const onSignal = (signal: string) => {
    count += 1;
    if (count === 1) {
      say(`Received ${signal}: stopping the wait.`);
      first.abort(new Error(`received ${signal}`));
      timers.push(setTimeout(() => second.abort(new Error('out of time')), HURRY_AFTER_MS).unref());
      timers.push(setTimeout(() => exit(130), EXIT_AFTER_MS).unref());
    } else if (count === 2) {
      say(`Received ${signal} again: finishing now.`);
      second.abort(new Error(`received ${signal} again`));
    } else {
      exit(130);
    }
  };
  for (const name of CANCEL_SIGNALS) process.on(name, onSignal);
  for (const signal of takeEarlySignals()) onSignal(signal);

  return {
    signal: first.signal,
    hurry: second.signal,
    dispose() {
      for (const name of CANCEL_SIGNALS) process.off(name, onSignal);
      for (const timer of timers) clearTimeout(timer);
    },
  };
}

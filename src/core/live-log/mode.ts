// What `step-logs` comes to for one log: `auto` streams the steps of one target live, and prints the
// failed steps' tails with several (fifty targets' interleaved output helps nobody).
import type { Settings } from '../settings.ts';
import { LIVE_CADENCE, type Cadence } from './tailer.ts';

export type StepLogsMode = Exclude<Settings['stepLogs'], 'auto'>;

export function stepLogsMode(value: Settings['stepLogs'], severalTargets: boolean): StepLogsMode {
  if (value !== 'auto') return value;
  return severalTargets ? 'failed' : 'live';
}

/** A quiet log is read at most as seldom as the run itself is polled with a fixed `poll-interval`. */
export function liveCadence(pollInterval: Settings['pollInterval']): Cadence {
  if (pollInterval === 'auto') return LIVE_CADENCE;
  return { minMs: LIVE_CADENCE.minMs, maxMs: Math.max(LIVE_CADENCE.minMs, pollInterval.fixedMs) };
}

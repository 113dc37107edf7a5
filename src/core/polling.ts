// When to poll a run next. Pure: the follower passes every answer in and sleeps for what comes out.
// The `auto` policy is explained in docs/polling.md; bench/polling measures it against fixed intervals.
import type { Status } from '../api/types.ts';
import type { AutoTuning } from './polling/auto.ts';
import { createAutoPolicy, defaultAutoTuning } from './polling/auto.ts';

export { defaultAutoTuning } from './polling/auto.ts';

export interface Observation {
  /** Epoch ms when this poll's answer arrived. */
  at: number;
  status: Status;
  /** 0..100; undefined when the server sent null. Moves in steps (57, 71, 71, 85). */
  progress?: number;
  /** Epoch ms (server clock), when known. */
  createdAt?: number;
  startedAt?: number;
  /** 1-based index of the running step, and the number of steps, when known. */
  currentStep?: number;
  totalSteps?: number;
}

export interface PollPolicyOptions {
  interval: 'auto' | { fixedMs: number };
  /** Durations (startedAt → finishedAt, ms) of this pipeline's recent finished runs, newest first. */
  history?: number[];
  /** Floor: never poll more often than this. Default 1000. */
  minMs?: number;
  /** Ceiling: never wait longer than this. Default 60 000. */
  maxMs?: number;
  /** Overrides of the `auto` policy's constants, for experiments; the defaults are the tuned ones. */
  tuning?: Partial<AutoTuning>;
}

export interface PollPolicy {
  /** Delay in ms from `obs.at` until the next poll. Called after every poll answer. */
  nextDelay(obs: Observation): number;
}

const DEFAULT_MIN_MS = 1000;
const DEFAULT_MAX_MS = 60_000;

export function createPollPolicy(options: PollPolicyOptions): PollPolicy {
  const minMs = positive(options.minMs) ?? DEFAULT_MIN_MS;
  const maxMs = Math.max(minMs, positive(options.maxMs) ?? DEFAULT_MAX_MS);
  if (options.interval !== 'auto') {
    const fixed = Math.max(minMs, positive(options.interval.fixedMs) ?? minMs);
    return { nextDelay: () => fixed };
  }
  return createAutoPolicy({
    history: options.history ?? [],
    minMs,
    maxMs,
    tuning: { ...defaultAutoTuning, ...options.tuning },
  });
}

function positive(value: number | undefined): number | undefined {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : undefined;
}

// The `auto` polling policy. It keeps a belief about when the run will finish, built from a broad
// prior, the durations of the pipeline's recent runs and the run's own steps, and waits until the
// finish it could miss by waiting longer is worth one more request (see wait.ts).
import type { BeliefTuning } from './finish-belief.ts';
import { finishSamples } from './finish-belief.ts';
import type { HistoryTuning } from './history.ts';
import { historyEvidence } from './history.ts';
import type { ProgressReading, ProgressTracker } from './progress.ts';
import { createProgressTracker } from './progress.ts';
import { createSteadyTime } from './steady-time.ts';
import { longestWaitFromSamples } from './wait.ts';

export interface AutoTuning extends BeliefTuning {
  /**
   * Price of one request while the run runs, in seconds of expected unseen finish; lower in the first
   * minutes (fullPriceAfter).
   */
  budget: number;
  /** The same before the run has started (it could start and finish quickly). */
  waitingBudget: number;
  history: HistoryTuning;
  /**
   * Fast at first: no wait is longer than this multiple of the time since the first answer, so the
   * first polls come about 1 s, 3 s and 10 s after the first answer whatever the belief says.
   */
  startupGrowth: number;
  /** While approval is pending, wait this fraction of the time spent pending so far. */
  approvalBackoff: number;
  /** A wall-clock gap this much longer than the wait asked for is taken as a clock jump. */
  jumpToleranceMs: number;
  /**
   * Until this many seconds after the first answer a request costs less: budget × √(time / this).
   * A second late weighs more on a run seen to the end in twenty seconds than on one of an hour.
   */
  fullPriceAfter: number;
}

export const defaultAutoTuning: AutoTuning = {
  budget: 0.45,
  waitingBudget: 0.3,
  prior: { mean: Math.log(150), sd: 1.5 },
  history: { keep: 10, typicalSpread: 0.1, typicalWeight: 2 },
  historyOutlier: 0.1,
  stepSpread: 0.9,
  stepOutlier: 0.1,
  failureRate: 0.1,
  flatDensity: 1 / 8,
  startupGrowth: 2,
  approvalBackoff: 0.25,
  jumpToleranceMs: 10 * 60_000,
  fullPriceAfter: 120,
};

export interface AutoObservation extends ProgressReading {
  at: number;
  status: string;
  createdAt?: number;
  startedAt?: number;
}

export interface AutoPolicyOptions {
  history: readonly number[];
  minMs: number;
  maxMs: number;
  tuning: AutoTuning;
}

export function createAutoPolicy(options: AutoPolicyOptions): { nextDelay(obs: AutoObservation): number } {
  const { minMs, maxMs, tuning } = options;
  const time = createSteadyTime(tuning.jumpToleranceMs);
  const history = historyEvidence(options.history, tuning.history);

  let lastDelay = minMs;
  let current: RunState | undefined;

  const clamp = (ms: number) => Math.round(Math.min(maxMs, Math.max(minMs, ms)));
  const waitMs = (
    elapsedMs: number,
    budget: number,
    steps?: { steps: number; done: number; currentSince: number },
  ) => {
    const elapsed = elapsedMs / 1000;
    const samples = finishSamples(
      { elapsed, ...(history ? { history } : {}), ...(steps ? { steps } : {}) },
      tuning,
    );
    return 1000 * longestWaitFromSamples(samples, budget, minMs / 1000, maxMs / 1000);
  };
  // Before the start the run could start at once: its finish is as far away as its whole duration.
  const queued = () => waitMs(0, tuning.waitingBudget);

  const decide = (obs: AutoObservation, run: RunState, now: number): number => {
    if (obs.status === 'finished') return minMs;
    if (obs.status === 'pendingapproval') {
      run.pendingSince ??= now;
      run.lastNotRunning = now;
      return Math.max(queued(), tuning.approvalBackoff * (now - run.pendingSince));
    }
    run.pendingSince = undefined;
    const running = obs.status === 'running' || (obs.startedAt !== undefined && obs.status !== 'notstarted');
    if (!running) {
      run.lastNotRunning = now;
      return queued();
    }
    const start = (run.start ??= startOnPolicyTime(obs, now, run.lastNotRunning));
    run.progress.observe(now, obs);
    const position = run.progress.position(start);
    const steps = position
      ? {
          steps: position.steps,
          done: position.done,
          currentSince: position.done === 0 ? 0 : ((position.earliest + position.since) / 2 - start) / 1000,
        }
      : undefined;
    return waitMs(Math.max(0, now - start), priceAt((now - run.origin) / 1000, tuning), steps);
  };

  return {
    nextDelay(obs: AutoObservation): number {
      const now = time.advance(obs.at, lastDelay);
      if (!current || isAnotherRun(current, obs)) current = newRunState(now);
      const delay = decide(obs, current, now);
      current.finished = obs.status === 'finished';
      current.createdAt ??= finite(obs.createdAt);
      current.startedAt ??= finite(obs.startedAt);
      lastDelay = clamp(Math.min(delay, tuning.startupGrowth * (now - current.origin)));
      return lastDelay;
    },
  };
}

/** The price of a request `sinceFirst` seconds after the first answer about the run. */
function priceAt(sinceFirst: number, tuning: AutoTuning): number {
  const full = tuning.fullPriceAfter;
  return full > 0 ? tuning.budget * Math.sqrt(Math.min(1, Math.max(0, sinceFirst) / full)) : tuning.budget;
}

/** What the policy knows about the run it follows; a policy reused for the next run starts afresh. */
interface RunState {
  /** Policy time of the first answer about this run. */
  origin: number;
  start?: number;
  lastNotRunning?: number;
  pendingSince?: number;
  progress: ProgressTracker;
  finished: boolean;
  createdAt?: number;
  startedAt?: number;
}

function newRunState(origin: number): RunState {
  return { origin, progress: createProgressTracker(), finished: false };
}

function isAnotherRun(run: RunState, obs: AutoObservation): boolean {
  if (run.finished && obs.status !== 'finished') return true;
  const differs = (known: number | undefined, seen: number | undefined) =>
    known !== undefined && seen !== undefined && Number.isFinite(seen) && Math.abs(known - seen) > 1000;
  return differs(run.createdAt, obs.createdAt) || differs(run.startedAt, obs.startedAt);
}

function finite(value: number | undefined): number | undefined {
  return value !== undefined && Number.isFinite(value) ? value : undefined;
}

/**
 * Places the server's `startedAt` on the policy's time line. Server and runner clocks may disagree,
 * so the result is kept between the last answer that showed the run not yet running and this one.
 */
function startOnPolicyTime(obs: AutoObservation, now: number, lastNotRunning: number | undefined): number {
  const earliest = lastNotRunning ?? Number.NEGATIVE_INFINITY;
  if (obs.startedAt === undefined || !Number.isFinite(obs.startedAt)) {
    return lastNotRunning === undefined ? now : (lastNotRunning + now) / 2;
  }
  const reported = now - (obs.at - obs.startedAt);
  return Math.min(now, Math.max(earliest, reported));
}

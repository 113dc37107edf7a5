// Synthetic run timelines for the polling simulation, drawn from a seeded generator.
import type { Random } from './prng.ts';
import { createRandom } from './prng.ts';

export interface RunTimeline {
  id: number;
  /** Trigger → end of `pendingapproval`; 0 when no approval was needed. */
  approvalMs: number;
  /** Trigger → `startedAt` (includes the approval wait). */
  queueMs: number;
  /** `startedAt` → `finishedAt`. */
  durationMs: number;
  totalSteps: number;
  /** When each step that ran finished, ms after `startedAt`; the last one is `durationMs`. */
  stepEnds: number[];
  failed: boolean;
  /** false: the server sends `progress: null` throughout. */
  progressShown: boolean;
  /** The follower knows the current step and the step count. */
  stepsShown: boolean;
  /** Durations of the pipeline's earlier runs, ms, newest first; empty when there are none. */
  history: number[];
  /** Pipeline's run-to-run spread (sd of ln-duration); 0 without history. */
  spread: number;
  /** This run is unlike its history (much longer or shorter). */
  outlier: boolean;
  /** Server clock minus runner clock, ms. */
  skewMs: number;
  /** Seeds the request latencies of this run's polls. */
  seed: number;
}

export interface CorpusOptions {
  /**
   * Every run lasts about this long, within ±10 % (for the requests-vs-duration table; exact equal
   * durations would put every finish at the same phase of a fixed poller's cycle).
   */
  durationMs?: number;
  /** Share of runs that fail, ending after the failing step. Default 0.1. */
  failureRate?: number;
  /** Share of runs whose pipeline has earlier runs. Default 0.7. */
  historyRate?: number;
  /** Range of pipelines' run-to-run spread (sd of ln-duration). Default 0.03 to 0.3. */
  spread?: [number, number];
  /** Share of runs with history that are unlike it (×0.3 to ×3). Default 0.08. */
  outlierRate?: number;
  /** Share of runs that send null progress throughout. Default 0.2. */
  nullProgressRate?: number;
  /** Share of runs whose current step and step count the follower knows. Default 0.4. */
  stepsRate?: number;
}

const SHORTEST_MS = 10_000;
const LONGEST_MS = 2 * 3600_000;

export function makeCorpus(seed: number, n: number, options: CorpusOptions = {}): RunTimeline[] {
  const random = createRandom(seed);
  return Array.from({ length: n }, (_, id) => makeRun(random, id, options));
}

function makeRun(random: Random, id: number, options: CorpusOptions): RunTimeline {
  const durationMs =
    options.durationMs === undefined
      ? random.logBetween(SHORTEST_MS, LONGEST_MS)
      : options.durationMs * Math.exp(random.between(-0.1, 0.1));
  const totalSteps = Math.min(40, Math.max(1, Math.round(8 * Math.exp(0.7 * random.normal()))));
  const failed = random.chance(options.failureRate ?? 0.1);
  const ran = failed ? random.integer(1, totalSteps) : totalSteps;
  // Uneven steps: log-normal weights; the first two (get code, setup environment) tend to be short.
  const weights = Array.from(
    { length: totalSteps },
    (_, i) => Math.exp(0.9 * random.normal()) * (i < 2 ? 0.4 : 1),
  );
  const ranWeight = weights.slice(0, ran).reduce((sum, w) => sum + w, 0);
  const allWeight = weights.reduce((sum, w) => sum + w, 0);
  const stepEnds: number[] = [];
  let cumulative = 0;
  for (let i = 0; i < ran; i += 1) {
    cumulative += weights[i]!;
    stepEnds.push(i === ran - 1 ? durationMs : (durationMs * cumulative) / ranWeight);
  }
  // What this run would have taken had it passed: the history is about that.
  const fullMs = (durationMs * allWeight) / ranWeight;

  const hasHistory = random.chance(options.historyRate ?? 0.7);
  const [tightest, loosest] = options.spread ?? [0.03, 0.3];
  const spread = hasHistory ? random.logBetween(tightest, loosest) : 0;
  const outlier = hasHistory && random.chance(options.outlierRate ?? 0.08);
  const history: number[] = [];
  if (hasHistory) {
    const ownNoise = outlier
      ? (random.chance(0.5) ? 1 : -1) * random.between(0.4, 1.2)
      : spread * random.normal();
    const typicalMs = fullMs / Math.exp(ownNoise);
    const count = random.integer(1, 10);
    for (let i = 0; i < count; i += 1) {
      const earlier = typicalMs * Math.exp(spread * random.normal());
      history.push(random.chance(0.1) ? earlier * random.between(0.1, 0.9) : earlier);
    }
  }

  const queueKind = random.next();
  let approvalMs = 0;
  let queueMs: number;
  if (queueKind < 0.03) {
    approvalMs = random.logBetween(60_000, 30 * 60_000);
    queueMs = approvalMs + random.logBetween(1000, 10_000);
  } else if (queueKind < 0.18) {
    queueMs = random.logBetween(10_000, 5 * 60_000);
  } else {
    queueMs = random.logBetween(1000, 10_000);
  }

  const skewKind = random.next();
  const skewMs =
    skewKind < 0.8 ? 0 : skewKind < 0.95 ? random.between(-2000, 2000) : random.between(-120_000, 120_000);

  return {
    id,
    approvalMs,
    queueMs,
    durationMs,
    totalSteps,
    stepEnds,
    failed,
    progressShown: random.chance(1 - (options.nullProgressRate ?? 0.2)),
    stepsShown: random.chance(options.stepsRate ?? 0.4),
    history,
    spread,
    outlier,
    skewMs,
    seed: Math.floor(random.next() * 2 ** 32),
  };
}

/**
 * A run like the emulator's: a 1 s queue, equal steps that all pass, no clock skew, progress shown
 * or not. `seed` only varies the request latencies.
 */
export function evenRun(seed: number, durationMs: number, progressShown: boolean, steps = 5): RunTimeline {
  return {
    id: seed,
    approvalMs: 0,
    queueMs: 1000,
    durationMs,
    totalSteps: steps,
    stepEnds: Array.from({ length: steps }, (_, i) => (durationMs * (i + 1)) / steps),
    failed: false,
    progressShown,
    stepsShown: false,
    history: [],
    spread: 0,
    outlier: false,
    skewMs: 0,
    seed,
  };
}

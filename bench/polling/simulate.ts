// Follows synthetic runs with a polling policy and measures how late each finish is seen and how many
// requests that took. The follower is modelled as the action's: one GET right after the trigger, then
// one GET each time the policy's delay has passed since the previous answer.
import type { Observation, PollPolicy } from '../../src/core/polling.ts';
import type { RunTimeline } from './corpus.ts';
import { createRandom } from './prng.ts';

export type { RunTimeline } from './corpus.ts';
export { evenRun, makeCorpus } from './corpus.ts';

export type PolicyFactory = (context: { history: number[] }) => PollPolicy;

export interface RunOutcome {
  timeline: RunTimeline;
  /** GET requests sent, the first (right after the trigger) and the one that saw the finish included. */
  requests: number;
  /** From `finishedAt` to the arrival of the first answer that says `finished`, ms. */
  detectionMs: number;
}

/** Server clock of the trigger in every simulation (any value would do). */
const TRIGGER_AT = Date.UTC(2026, 0, 5, 9, 0, 0);
const MIN_LATENCY_MS = 50;
const MAX_LATENCY_MS = 150;
const MAX_REQUESTS = 1_000_000;

/** What `GET /runs/:id` shows `sinceTrigger` ms after the trigger. */
export function runStateAt(timeline: RunTimeline, sinceTrigger: number): Omit<Observation, 'at'> {
  const createdAt = TRIGGER_AT;
  if (sinceTrigger < timeline.approvalMs) return { status: 'pendingapproval', createdAt };
  if (sinceTrigger < timeline.queueMs) return { status: 'notstarted', createdAt };
  const startedAt = TRIGGER_AT + timeline.queueMs;
  const sinceStart = sinceTrigger - timeline.queueMs;
  const stepsDone = timeline.stepEnds.filter((end) => end <= sinceStart).length;
  const finished = sinceStart >= timeline.durationMs;
  const passedSteps = finished && timeline.failed ? stepsDone - 1 : stepsDone;
  const state: Omit<Observation, 'at'> = {
    status: finished ? 'finished' : 'running',
    createdAt,
    startedAt,
  };
  if (timeline.progressShown) state.progress = Math.floor((100 * passedSteps) / timeline.totalSteps);
  if (timeline.stepsShown && !finished) {
    state.currentStep = stepsDone + 1;
    state.totalSteps = timeline.totalSteps;
  }
  return state;
}

export function simulate(policyFactory: PolicyFactory, timeline: RunTimeline): RunOutcome {
  const latency = createRandom(timeline.seed);
  const policy = policyFactory({ history: [...timeline.history] });
  const finishedAt = timeline.queueMs + timeline.durationMs;
  let sendAt = 0;
  for (let requests = 1; requests <= MAX_REQUESTS; requests += 1) {
    const roundTrip = latency.between(MIN_LATENCY_MS, MAX_LATENCY_MS);
    const seenAt = sendAt + roundTrip / 2;
    const answerAt = sendAt + roundTrip;
    const state = runStateAt(timeline, seenAt);
    if (state.status === 'finished') return { timeline, requests, detectionMs: answerAt - finishedAt };
    // The runner's clock differs from the server's by the skew.
    const delay = policy.nextDelay({ ...state, at: TRIGGER_AT + answerAt - timeline.skewMs });
    sendAt = answerAt + Math.max(0, delay);
  }
  throw new Error(`run ${timeline.id}: no finish seen after ${MAX_REQUESTS} requests`);
}

export interface Summary {
  runs: number;
  meanDetectionMs: number;
  p95DetectionMs: number;
  meanRequests: number;
}

export function summarise(outcomes: readonly RunOutcome[]): Summary {
  const runs = outcomes.length;
  if (runs === 0)
    return { runs, meanDetectionMs: Number.NaN, p95DetectionMs: Number.NaN, meanRequests: Number.NaN };
  const detections = outcomes.map((o) => o.detectionMs).sort((a, b) => a - b);
  return {
    runs,
    meanDetectionMs: detections.reduce((sum, d) => sum + d, 0) / runs,
    p95DetectionMs: detections[Math.min(runs - 1, Math.ceil(0.95 * runs) - 1)]!,
    meanRequests: outcomes.reduce((sum, o) => sum + o.requests, 0) / runs,
  };
}

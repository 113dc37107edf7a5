// What each chaos run does, drawn from the seed: the remote run's shape and outcome, the action's
// inputs, the fault rate of its proxy, and whether and when it is cancelled. Run n's plan depends only
// on the seed and n, so `--only n` replays it.
import { createRandom, derivedSeed } from '../support/random.ts';
import { describeGitHubPlan, planGitHub, type GitHubPlan } from './plan-github.ts';

export interface ChaosPlan {
  index: number;
  /** Seeds this run's plan and its proxy's fault draws. */
  seed: number;
  steps: number;
  stepMs: number;
  queueMs: number;
  /** The step that fails, by 1-based order; undefined when the run passes. */
  failStep?: number;
  pollInterval: 'auto' | '1s' | '2s';
  stepLogs: 'failed' | 'all' | 'none';
  /** The action's `timeout` input, whole seconds, shorter than the run; undefined for none. */
  timeoutSeconds?: number;
  /** SIGINT this long after spawn (when the action still runs). */
  cancelAtMs?: number;
  /** Share of requests that get a fault. */
  faultRate: number;
  /** The action's `retries` input. */
  retries: number;
  /** A flaky failure: the failing step fails this many runs, then passes (EMULATOR_FAIL_TIMES). */
  failTimes?: number;
  /** The GitHub reports asked for; undefined for none. */
  github?: GitHubPlan;
}

const FAULT_RATE_RANGE: readonly [number, number] = [0.1, 0.3];
const CANCEL_SHARE = 0.25;
const TIMEOUT_SHARE = 0.12;
const FAILED_SHARE = 0.3;
/** Of the failing runs, the share whose failure passes after one or two runs. */
const FLAKY_SHARE = 0.6;

export function planRun(seed: number, index: number): ChaosPlan {
  const runSeed = derivedSeed(seed, index);
  const random = createRandom(runSeed);
  const steps = random.integer(1, 4);
  const stepMs = random.integer(150, 1000);
  const queueMs = random.integer(100, 1200);
  const failStep = random.chance(FAILED_SHARE) ? random.integer(1, steps) : undefined;
  const pollInterval = random.weighted([
    [0.6, 'auto'],
    [0.25, '1s'],
    [0.15, '2s'],
  ] as const);
  const stepLogs = random.pick(['failed', 'all', 'none'] as const);
  const runMs = queueMs + steps * stepMs;
  const timeoutSeconds =
    random.chance(TIMEOUT_SHARE) && runMs >= 2000 ? random.integer(1, Math.floor(runMs / 1000)) : undefined;
  const cancelAtMs = random.chance(CANCEL_SHARE) ? random.integer(0, runMs + 1500) : undefined;
  const faultRate = random.between(FAULT_RATE_RANGE[0], FAULT_RATE_RANGE[1]);
  // Drawn last, so that the draws above stay what they were for every seed.
  const retries = random.weighted([
    [0.6, 0],
    [0.25, 1],
    [0.15, 2],
  ] as const);
  const failTimes = failStep !== undefined && random.chance(FLAKY_SHARE) ? random.integer(1, 2) : undefined;
  const github = planGitHub(runSeed, index);
  return {
    index,
    seed: runSeed,
    steps,
    stepMs,
    queueMs,
    ...(failStep !== undefined ? { failStep } : {}),
    pollInterval,
    stepLogs,
    ...(timeoutSeconds !== undefined ? { timeoutSeconds } : {}),
    ...(cancelAtMs !== undefined ? { cancelAtMs } : {}),
    faultRate,
    retries,
    ...(failTimes !== undefined ? { failTimes } : {}),
    ...(github !== undefined ? { github } : {}),
  };
}

/** The trigger's variables: the run's shape for the emulator, and CHAOS_ID to find the runs it created. */
export function planEnvVars(plan: ChaosPlan): string {
  return [
    `CHAOS_ID=${plan.index}`,
    `EMULATOR_STEPS=${plan.steps}`,
    `EMULATOR_STEP_MS=${plan.stepMs}`,
    `EMULATOR_QUEUE_MS=${plan.queueMs}`,
    ...(plan.failStep !== undefined
      ? [`EMULATOR_FAIL_STEP=step ${plan.failStep}`]
      : ['EMULATOR_RESULT=passed']),
    ...(plan.failTimes !== undefined ? [`EMULATOR_FAIL_TIMES=${plan.failTimes}`] : []),
  ].join('\n');
}

export function describePlan(plan: ChaosPlan): string {
  return [
    `${plan.steps}×${plan.stepMs} ms after ${plan.queueMs} ms queue`,
    plan.failStep === undefined
      ? 'passes'
      : `step ${plan.failStep} fails${plan.failTimes !== undefined ? ` ${plan.failTimes}× then passes` : ''}`,
    ...(plan.retries > 0 ? [`retries ${plan.retries}`] : []),
    `poll ${plan.pollInterval}`,
    `logs ${plan.stepLogs}`,
    ...(plan.timeoutSeconds !== undefined ? [`timeout ${plan.timeoutSeconds}s`] : []),
    ...(plan.cancelAtMs !== undefined ? [`SIGINT at ${plan.cancelAtMs} ms`] : []),
    `faults ${Math.round(plan.faultRate * 100)} %`,
    describeGitHubPlan(plan.github),
  ].join(', ');
}

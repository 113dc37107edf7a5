// What each chaos run does, drawn from the seed: the remote runs' shapes and outcomes, the action's
// inputs, the fault rate of its proxy, and whether and when it is cancelled. Run n's plan depends only
// on the seed and n, so `--only n` replays it.
import { createRandom, derivedSeed, type Random } from '../support/random.ts';
import { hexId } from '../support/world.ts';
import { describeGitHubPlan, planGitHub, type GitHubPlan } from './plan-github.ts';

/** One target's remote run: its shape and outcome. */
interface TargetShape {
  steps: number;
  stepMs: number;
  queueMs: number;
  /** The step that fails, by 1-based order; undefined when the run passes. */
  failStep?: number;
  /** A flaky failure: the failing step fails this many runs, then passes (EMULATOR_FAIL_TIMES). */
  failTimes?: number;
}

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
  /** The step's other targets, pipelines chaos-2, chaos-3, …, in input order; undefined for one target. */
  others?: TargetShape[];
  /** The `fail-fast` input, with several targets. */
  failFast?: boolean;
  /**
   * Live step logs: the `step-logs` input given instead of `stepLogs` (`auto` is live for one target only,
   * so several targets are always given `live`).
   */
  liveLogs?: 'live' | 'auto';
  /** With live logs, the body lines of every step's log (EMULATOR_LOG_LINES), so that reads end mid-log. */
  logLines?: number;
  /** With live logs, the share of step log reads that get a fault (most of them 5xx or cut mid-body). */
  logFaultRate?: number;
  /** The `artifacts` input: every step's, or the first step's by name; undefined for none. */
  artifacts?: 'all' | 'step 1';
  /** With artifacts, what every step stores (EMULATOR_ARTIFACT_BYTES): two files of this many bytes in all. */
  artifactBytes?: number;
  /** With artifacts, the share of archive reads that get a fault (most of them cut mid-body or 5xx). */
  artifactFaultRate?: number;
}

/** The world's pipelines: the first target is always `chaos`, the others follow in this order. */
export const CHAOS_PIPELINES = ['chaos', 'chaos-2', 'chaos-3', 'chaos-4'] as const;

/** One target of the step: its pipeline, how the action is given it, and its run's shape. */
export interface ChaosTarget extends TargetShape {
  pipeline: string;
  pipelineId: string;
  /**
   * Given by name in the `pipeline` input rather than by id in `pipeline-id`: the last of several
   * targets, so that a fan-out uses both inputs and the input order (ids first) is the targets' order.
   */
  byName: boolean;
  /** How the action names it in its log and its GitHub reports: the name given, or the id. */
  label: string;
}

const FAULT_RATE_RANGE: readonly [number, number] = [0.1, 0.3];
const CANCEL_SHARE = 0.25;
const TIMEOUT_SHARE = 0.12;
const FAILED_SHARE = 0.3;
/** Of the failing runs, the share whose failure passes after one or two runs. */
const FLAKY_SHARE = 0.6;
/** The runs with 2 to 4 targets; of those, the share with `fail-fast: true`. */
const SEVERAL_SHARE = 0.2;
const FAIL_FAST_SHARE = 0.5;
/** The runs with live step logs, their logs' body lines, and the fault rate of their log reads. */
const LIVE_SHARE = 0.4;
const LOG_LINES_RANGE: readonly [number, number] = [5, 80];
const LOG_FAULT_RATE_RANGE: readonly [number, number] = [0.25, 0.45];
/** The runs that bring artifacts back, the size of each step's archive, and the fault rate of its reads. */
const ARTIFACTS_SHARE = 0.35;
const ARTIFACT_BYTES_RANGE: readonly [number, number] = [20_000, 400_000];
const ARTIFACT_FAULT_RATE_RANGE: readonly [number, number] = [0.25, 0.45];
/**
 * Of the runs that stream one target's logs live, with neither a cancel nor a timeout planned: the share
 * whose steps (at most 2) last long enough for the check that their lines are printed while they run.
 */
const LONG_SHARE = 0.5;
const LONG_STEP_MS_RANGE: readonly [number, number] = [11_000, 13_000];

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
  // The fan-out is drawn after everything above, for the same reason.
  const others = random.chance(SEVERAL_SHARE)
    ? Array.from({ length: random.integer(1, CHAOS_PIPELINES.length - 1) }, () => drawShape(random))
    : undefined;
  const failFast = others !== undefined ? random.chance(FAIL_FAST_SHARE) : undefined;
  // Live step logs last of all, again so that a seed keeps the rest of its plans.
  const live = random.chance(LIVE_SHARE) ? drawLive(random, others !== undefined) : undefined;
  // Artifacts after that, for the same reason.
  const artifacts = random.chance(ARTIFACTS_SHARE) ? drawArtifacts(random) : undefined;
  // Long steps after that: they change only the runs they are drawn for.
  // One target with `live` or `auto` streams live.
  const canBeLong =
    live !== undefined && others === undefined && cancelAtMs === undefined && timeoutSeconds === undefined;
  const long =
    canBeLong && random.chance(LONG_SHARE)
      ? {
          steps: Math.min(steps, 2),
          stepMs: random.integer(LONG_STEP_MS_RANGE[0], LONG_STEP_MS_RANGE[1]),
        }
      : undefined;
  return {
    index,
    seed: runSeed,
    steps: long?.steps ?? steps,
    stepMs: long?.stepMs ?? stepMs,
    queueMs,
    ...(failStep !== undefined ? { failStep: Math.min(failStep, long?.steps ?? steps) } : {}),
    pollInterval,
    stepLogs,
    ...(timeoutSeconds !== undefined ? { timeoutSeconds } : {}),
    ...(cancelAtMs !== undefined ? { cancelAtMs } : {}),
    faultRate,
    retries,
    ...(failTimes !== undefined ? { failTimes } : {}),
    ...(github !== undefined ? { github } : {}),
    ...(others !== undefined ? { others, failFast } : {}),
    ...live,
    ...artifacts,
  };
}

function drawArtifacts(random: Random): Pick<ChaosPlan, 'artifacts' | 'artifactBytes' | 'artifactFaultRate'> {
  return {
    artifacts: random.pick(['all', 'step 1'] as const),
    artifactBytes: random.integer(ARTIFACT_BYTES_RANGE[0], ARTIFACT_BYTES_RANGE[1]),
    artifactFaultRate: random.between(ARTIFACT_FAULT_RATE_RANGE[0], ARTIFACT_FAULT_RATE_RANGE[1]),
  };
}

function drawLive(
  random: Random,
  several: boolean,
): Pick<ChaosPlan, 'liveLogs' | 'logLines' | 'logFaultRate'> {
  return {
    liveLogs: several ? 'live' : random.pick(['live', 'auto'] as const),
    logLines: random.integer(LOG_LINES_RANGE[0], LOG_LINES_RANGE[1]),
    logFaultRate: random.between(LOG_FAULT_RATE_RANGE[0], LOG_FAULT_RATE_RANGE[1]),
  };
}

/** The `step-logs` input the action is given. */
export function stepLogsInput(plan: ChaosPlan): string {
  return plan.liveLogs ?? plan.stepLogs;
}

/** Whether the action streams the step logs live: what the chaos run checks line by line. */
export function streamsLive(plan: ChaosPlan): boolean {
  return plan.liveLogs === 'live' || (plan.liveLogs === 'auto' && plan.others === undefined);
}

function drawShape(random: Random): TargetShape {
  const steps = random.integer(1, 4);
  const stepMs = random.integer(150, 1000);
  const queueMs = random.integer(100, 1200);
  const failStep = random.chance(FAILED_SHARE) ? random.integer(1, steps) : undefined;
  const failTimes = failStep !== undefined && random.chance(FLAKY_SHARE) ? random.integer(1, 2) : undefined;
  return {
    steps,
    stepMs,
    queueMs,
    ...(failStep !== undefined ? { failStep } : {}),
    ...(failTimes !== undefined ? { failTimes } : {}),
  };
}

/** The world's id of the pipeline at this place of CHAOS_PIPELINES. */
export function chaosPipelineId(place: number): string {
  return hexId('62', place + 1);
}

/** Every target of the step, in input order: `chaos` with the plan's own shape, then the others. */
export function chaosTargets(plan: ChaosPlan): ChaosTarget[] {
  const first: TargetShape = {
    steps: plan.steps,
    stepMs: plan.stepMs,
    queueMs: plan.queueMs,
    ...(plan.failStep !== undefined ? { failStep: plan.failStep } : {}),
    ...(plan.failTimes !== undefined ? { failTimes: plan.failTimes } : {}),
  };
  const shapes = [first, ...(plan.others ?? [])];
  return shapes.map((shape, place) => {
    const pipeline = CHAOS_PIPELINES[place]!;
    const pipelineId = chaosPipelineId(place);
    const byName = place > 0 && place === shapes.length - 1;
    return { ...shape, pipeline, pipelineId, byName, label: byName ? pipeline : pipelineId };
  });
}

/**
 * The trigger's variables: each run's shape for the emulator, and CHAOS_ID to find the runs it created.
 * Every target gets the same variables, so with several each target's shape is in a section of its own
 * (EMULATOR_FOR_PIPELINE).
 */
export function planEnvVars(plan: ChaosPlan): string {
  const targets = chaosTargets(plan);
  const sections = targets.map((target) => [
    ...(targets.length > 1 ? [`EMULATOR_FOR_PIPELINE=${target.pipeline}`] : []),
    `EMULATOR_STEPS=${target.steps}`,
    `EMULATOR_STEP_MS=${target.stepMs}`,
    `EMULATOR_QUEUE_MS=${target.queueMs}`,
    ...(target.failStep !== undefined
      ? [`EMULATOR_FAIL_STEP=step ${target.failStep}`]
      : ['EMULATOR_RESULT=passed']),
    ...(target.failTimes !== undefined ? [`EMULATOR_FAIL_TIMES=${target.failTimes}`] : []),
  ]);
  // Before the first section: it applies to every target.
  const logLines = plan.logLines !== undefined ? [`EMULATOR_LOG_LINES=${plan.logLines}`] : [];
  const stored = plan.artifactBytes !== undefined ? [`EMULATOR_ARTIFACT_BYTES=${plan.artifactBytes}`] : [];
  return [`CHAOS_ID=${plan.index}`, ...logLines, ...stored, ...sections.flat()].join('\n');
}

function describeShape(shape: TargetShape): [string, string] {
  const outcome =
    shape.failStep === undefined
      ? 'passes'
      : `step ${shape.failStep} fails${shape.failTimes !== undefined ? ` ${shape.failTimes}× then passes` : ''}`;
  return [`${shape.steps}×${shape.stepMs} ms after ${shape.queueMs} ms queue`, outcome];
}

export function describePlan(plan: ChaosPlan): string {
  const targets = chaosTargets(plan);
  const several = targets.length > 1;
  return [
    ...targets.map((target) => {
      const [shape, outcome] = describeShape(target);
      if (!several) return `${shape}, ${outcome}`;
      return `${target.pipeline}${target.byName ? ' by name' : ''}: ${shape} (${outcome})`;
    }),
    ...(several ? [plan.failFast ? 'fail-fast' : 'no fail-fast'] : []),
    ...(plan.retries > 0 ? [`retries ${plan.retries}`] : []),
    `poll ${plan.pollInterval}`,
    plan.liveLogs !== undefined
      ? `logs ${plan.liveLogs} (${plan.logLines} lines a step, ${Math.round((plan.logFaultRate ?? 0) * 100)} % of log reads faulted)`
      : `logs ${plan.stepLogs}`,
    ...(plan.artifacts !== undefined
      ? [
          `artifacts ${plan.artifacts} (${plan.artifactBytes} bytes a step, ${Math.round((plan.artifactFaultRate ?? 0) * 100)} % of archive reads faulted)`,
        ]
      : []),
    ...(plan.timeoutSeconds !== undefined ? [`timeout ${plan.timeoutSeconds}s`] : []),
    ...(plan.cancelAtMs !== undefined ? [`SIGINT at ${plan.cancelAtMs} ms`] : []),
    `faults ${Math.round(plan.faultRate * 100)} %`,
    describeGitHubPlan(plan.github),
  ].join(', ');
}

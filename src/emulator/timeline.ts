// The timeline of one execution (run, build or deploy): fixed when it is created, so that its state
// at any world time is a pure function of the plan, the time, and an abort if one happened.
import type { OutcomeSwitches } from './outcome-switches.ts';
import type { WorldStoredFile, WorldTestReport } from './world-file.ts';

/**
 * The four recorded runs started 23–98 ms after their trigger; the one of the recorded trigger-then-abort
 * sequence 30 ms after, so that an abort sent soon after the trigger finds the run started, as it did.
 */
export const DEFAULT_QUEUE_MS = 30;
const DEFAULT_STEP_MS = 1500;

export interface ScriptStep {
  name: string;
  ms?: number;
  fails?: boolean;
  /** `true` stores a small text file; a list stores those files. */
  artifacts?: boolean | readonly WorldStoredFile[];
  /** A JUnit report stored among the artifacts; its failures follow the step's. */
  testReport?: WorldTestReport;
  /** How many lines its log has besides the first three and the last (written evenly over the step). */
  logLines?: number;
  /** Or a log of about this many bytes, of fixed-width lines. */
  logBytes?: number;
}

export interface PlannedStep {
  id: string;
  order: number;
  name: string;
  startAt: number;
  endAt: number;
  fails: boolean;
  /** Whether the step stores anything: then its `artifactsUrl` is set once it has finished. */
  artifacts: boolean;
  /** What it stores, as the world defines it (shared by every run of the script). */
  stores?: StepStores;
  logLines?: number;
  logBytes?: number;
}

export interface StepStores {
  /** 'default': the small text file of `artifacts: true`. */
  files: readonly WorldStoredFile[] | 'default';
  testReport?: WorldTestReport;
}

export interface Plan {
  createdAt: number;
  startAt: number;
  /** Every step of the script, including those a failure keeps from running. */
  steps: PlannedStep[];
  /** Index of the step that fails, or -1. Steps after it never run. */
  failIndex: number;
  /** When the execution finishes unless aborted. */
  endAt: number;
  /** EMULATOR_LOG_BYTES and EMULATOR_LOG_LINES: every step's log, whatever the step's own say. */
  logBytes?: number;
  logLines?: number;
}

export interface PlanInput {
  createdAt: number;
  queueMs: number;
  script: readonly ScriptStep[];
  switches: OutcomeSwitches;
  nextId: () => string;
}

export function makePlan({ createdAt, queueMs, script, switches, nextId }: PlanInput): Plan {
  const source = stepsFromSwitches(script, switches);
  const failIndex = chooseFailingStep(source, switches);
  const failingFrom = switches.failedSteps === undefined ? Infinity : source.length - switches.failedSteps;
  const startAt = createdAt + (switches.queueMs ?? queueMs);
  let cursor = startAt;
  const steps = source.map((step, index): PlannedStep => {
    const ms = switches.stepMs ?? step.ms ?? DEFAULT_STEP_MS;
    const planned = {
      id: nextId(),
      order: index + 1,
      name: step.name,
      startAt: cursor,
      endAt: cursor + ms,
      fails: index === failIndex || index >= failingFrom,
      ...storesOf(switches.artifactBytes !== undefined ? generatedStore(step, switches.artifactBytes) : step),
      ...(step.logLines !== undefined ? { logLines: step.logLines } : {}),
      ...(step.logBytes !== undefined ? { logBytes: step.logBytes } : {}),
    };
    cursor += ms;
    return planned;
  });
  const lastRun = failIndex >= 0 ? steps[failIndex] : steps[steps.length - 1];
  return {
    createdAt,
    startAt,
    steps,
    failIndex,
    endAt: lastRun?.endAt ?? startAt,
    ...(switches.logBytes !== undefined ? { logBytes: switches.logBytes } : {}),
    ...(switches.logLines !== undefined ? { logLines: switches.logLines } : {}),
  };
}

function storesOf(step: ScriptStep): { artifacts: boolean; stores?: StepStores } {
  const files = step.artifacts === true ? 'default' : step.artifacts || [];
  if (files !== 'default' && files.length === 0 && !step.testReport) return { artifacts: false };
  return { artifacts: true, stores: { files, ...(step.testReport ? { testReport: step.testReport } : {}) } };
}

/**
 * EMULATOR_ARTIFACT_BYTES: the step stores two generated files (one in a folder) of `bytes` in all, so that
 * a run of generated steps has archives of a chosen size that do not compress.
 */
function generatedStore(step: ScriptStep, bytes: number): ScriptStep {
  const first = Math.floor(bytes / 2);
  return {
    ...step,
    artifacts: [
      { path: 'part-1.bin', bytes: first },
      { path: 'nested/part-2.bin', bytes: bytes - first },
    ],
  };
}

function stepsFromSwitches(script: readonly ScriptStep[], switches: OutcomeSwitches): readonly ScriptStep[] {
  if (switches.stepNames) return switches.stepNames.map((name) => ({ name }));
  if (switches.steps !== undefined)
    return Array.from({ length: switches.steps }, (_, i) => ({ name: `step ${i + 1}` }));
  if (script.length > 0) return script;
  return [{ name: 'get code' }, { name: 'setup environment' }, { name: 'build' }];
}

/**
 * EMULATOR_FAILED_STEPS wins (the run goes on to its last step), then EMULATOR_FAIL_STEP, then
 * EMULATOR_RESULT, then the script's own failing step.
 */
function chooseFailingStep(steps: readonly ScriptStep[], switches: OutcomeSwitches): number {
  if (switches.failedSteps !== undefined) return steps.length - 1;
  if (switches.failStep !== undefined) return steps.findIndex((step) => step.name === switches.failStep);
  const scripted = steps.findIndex((step) => step.fails === true);
  if (switches.result === 'passed') return -1;
  if (switches.result === 'failed') return scripted >= 0 ? scripted : steps.length - 1;
  return scripted;
}

export type Phase = 'queued' | 'running' | 'finished';
type PlannedResult = 'unknown' | 'passed' | 'failed' | 'aborted';

export interface StepState {
  step: PlannedStep;
  finished: boolean;
  result: PlannedResult;
  finishedAt?: number;
}

export interface ExecutionState {
  phase: Phase;
  result: PlannedResult;
  progress: number;
  startedAt?: number;
  finishedAt?: number;
  /** Steps that have started, in order. */
  steps: StepState[];
  /** The latest moment something visibly changed. */
  changedAt: number;
}

export function stateAt(plan: Plan, abortedAt: number | undefined, t: number): ExecutionState {
  const cutoff = abortedAt !== undefined && abortedAt <= t ? abortedAt : Number.POSITIVE_INFINITY;
  const aborted = cutoff !== Number.POSITIVE_INFINITY;
  if (t < plan.startAt && !aborted) {
    return { phase: 'queued', result: 'unknown', progress: 0, steps: [], changedAt: plan.createdAt };
  }
  const lastIndex = plan.failIndex >= 0 ? plan.failIndex : plan.steps.length - 1;
  const steps: StepState[] = [];
  let passed = 0;
  let changedAt = plan.startAt;
  for (const step of plan.steps.slice(0, lastIndex + 1)) {
    if (step.startAt > t || step.startAt > cutoff) break;
    changedAt = Math.max(changedAt, step.startAt);
    if (step.endAt <= t && step.endAt <= cutoff) {
      steps.push({ step, finished: true, result: step.fails ? 'failed' : 'passed', finishedAt: step.endAt });
      changedAt = Math.max(changedAt, step.endAt);
      if (!step.fails) passed++;
    } else if (aborted) {
      steps.push({ step, finished: true, result: 'aborted', finishedAt: cutoff });
    } else {
      steps.push({ step, finished: false, result: 'unknown' });
    }
  }
  const total = plan.steps.length;
  const progress = total === 0 ? 100 : Math.round((100 * passed) / total);
  const endAt = Math.min(plan.endAt, cutoff);
  if (t >= endAt) {
    const result: PlannedResult =
      endAt === cutoff && cutoff < plan.endAt ? 'aborted' : plan.failIndex >= 0 ? 'failed' : 'passed';
    return {
      phase: 'finished',
      result,
      progress,
      startedAt: Math.min(plan.startAt, endAt),
      finishedAt: endAt,
      steps,
      changedAt: endAt,
    };
  }
  return { phase: 'running', result: 'unknown', progress, startedAt: plan.startAt, steps, changedAt };
}

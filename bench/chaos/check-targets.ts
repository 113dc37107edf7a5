// Each target of a chaos run against the server: its runs (this run's CHAOS_ID on its pipeline), what the
// action reported about it, one run per attempt, and the retried runs each failed by itself. With one
// target the step's own outputs report it; with several, its entry in the `runs` output does.
import type { EmulatorRunView } from '../../src/emulator/index.ts';
import type { ProblemKind, RunEvidence } from './check.ts';
import { chaosTargets, type ChaosTarget } from './plan.ts';

/** What the action reported about one target; with several, an empty value of `runs` is left out. */
export interface Reported {
  id?: string;
  attempts?: string;
  status?: string;
  result?: string;
}

export interface TargetRuns {
  target: ChaosTarget;
  /** The target's runs on the server, oldest first. */
  runs: EmulatorRunView[];
  /** The run the action reported, else its newest; undefined when the target got none. */
  run?: EmulatorRunView;
  reported: Reported;
  /** `[label] ` before each of its problems when the step has several targets. */
  tag: string;
}

export type Found = Array<[ProblemKind, string]>;

/** Every target in input order, with its runs; and the runs of this CHAOS_ID on no target's pipeline. */
export function targetRunsOf(evidence: RunEvidence): { targets: TargetRuns[]; stray: EmulatorRunView[] } {
  const planned = chaosTargets(evidence.plan);
  const several = planned.length > 1;
  const entries = several ? runsEntries(evidence.outputs.runs) : [];
  const all = [...evidence.runsAfterPost].sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
  );
  const targets = planned.map((target, place): TargetRuns => {
    const runs = all.filter((run) => run.pipelineName === target.pipeline);
    const reported = several ? (entries[place] ?? {}) : stepOutputs(evidence.outputs);
    const run = runs.find((candidate) => candidate.id === reported.id) ?? runs.at(-1);
    return { target, runs, ...(run ? { run } : {}), reported, tag: several ? `[${target.label}] ` : '' };
  });
  const pipelines = new Set(planned.map((target) => target.pipeline));
  return { targets, stray: all.filter((run) => !pipelines.has(run.pipelineName)) };
}

function stepOutputs(outputs: Record<string, string>): Reported {
  const { id, attempts, status, result } = outputs;
  return {
    ...(id !== undefined ? { id } : {}),
    ...(attempts !== undefined ? { attempts } : {}),
    ...(status !== undefined ? { status } : {}),
    ...(result !== undefined ? { result } : {}),
  };
}

/** The `runs` output's entries; none when it is missing or not the documented array. */
export function runsEntries(text: string | undefined): Reported[] {
  if (text === undefined) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.map((entry: unknown) => {
    const reported: Reported = {};
    if (typeof entry !== 'object' || entry === null) return reported;
    for (const key of ['id', 'attempts', 'status', 'result'] as const) {
      const value = (entry as Record<string, unknown>)[key];
      if (typeof value === 'string' && value !== '') reported[key] = value;
    }
    return reported;
  });
}

/**
 * The target's runs against the attempts the action made (its `attempts`, or when main could not write
 * it, one more than the retries its log announced for the target): one run per attempt, no more attempts
 * than `retries` allows, and each run that was retried finished `failed` by itself.
 */
export function attemptProblems(evidence: RunEvidence, { target, runs, reported, tag }: TargetRuns): Found {
  const { plan, main } = evidence;
  const announced = main.stdout
    .split('\n')
    .filter((line) => line.includes(tag) && line.includes('triggering it again: attempt')).length;
  const attempts = reported.attempts ? Number(reported.attempts) : 1 + announced;
  const ids = runs.map((run) => run.id).join(', ');
  const found: Found = [];
  if (attempts > plan.retries + 1) {
    found.push(['wrong result', `${tag}${attempts} attempts were made with retries ${plan.retries}`]);
  }
  if (runs.length > attempts) {
    const per = attempts > 1 ? ` for ${attempts} attempts` : '';
    const of = tag ? ` of ${target.pipeline}` : '';
    found.push([
      'duplicate trigger',
      `${tag}${runs.length} runs${of} carry CHAOS_ID=${plan.index}${per}: ${ids}`,
    ]);
    return found;
  }
  if (reported.attempts && runs.length < attempts) {
    found.push([
      'wrong result',
      `${tag}the attempts output says ${attempts}, the server holds ${runs.length} runs`,
    ]);
  }
  runs.slice(0, -1).forEach((retried, index) => {
    if (retried.status === 'finished' && retried.result === 'failed') return;
    const state = retried.status === 'finished' ? `ended ${retried.result}` : `is ${retried.status}`;
    found.push([
      'wrong result',
      `${tag}run ${runs[index + 1]!.id} retried run ${retried.id}, which ${state} rather than failing by itself`,
    ]);
  });
  return found;
}

/**
 * With `fail-fast`, another target ended `failed` (before this one's run ended) or got no run at all:
 * this one may have been aborted for it.
 */
export function stoppedByAnother(
  evidence: RunEvidence,
  targets: readonly TargetRuns[],
  stopped: TargetRuns,
): boolean {
  if (!evidence.plan.failFast) return false;
  const endedAt = stopped.run?.finishedAt;
  return targets.some(
    (other) =>
      other !== stopped &&
      (other.run === undefined ||
        (other.run.result === 'failed' &&
          (endedAt === undefined || (other.run.finishedAt ?? '') <= endedAt))),
  );
}

/** The worst result: failed before aborted before unknown before passed, as the `result` output. */
export function worstResult(results: readonly string[]): string {
  for (const result of ['failed', 'aborted', 'unknown']) if (results.includes(result)) return result;
  return 'passed';
}

/**
 * Main could not name the target's run: the trigger's answer was lost, the timeout cut the look for what it
 * created short before the run was found to be this trigger's (nothing adopted), and the post step found
 * the run and settled it. Main cannot know a run it never read; the post step is there for this.
 */
export function lostTriggerCutByTimeout(
  evidence: RunEvidence,
  target: TargetRuns,
  timedOut: boolean,
): boolean {
  const { main, post } = evidence;
  const run = target.run;
  if (!timedOut || !run || run.status !== 'finished' || target.reported.id !== undefined) return false;
  const mine = main.stdout.split('\n').filter((line) => target.tag === '' || line.includes(target.tag));
  const lost = mine.some((line) => line.includes('The response to the run trigger was lost'));
  const adopted = mine.some((line) => line.includes('Adopted run'));
  const settled = post.stdout
    .split('\n')
    .some((line) => line.includes('did not finish following') && line.includes(run.id));
  return lost && !adopted && settled;
}

// The step's outputs with several targets, written once at the end, each as the contract says it behaves
// (`OUTPUTS` in contract.ts): the outputs about one run are empty, since each target's are in `runs`; the
// combined ones are made here from every target's end (`result` the worst, `status` finished once all are).
import type { Status } from '../../api/types.ts';
import {
  OUTPUT_NAMES,
  OUTPUTS,
  type Outputs,
  type OutputsWithSeveral,
  type OutputValues,
} from '../contract.ts';
import type { StepEnd, TargetEnd } from '../flow/events.ts';
import { artifactsOutput } from '../artifacts/facts.ts';
import { failedTestsOutput, testsOutput } from '../test-results.ts';
import { runsEntry, runsOutput, type RunsEntry } from '../report/runs-output.ts';
import { worstOfResults } from '../workflow.ts';

/** How each combined output is made from every target's end; the compiler asks for one per such output. */
const COMBINED: { [K in OutputsWithSeveral<'combined'>]: (end: StepEnd) => OutputValues[K] } = {
  type: ({ targets }) => (targets.some((target) => target.info?.ref.kind === 'build') ? 'build' : 'run'),
  status: ({ targets }) => combinedStatus(resourcesOf(targets).map((resource) => resource?.status)),
  result: ({ targets }) =>
    worstOfResults(resourcesOf(targets).map((resource) => resource?.result ?? 'unknown')),
  'started-at': (end) => span(end).first?.toISOString() ?? '',
  'finished-at': (end) => span(end).last?.toISOString() ?? '',
  duration: (end) => {
    const { first, last } = span(end);
    return first && last ? String(Math.round((last.getTime() - first.getTime()) / 1000)) : '';
  },
  runs: ({ targets }) => runsOutput(targets.map(entryOf)),
  'artifacts-path': ({ targets }) =>
    targets.find((target) => target.facts.artifacts)?.facts.artifacts?.root ?? '',
  artifacts: ({ targets }) =>
    anyArtifacts(targets)
      ? JSON.stringify(artifactsOutput(targets.flatMap((target) => target.facts.artifacts?.entries ?? [])))
      : '',
  'remote-outputs': ({ targets }) =>
    targets.some((target) => target.facts.artifacts?.remoteOutputs)
      ? JSON.stringify(
          Object.fromEntries(
            targets.map((target) => [target.label, target.facts.artifacts?.remoteOutputs?.values ?? {}]),
          ),
        )
      : '',
  tests: ({ targets }) => {
    const steps = testSteps(targets);
    return steps ? JSON.stringify(testsOutput(steps)) : '';
  },
  'failed-tests': ({ targets }) => {
    const steps = testSteps(targets);
    return steps ? JSON.stringify(failedTestsOutput(steps)) : '';
  },
};

/** Every target's steps that held test reports; undefined when no target read any. */
function testSteps(targets: readonly TargetEnd[]) {
  if (!targets.some((target) => target.facts.tests)) return undefined;
  return targets.flatMap((target) => target.facts.tests?.steps ?? []);
}

function anyArtifacts(targets: readonly TargetEnd[]): boolean {
  return targets.some((target) => target.facts.artifacts !== undefined);
}

export function writeSeveralOutputs(outputs: Outputs, end: StepEnd): void {
  // In action.yml order: each per-run output empty, each combined one made from every target.
  for (const name of OUTPUT_NAMES) {
    const kind = OUTPUTS[name];
    if (kind === 'per-run') outputs.set(name as OutputsWithSeveral<'per-run'>, '');
    else if (kind === 'combined') setCombined(outputs, name as OutputsWithSeveral<'combined'>, end);
  }
}

function setCombined<K extends OutputsWithSeveral<'combined'>>(
  outputs: Outputs,
  name: K,
  end: StepEnd,
): void {
  outputs.set(name, COMBINED[name](end));
}

function resourcesOf(targets: readonly TargetEnd[]) {
  return targets.map((target) => target.conclusion.final.resource);
}

/** The first start, and the last end once every target has ended. */
function span({ targets }: StepEnd): { first?: Date; last?: Date } {
  const resources = resourcesOf(targets);
  const starts = resources.flatMap((resource) => (resource?.startedAt ? [resource.startedAt] : []));
  const ends = resources.flatMap((resource) => (resource?.finishedAt ? [resource.finishedAt] : []));
  const allEnded = ends.length === targets.length;
  return {
    ...(starts.length > 0 ? { first: new Date(Math.min(...starts.map(Number))) } : {}),
    ...(allEnded && ends.length > 0 ? { last: new Date(Math.max(...ends.map(Number))) } : {}),
  };
}

/** `finished` once all finished; else `running` while any runs; else the first one's that did not finish. */
function combinedStatus(statuses: ReadonlyArray<Status | undefined>): Status {
  if (statuses.every((status) => status === 'finished')) return 'finished';
  if (statuses.includes('running')) return 'running';
  return statuses.find((status) => status !== undefined && status !== 'finished') ?? 'unknown';
}

/** A target that never got a run still has its place, with what its input said. */
function entryOf(target: TargetEnd): RunsEntry {
  const pipelineId =
    target.info?.pipelineId ?? (target.target.kind === 'pipeline-id' ? target.target.pipelineId : undefined);
  return (
    runsEntry(target.conclusion.final, pipelineId) ?? {
      pipeline: pipelineId ?? '',
      id: '',
      url: '',
      'web-url': '',
      status: '',
      result: '',
      attempts: '',
      'started-at': '',
      'finished-at': '',
      duration: '',
    }
  );
}

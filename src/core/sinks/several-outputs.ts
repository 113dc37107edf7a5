// The step's outputs with several targets, written once at the end: `runs` holds one object per target
// in input order; `result` is the worst result and `status` is `finished` once every target finished.
// The outputs about one run (`id`, `run-id`, `url`, `web-url`, `run-result`, `attempts`, ...) are empty:
// each target's are in `runs`.
import type { Status } from '../../api/types.ts';
import type { Outputs } from '../contract.ts';
import type { StepEnd, TargetEnd } from '../flow/events.ts';
import { runsEntry, runsOutput, type RunsEntry } from '../report/runs-output.ts';
import { worstOfResults } from '../workflow.ts';

const EMPTY = [
  'id',
  'run-id',
  'build-id',
  'url',
  'web-url',
  'run-result',
  'progress',
  'attempts',
  'workflow-id',
  'steps',
] as const;

export function writeSeveralOutputs(outputs: Outputs, { targets }: StepEnd): void {
  outputs.set('type', targets.some((target) => target.info?.ref.kind === 'build') ? 'build' : 'run');
  for (const name of EMPTY) outputs.set(name, '');
  const resources = targets.map((target) => target.conclusion.final.resource);
  outputs.set('status', combinedStatus(resources.map((resource) => resource?.status)));
  outputs.set('result', worstOfResults(resources.map((resource) => resource?.result ?? 'unknown')));
  const starts = resources.flatMap((resource) => (resource?.startedAt ? [resource.startedAt] : []));
  const ends = resources.flatMap((resource) => (resource?.finishedAt ? [resource.finishedAt] : []));
  const allEnded = ends.length === targets.length;
  const first = starts.length > 0 ? new Date(Math.min(...starts.map(Number))) : undefined;
  const last = allEnded && ends.length > 0 ? new Date(Math.max(...ends.map(Number))) : undefined;
  outputs.set('started-at', first?.toISOString() ?? '');
  outputs.set('finished-at', last?.toISOString() ?? '');
  outputs.set('duration', first && last ? String(Math.round((last.getTime() - first.getTime()) / 1000)) : '');
  outputs.set('runs', runsOutput(targets.map(entryOf)));
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

// The action's `runs` output: a JSON array with one object per target, in input order (one target
// today), for `fromJSON(steps.<id>.outputs.runs)`. Each value has the form of the scalar output of the
// same name; `id` and `url` are the last attempt's, and `result` is the run's own (as `run-result`).
import type { FinalView } from '../flow/events.ts';
import type { Remote } from '../model.ts';

export interface RunsEntry {
  /** The pipeline's id; empty for a classic build. */
  pipeline: string;
  id: string;
  url: string;
  'web-url': string;
  status: string;
  result: string;
  attempts: string;
  'started-at': string;
  'finished-at': string;
  duration: string;
}

/** `started-at`, `finished-at` and `duration`, as the outputs hold them. */
export function timeValues(
  resource: Remote | undefined,
): Pick<RunsEntry, 'started-at' | 'finished-at' | 'duration'> {
  const startedAt = resource?.startedAt;
  const finishedAt = resource?.finishedAt;
  return {
    'started-at': startedAt?.toISOString() ?? '',
    'finished-at': finishedAt?.toISOString() ?? '',
    duration:
      startedAt && finishedAt ? String(Math.round((finishedAt.getTime() - startedAt.getTime()) / 1000)) : '',
  };
}

/** How many attempts were made: the retried ones and the current one. */
export function attemptCount(final: Pick<FinalView, 'retried'>): number {
  return (final.retried?.length ?? 0) + 1;
}

/** The entry of the target the view is about; undefined before anything was triggered or attached. */
export function runsEntry(final: FinalView, pipelineId: string | undefined): RunsEntry | undefined {
  const { ref, resource } = final;
  if (!ref) return undefined;
  return {
    pipeline: ref.kind === 'run' ? (pipelineId ?? '') : '',
    id: ref.id,
    url: ref.url,
    'web-url': final.web?.url ?? ref.url,
    status: resource?.status ?? '',
    result: resource?.result ?? '',
    attempts: String(attemptCount(final)),
    ...timeValues(resource),
  };
}

export function runsOutput(entries: readonly RunsEntry[]): string {
  return JSON.stringify(entries);
}

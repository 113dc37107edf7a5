// Reading the emulator's witness: which runs exist, and which requests concerned a given run.
import type { EmulatorControl, EmulatorRunView, RequestLogEntry } from '../../src/emulator/index.ts';

export interface RunRequests {
  /** GET /runs/:id, in order of arrival. */
  polls: RequestLogEntry[];
  /** GET /runs/:id/steps. */
  stepReads: RequestLogEntry[];
  /** PUT /runs/:id/abort. */
  aborts: RequestLogEntry[];
  /** Every request whose path names the run (step logs are under /runsteps/ and not counted). */
  all: RequestLogEntry[];
}

export function requestsForRun(log: readonly RequestLogEntry[], runId: string): RunRequests {
  const base = `/api/v3/runs/${runId}`;
  const all = log.filter((entry) => entry.path === base || entry.path.startsWith(`${base}/`));
  return {
    polls: all.filter((entry) => entry.method === 'GET' && entry.path === base),
    stepReads: all.filter((entry) => entry.method === 'GET' && entry.path === `${base}/steps`),
    aborts: all.filter((entry) => entry.method === 'PUT' && entry.path === `${base}/abort`),
    all,
  };
}

export function runsOfPipeline(control: EmulatorControl, pipelineId: string): EmulatorRunView[] {
  return control.runs().filter((run) => run.pipelineId === pipelineId);
}

/** Real time (Date.now()) minus world time; constant at speed 1. */
export function worldOffset(control: EmulatorControl): number {
  return Date.now() - control.now();
}

export function timeOf(iso: string | undefined): number | undefined {
  if (iso === undefined) return undefined;
  const at = Date.parse(iso);
  return Number.isNaN(at) ? undefined : at;
}

/** Durations (ms) of the finished runs, newest first, as the action reads them before its trigger. */
export function finishedDurations(runs: readonly EmulatorRunView[]): number[] {
  return [...runs]
    .sort((a, b) => (timeOf(b.createdAt) ?? 0) - (timeOf(a.createdAt) ?? 0))
    .filter((run) => run.status === 'finished' && run.startedAt && run.finishedAt)
    .map((run) => timeOf(run.finishedAt)! - timeOf(run.startedAt)!)
    .filter((ms) => ms > 0);
}

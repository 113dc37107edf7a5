// The attempts of a flow with retries, as the summary lists them: every run triggered for the target,
// oldest first, with its id, its page and how it ended.
import type { FinalView } from '../flow/events.ts';
import { elapsedMs, failedStepOf } from './format.ts';

export interface SummaryAttempt {
  attempt: number;
  id: string;
  /** The run's page, or its API URL when no page can be derived. */
  url: string;
  status: string;
  result: string;
  durationMs?: number;
  /** The step it failed at, with the number of steps. */
  failedStep?: { order: number; name: string; total: number };
}

/** Every attempt, oldest first; undefined when there was only one. */
export function summaryAttempts(final: FinalView): SummaryAttempt[] | undefined {
  const retried = final.retried ?? [];
  if (retried.length === 0 || !final.ref) return undefined;
  const current = {
    attempt: retried.length + 1,
    ref: final.ref,
    url: final.web?.url ?? final.ref.url,
    resource: final.resource,
    failedStep: failedStepOf(final.steps),
  };
  return [...retried.map((attempt) => ({ ...attempt, url: attempt.web.url })), current].map(
    ({ attempt, ref, url, resource, failedStep }) => {
      const durationMs = elapsedMs(resource?.startedAt, resource?.finishedAt);
      return {
        attempt,
        id: ref.id,
        url,
        status: resource?.status ?? 'unknown',
        result: resource?.result ?? 'unknown',
        ...(durationMs !== undefined ? { durationMs } : {}),
        ...(failedStep ? { failedStep } : {}),
      };
    },
  );
}

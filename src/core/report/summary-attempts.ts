// The attempts of a flow with retries, as the summary lists them: every run triggered for the target,
// oldest first, with its id, its page and how it ended.
import type { FinalView } from '../flow/events.ts';
import { elapsedMs, failedStepOf, formatDuration, resultIcon } from './format.ts';
import { ourLink, type LinkInline, type StateMark } from './summary-inline.ts';

export interface AttemptRow {
  attempt: number;
  id: string;
  page: LinkInline;
  state: StateMark;
  duration?: string;
  /** `2/3 build` */
  failedAt?: string;
}

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

/** An attempt as the summary's table shows it. */
export function attemptRow(attempt: SummaryAttempt): AttemptRow {
  const finished = attempt.status === 'finished';
  const step = attempt.failedStep;
  return {
    attempt: attempt.attempt,
    id: attempt.id,
    page: ourLink(attempt.url),
    state: {
      icon: finished ? resultIcon(attempt.result) : '…',
      word: (finished ? attempt.result : attempt.status) || 'unknown',
      tone: finished ? attempt.result : attempt.status,
    },
    ...(attempt.durationMs !== undefined ? { duration: formatDuration(attempt.durationMs) } : {}),
    ...(step ? { failedAt: `${step.order}/${step.total} ${step.name}` } : {}),
  };
}

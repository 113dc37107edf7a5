// `retries`: a run or build that finished `failed` by itself is triggered again, with the same inputs,
// as a new run, while attempts and time are left. Nothing else is retried: not an aborted run, not a
// timeout, a cancellation or an error. Each attempt is triggered exactly once, like the first, behind
// a watermark of its own.
import type { Remote } from '../model.ts';
import { attemptWords, failedAttemptLine } from '../outcome.ts';
import { failedStepOf } from '../report/format.ts';
import type { FlowContext } from './context.ts';
import type { Ended, RetriedAttempt } from './events.ts';
import { lookBefore, type Prepared } from './prepare.ts';

type View = FlowContext['view'];

/** The number of the attempt the view is about (1 before anything was triggered). */
export function attemptOf(view: Pick<View, 'retried'>): number {
  return (view.retried?.length ?? 0) + 1;
}

/** Whether the attempt that just finished is triggered again. */
export function shouldRetry(context: FlowContext, finished: Remote, deadline: number | undefined): boolean {
  const { settings, view, clock, cancel } = context;
  return (
    finished.result === 'failed' &&
    attemptOf(view) <= settings.retries &&
    !cancel.signal.aborted &&
    (deadline === undefined || clock.now() < deadline)
  );
}

/**
 * Says why the attempt is triggered again and takes a fresh watermark for the next trigger; a cancel
 * that comes before it ends the flow with the failed attempt as the last word.
 */
export async function nextAttempt(context: FlowContext, prepared: Prepared): Promise<Prepared | Ended> {
  const { view, settings, log, cancel } = context;
  const ref = view.ref!;
  const next = { number: attemptOf(view) + 1, of: settings.retries + 1 };
  log.info(`${failedAttemptLine(ref, view.steps)}; triggering it again: ${attemptWords(next)}.`);
  const before = await lookBefore(context, prepared.resolved);
  if (cancel.signal.aborted) {
    return {
      ending: { kind: 'cancelled-before-retry', failed: ref, steps: view.steps, next },
      final: { ...view },
    };
  }
  return { ...prepared, before };
}

/** Puts the attempt the view holds with the retried ones, and clears what belonged to it alone. */
export function setAside(view: View): void {
  if (!view.ref || !view.web || !view.resource) return;
  const failedStep = failedStepOf(view.steps);
  const attempt: RetriedAttempt = {
    attempt: attemptOf(view),
    ref: view.ref,
    web: view.web,
    resource: view.resource,
    ...(failedStep ? { failedStep } : {}),
  };
  view.retried = [...(view.retried ?? []), attempt];
  view.steps = [];
  delete view.workflow;
  delete view.abort;
}

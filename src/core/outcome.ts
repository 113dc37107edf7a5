// From how following ended to the step's result: the gate.
import type { Result, Step } from '../api/types.ts';
import type { AbortResult } from './abort.ts';
import { formatDuration } from './report/format.ts';
import { messageOf } from '../text/message.ts';
import { sanitizeLine } from '../text/safety.ts';
import type { OutcomeKind } from './outcome-kind.ts';
import type { Settings } from './settings.ts';

export interface Outcome {
  kind: OutcomeKind;
  /** Whether the GitHub step passes. */
  success: boolean;
  /** One line: why the step passed or failed. */
  message: string;
}

export type Ending =
  | { finished: true; result: Result; rawResult?: string; steps?: readonly Step[] }
  | { finished: false; reason: 'timeout' | 'cancelled'; abort: AbortResult | undefined };

export function decideOutcome(
  ending: Ending,
  settings: Pick<Settings, 'propagateFailure' | 'timeoutMs' | 'onTimeout'>,
  what: 'run' | 'build' | 'workflow',
): Outcome {
  if (!ending.finished) {
    const noun = what === 'build' ? 'build' : 'run';
    const aborted = ending.abort?.alreadyFinished
      ? `; the ${noun} had already finished (result: ${sanitizeLine(ending.abort.resource?.result ?? 'unknown')})`
      : ending.abort?.confirmed
        ? `; the ${noun} was aborted`
        : '';
    const left =
      ending.abort === undefined ? `; the ${what === 'build' ? 'build' : 'run'} was left running` : '';
    const failedAbort =
      ending.abort && !ending.abort.confirmed ? `; ${ending.abort.message.replace(/\.$/, '')}` : '';
    if (ending.reason === 'timeout') {
      const after = settings.timeoutMs !== undefined ? ` after ${formatDuration(settings.timeoutMs)}` : '';
      return {
        kind: 'timed-out',
        success: false,
        message: `Timed out${after}${aborted}${left}${failedAbort}.`,
      };
    }
    return { kind: 'cancelled', success: false, message: `Cancelled${aborted}${left}${failedAbort}.` };
  }

  const result = ending.result;
  const kind: OutcomeKind =
    result === 'passed'
      ? 'passed'
      : result === 'failed'
        ? 'failed'
        : result === 'aborted'
          ? 'aborted'
          : 'unknown';
  if (kind === 'passed') return { kind, success: true, message: `The ${what} passed.` };

  const failedStep = ending.steps
    ? [...ending.steps].sort((a, b) => a.order - b.order).find((step) => step.result === 'failed')
    : undefined;
  const total = ending.steps?.length;
  const where = failedStep
    ? ` at step ${failedStep.order}${total ? `/${total}` : ''} "${sanitizeLine(failedStep.name, { maxLength: 200 })}"`
    : '';
  const base =
    kind === 'unknown'
      ? `The ${what} finished with result "${sanitizeLine(ending.rawResult ?? result, { maxLength: 100 })}", which is not "passed"`
      : `The ${what} ${kind === 'failed' ? 'failed' : 'was aborted'}${where}`;
  if (!settings.propagateFailure) {
    return { kind, success: true, message: `${base}; the step passes because propagate-failure is false.` };
  }
  return { kind, success: false, message: `${base}.` };
}

/** Something went wrong after the run existed: the step fails with the error's message. */
export function errorOutcome(error: unknown): Outcome {
  const message = messageOf(error);
  return { kind: 'unknown', success: false, message: sanitizeLine(message, { maxLength: 2000 }) };
}

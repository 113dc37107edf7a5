// Every way a step can end, and the one place that decides from it the step's outcome (does the GitHub
// step pass, and why, in one line) and whether anything is left for the post entry to do (`settled`).
// A new way to end is a new case of `Ending`; TypeScript then asks for its decision here.
import type { Result, Status, Step } from '../api/types.ts';
import type { AbortResult } from './abort.ts';
import { atFailedStep, formatDuration } from './report/format.ts';
import { messageOf } from '../text/message.ts';
import { sanitizeLine } from '../text/safety.ts';
import type { OutcomeKind } from './outcome-kind.ts';
import type { RemoteRef } from './refs.ts';
import type { Settings } from './settings.ts';

export interface Outcome {
  kind: OutcomeKind;
  /** Whether the GitHub step passes. */
  success: boolean;
  /** One line: why the step passed or failed. */
  message: string;
}

export interface Decision {
  outcome: Outcome;
  /** Nothing is left for the post entry to abort: it finished, was aborted, or was left on purpose. */
  settled: boolean;
}

/** What was waited for: a run, a build, or (wait-for: workflow) every run of the workflow. */
export type Work = 'run' | 'build' | 'workflow';

/** Which attempt (`retries`): 1 for the first trigger, of 1 + `retries`. */
export interface AttemptNumber {
  number: number;
  of: number;
}

export type Ending =
  /** The remote work finished by itself (with `wait-for: workflow`, the worst result of its runs). */
  | {
      kind: 'finished';
      what: Work;
      result: Result;
      rawResult?: string;
      steps?: readonly Step[];
      /** Said only from the second attempt on. */
      attempt?: AttemptNumber;
    }
  /** `wait: false`: triggered, and left to run on purpose. */
  | { kind: 'not-waited'; ref: RemoteRef }
  /** A cancel or the timeout while following: aborted (`abort`), or left running. */
  | {
      kind: 'stopped';
      reason: 'timeout' | 'cancelled';
      what: Work;
      abort: AbortResult | undefined;
      /** Left running because the inputs say so (`abort-on-cancel: false`, `on-timeout: leave`). */
      leftOnPurpose: boolean;
    }
  /** A cancel before anything was triggered. */
  | { kind: 'cancelled-before-trigger' }
  /** The timeout or a cancel cut a request off before any run or build was known. */
  | { kind: 'cut-before-start'; reason: 'timeout' | 'cancelled'; triggerSent: boolean }
  /** A cancel after an attempt failed and before the next one was triggered. */
  | { kind: 'cancelled-before-retry'; failed: RemoteRef; steps: readonly Step[]; next: AttemptNumber }
  /** A cancel while the trigger waited to be sent again, or while a lost trigger's run was looked for. */
  | { kind: 'trigger-cancelled'; during: 'resend-wait' | 'lost-search'; nothingTriggered: boolean }
  /** Anything thrown: the step fails with the error's message. */
  | { kind: 'error'; error: unknown }
  /** One of several targets, cancelled because another failed first (`fail-fast`): how its cancel ended. */
  | { kind: 'stopped-by-fail-fast'; failedFirst: string; cancelled: CancelEnding; target: StoppedTarget }
  /** The run finished, and steps `artifacts` names stored nothing, under `if-no-artifacts: error`. */
  | { kind: 'artifacts-missing'; finished: Extract<Ending, { kind: 'finished' }>; missing: readonly string[] }
  /** Several targets: the step passes only when every target passed. */
  | { kind: 'targets'; targets: readonly TargetDecision[]; failedFirst?: string }
  /** The post entry, finishing what a main that was killed left: the work as it reads it now. */
  | { kind: 'left-by-main'; ref: RemoteRef | undefined; now: { status: Status; result: Result } | undefined };

/** The endings of a cancel: each is said as `Cancelled` and what followed it. */
export type CancelEnding =
  | (Extract<Ending, { kind: 'stopped' | 'cut-before-start' }> & { reason: 'cancelled' })
  | Extract<Ending, { kind: 'cancelled-before-trigger' | 'cancelled-before-retry' | 'trigger-cancelled' }>;

/** What is known of a target that `fail-fast` stopped: its abort may find it finished already. */
interface StoppedTarget {
  abort: AbortResult | undefined;
  steps: readonly Step[];
  what: 'run' | 'build';
}

interface TargetDecision {
  label: string;
  decision: Decision;
}

type Gate = Pick<Settings, 'propagateFailure' | 'timeoutMs'>;

/** The one decision: how the step ends, and whether post has anything left to do. */
export function decide(ending: Ending, gate: Gate): Decision {
  switch (ending.kind) {
    case 'finished':
      return { outcome: finishedOutcome(ending, gate), settled: true };
    case 'not-waited':
      return {
        outcome: {
          kind: 'triggered',
          success: true,
          message: `Triggered ${ending.ref.kind} ${ending.ref.id}; not waiting for it (wait: false).`,
        },
        settled: true,
      };
    case 'stopped':
      if (isCancel(ending)) return cancelDecision(ending, gate);
      return {
        outcome: {
          kind: 'timed-out',
          success: false,
          message: `${stopWords('timeout', gate)}${afterStop(ending)}`,
        },
        settled: settledAfterStop(ending),
      };
    case 'cut-before-start':
      if (isCancel(ending)) return cancelDecision(ending, gate);
      return {
        outcome: {
          kind: 'timed-out',
          success: false,
          message: `${stopWords('timeout', gate)}${afterCut(ending)}`,
        },
        settled: !ending.triggerSent,
      };
    case 'cancelled-before-trigger':
    case 'cancelled-before-retry':
    case 'trigger-cancelled':
      return cancelDecision(ending, gate);
    case 'error':
      return {
        outcome: {
          kind: 'unknown',
          success: false,
          message: sanitizeLine(messageOf(ending.error), { maxLength: 2000 }),
        },
        settled: false,
      };
    case 'stopped-by-fail-fast':
      return failFastDecision(ending, gate);
    case 'artifacts-missing':
      return { outcome: artifactsMissing(ending, gate), settled: true };
    case 'targets':
      // A step with one target ends as that target did.
      if (ending.targets.length === 1) return ending.targets[0]!.decision;
      return {
        outcome: targetsOutcome(ending.targets, ending.failedFirst),
        settled: ending.targets.every((target) => target.decision.settled),
      };
    case 'left-by-main':
      return leftByMain(ending.ref, ending.now);
  }
}

/** The endings that are a cancel (of the job, or by `fail-fast`, which the flow tells apart). */
export function isCancel(ending: Ending): ending is CancelEnding {
  switch (ending.kind) {
    case 'stopped':
    case 'cut-before-start':
      return ending.reason === 'cancelled';
    case 'cancelled-before-trigger':
    case 'cancelled-before-retry':
    case 'trigger-cancelled':
      return true;
    default:
      return false;
  }
}

/** A cancel: `Cancelled`, then what came of it; and whether post has anything left. */
function cancelDecision(ending: CancelEnding, gate: Gate): Decision {
  const { rest, settled } = afterCancel(ending);
  return { outcome: cancelled(`${stopWords('cancelled', gate)}${rest}`), settled };
}

/** What follows a cancel's first word, from a space or a `;` to the final period. */
function afterCancel(ending: CancelEnding): { rest: string; settled: boolean } {
  switch (ending.kind) {
    case 'stopped':
      return { rest: afterStop(ending), settled: settledAfterStop(ending) };
    case 'cut-before-start':
      return { rest: afterCut(ending), settled: !ending.triggerSent };
    case 'cancelled-before-trigger':
      return { rest: ' before anything was triggered.', settled: true };
    case 'cancelled-before-retry':
      return {
        rest: ` before ${attemptWords(ending.next)} was triggered; ${failedAttemptLine(ending.failed, ending.steps)}.`,
        settled: true,
      };
    case 'trigger-cancelled':
      return {
        rest:
          ending.during === 'resend-wait'
            ? ' while waiting to send the trigger again; nothing was triggered.'
            : ' while checking whether the lost trigger was taken; it is not sent again, and the post step ' +
              'looks for the run it may have created.',
        settled: ending.nothingTriggered,
      };
  }
}

// A trigger that went out may have created a run: the post step looks for it by its fingerprint.
function afterCut(ending: Extract<Ending, { kind: 'cut-before-start' }>): string {
  return ending.triggerSent
    ? " while the trigger's answer was awaited; the post step looks for what it may have created."
    : ' before anything was triggered.';
}

/** `attempt 2/3`. */
export function attemptWords({ number, of }: AttemptNumber): string {
  return `attempt ${number}/${of}`;
}

/** `Run 5e1f… failed at step 2/3 "build"`: an attempt that failed by itself, as the log and the outcome say it. */
export function failedAttemptLine(ref: RemoteRef, steps: readonly Step[]): string {
  return `${ref.kind === 'build' ? 'Build' : 'Run'} ${sanitizeLine(ref.id)} failed${atFailedStep(steps)}`;
}

function cancelled(message: string): Outcome {
  return { kind: 'cancelled', success: false, message };
}

function kindOfResult(result: Result): OutcomeKind {
  return result === 'passed' || result === 'failed' || result === 'aborted' ? result : 'unknown';
}

function finishedOutcome(ending: Extract<Ending, { kind: 'finished' }>, gate: Gate): Outcome {
  const { what, result } = ending;
  const kind = kindOfResult(result);
  const attempt = ending.attempt ? ` (${attemptWords(ending.attempt)})` : '';
  if (kind === 'passed') return { kind, success: true, message: `The ${what} passed${attempt}.` };
  const base =
    kind === 'unknown'
      ? `The ${what} finished with result "${sanitizeLine(ending.rawResult ?? result, { maxLength: 100 })}", which is not "passed"`
      : `The ${what} ${kind === 'failed' ? 'failed' : 'was aborted'}${ending.steps ? atFailedStep(ending.steps) : ''}`;
  if (!gate.propagateFailure) {
    return {
      kind,
      success: true,
      message: `${base}; the step passes because propagate-failure is false${attempt}.`,
    };
  }
  return { kind, success: false, message: `${base}${attempt}.` };
}

/** What came of the remote work after a stop: aborted, finished already, left running, or not aborted. */
function afterStop({ abort, what }: { abort: AbortResult | undefined; what: Work }): string {
  const noun = what === 'build' ? 'build' : 'run';
  const aborted = abort?.alreadyFinished
    ? `; the ${noun} had already finished (result: ${sanitizeLine(abort.resource?.result ?? 'unknown')})`
    : abort?.confirmed
      ? `; the ${noun} was aborted`
      : '';
  const left = abort === undefined ? `; the ${noun} was left running` : '';
  const failedAbort = abort && !abort.confirmed ? `; ${abort.clause}` : '';
  return `${aborted}${left}${failedAbort}.`;
}

function settledAfterStop(ending: Extract<Ending, { kind: 'stopped' }>): boolean {
  return ending.leftOnPurpose || ending.abort?.confirmed === true;
}

/** `Timed out after 10m00s` or `Cancelled`: how a stop's line begins. */
function stopWords(reason: 'timeout' | 'cancelled', gate: Gate): string {
  if (reason === 'cancelled') return 'Cancelled';
  return `Timed out${gate.timeoutMs !== undefined ? ` after ${formatDuration(gate.timeoutMs)}` : ''}`;
}

/**
 * A target cancelled because another failed first: aborted, or when it had finished just before the
 * abort, gated on its own result.
 */
function failFastDecision(
  { failedFirst, cancelled: cancel, target }: Extract<Ending, { kind: 'stopped-by-fail-fast' }>,
  gate: Gate,
): Decision {
  const { rest, settled } = afterCancel(cancel);
  const finished = target.abort?.alreadyFinished ? target.abort.resource : undefined;
  if (finished) {
    const ending = {
      kind: 'finished',
      what: target.what,
      result: finished.result,
      steps: target.steps,
    } as const;
    return { outcome: finishedOutcome(ending, gate), settled };
  }
  return {
    outcome: {
      kind: 'aborted',
      success: false,
      message: `Aborted because ${failedFirst} failed (fail-fast: true)${rest}`,
    },
    settled,
  };
}

/** A run that passed (or passes the gate) fails when the artifacts it was to store are missing. */
function artifactsMissing(
  { finished, missing }: Extract<Ending, { kind: 'artifacts-missing' }>,
  gate: Gate,
): Outcome {
  const outcome = finishedOutcome(finished, gate);
  if (!outcome.success) return outcome;
  const ended =
    finished.result === 'passed'
      ? 'passed'
      : `finished ${sanitizeLine(finished.rawResult ?? finished.result, { maxLength: 100 })}`;
  const which = missing.includes('*')
    ? 'no step stored artifacts'
    : `${missing.map((name) => JSON.stringify(sanitizeLine(name, { maxLength: 100 }))).join(', ')} stored no artifacts`;
  return {
    kind: 'failed',
    success: false,
    message: `The ${finished.what} ${ended}, but ${which} (if-no-artifacts: error).`,
  };
}

/** The rank of each kind, worst first: the kind the step reports is the worst of its targets'. */
const WORST_FIRST: Record<OutcomeKind, number> = {
  failed: 0,
  'timed-out': 1,
  cancelled: 2,
  aborted: 3,
  unknown: 4,
  triggered: 5,
  passed: 6,
};
const KINDS_WORST_FIRST = (Object.keys(WORST_FIRST) as OutcomeKind[]).sort(
  (one, other) => WORST_FIRST[one] - WORST_FIRST[other],
);

/** Whether a target that ended this way stops the others under `fail-fast`. */
const STOPS_OTHERS: Record<OutcomeKind, boolean> = {
  failed: true,
  aborted: true,
  unknown: true,
  passed: false,
  'timed-out': false,
  cancelled: false,
  triggered: false,
};

export function stopsOthers(outcome: Outcome): boolean {
  return STOPS_OTHERS[outcome.kind];
}

function targetsOutcome(targets: readonly TargetDecision[], failedFirst: string | undefined): Outcome {
  const kinds = targets.map((target) => target.decision.outcome.kind);
  const kind = KINDS_WORST_FIRST.find((each) => kinds.includes(each)) ?? 'unknown';
  const counts = KINDS_WORST_FIRST.flatMap((each) => {
    const count = kinds.filter((other) => other === each).length;
    return count > 0 ? [`${count} ${each}`] : [];
  });
  const notPassed = targets
    .filter((target) => !['passed', 'triggered'].includes(target.decision.outcome.kind))
    .map((target) => `${target.label} ${target.decision.outcome.kind}`);
  const why = failedFirst !== undefined ? `; ${failedFirst} failed first (fail-fast: true)` : '';
  const which =
    notPassed.length > 0
      ? ` (${notPassed.slice(0, 10).join(', ')}${notPassed.length > 10 ? ', …' : ''})`
      : '';
  return {
    kind,
    success: targets.every((target) => target.decision.outcome.success),
    message: `${targets.length} targets: ${counts.join(', ')}${which}${why}.`,
  };
}

/** Post's word on work main left: finished with its result, else stopped (cancelled). */
function leftByMain(
  ref: RemoteRef | undefined,
  now: { status: Status; result: Result } | undefined,
): Decision {
  const what = ref ? `${ref.kind} ${sanitizeLine(ref.id, { maxLength: 100 })}` : 'The remote work';
  if (!ref || !now || now.status !== 'finished') {
    return { outcome: cancelled(`${what}: the action was stopped`), settled: false };
  }
  const kind = kindOfResult(now.result);
  return { outcome: { kind, success: kind === 'passed', message: `${what} ${kind}` }, settled: true };
}

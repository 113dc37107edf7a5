// What the GitHub reports say: one-line states for a status description, a check run's title and a
// deployment status (each report maps the outcome onto the states GitHub knows for it). Remote text
// (status, step names) is made one safe line here.
import type { Step } from '../api/types.ts';
import type { TriggerInfo } from '../core/flow/events.ts';
import type { Remote } from '../core/model.ts';
import type { OutcomeKind } from '../core/outcome-kind.ts';
import type { RemoteRef } from '../core/refs.ts';
import { atFailedStep, currentStep, elapsedMs, formatDuration, outcomeWord } from '../core/report/format.ts';
import { clip, sanitizeLine } from '../text/safety.ts';

/** GitHub refuses a longer commit status description. */
const STATUS_DESCRIPTION_LIMIT = 140;
const TITLE_LIMIT = 200;

/**
 * `Run 5e1f0a… running: step 3/7 lint`. No percentage: it changes with every poll, and the reports
 * change only when the state does.
 */
export function runningLine(
  ref: RemoteRef,
  resource: Remote,
  steps: readonly Step[],
  attempt?: Attempt,
): string {
  const running = currentStep(steps);
  const step = running ? `: step ${running.order}/${steps.length} ${sanitizeLine(running.name)}` : '';
  return `${label(ref)}${attemptWords(attempt)} ${sanitizeLine(resource.status || 'unknown')}${step}`;
}

/** Which attempt, when a run was retried: `Run 5e1f0a… (attempt 2/3) running`. */
export type Attempt = Pick<TriggerInfo, 'attempt' | 'maxAttempts'>;

function attemptWords(attempt: Attempt | undefined): string {
  return attempt && attempt.attempt > 1 ? ` (attempt ${attempt.attempt}/${attempt.maxAttempts})` : '';
}

/** `Run 5e1f0a… passed in 2m 3s`, `Run 5e1f0a… failed at step 4/7 e2e after 3m`. */
export function finalLine(
  ref: RemoteRef | undefined,
  outcome: OutcomeKind,
  resource: Remote | undefined,
  steps: readonly Step[],
  attempt?: Attempt,
): string {
  const at = outcome === 'failed' ? atFailedStep(steps, { quoted: false }) : '';
  const elapsed = elapsedMs(resource?.startedAt, resource?.finishedAt);
  const time =
    elapsed === undefined ? '' : ` ${outcome === 'passed' ? 'in' : 'after'} ${formatDuration(elapsed)}`;
  const what = outcome === 'unknown' ? 'ended without a result' : outcomeWord(outcome);
  return `${ref ? label(ref) : 'The remote work'}${attemptWords(attempt)} ${what}${at}${time}`;
}

export function statusDescription(line: string): string {
  return clip(line, STATUS_DESCRIPTION_LIMIT);
}

export function checkTitle(line: string): string {
  return clip(line, TITLE_LIMIT);
}

function label(ref: RemoteRef): string {
  const id = sanitizeLine(ref.id);
  return `${ref.kind === 'build' ? 'Build' : 'Run'} ${id.length > 8 ? `${id.slice(0, 7)}…` : id}`;
}

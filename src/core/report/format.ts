// Short, stable wordings shared by the log, the job summary and the terminal.
import type { Step } from '../../api/types.ts';
import { sanitizeLine } from '../../text/safety.ts';
import type { OutcomeKind } from '../outcome-kind.ts';

/**
 * `0s`, `0.4s`, `42s`, `1m05s`, `1h02m`. Sub-second values keep one decimal (cut, not rounded); longer ones
 * are cut to the second or, from one hour on, to the minute. Negative or non-finite values (clock skew,
 * missing timestamps) read as `0s`.
 */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 100) return '0s';
  if (ms < 1000) return `0.${Math.floor(ms / 100)}s`;
  const seconds = Math.floor(ms / 1000);
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m${pad2(seconds % 60)}s`;
  return `${Math.floor(minutes / 60)}h${pad2(minutes % 60)}m`;
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

/** Milliseconds between two timestamps, or undefined when either is missing or invalid. */
export function elapsedMs(startedAt: Date | undefined, finishedAt: Date | undefined): number | undefined {
  const start = startedAt?.getTime();
  const end = finishedAt?.getTime();
  if (start === undefined || end === undefined || !Number.isFinite(start) || !Number.isFinite(end)) {
    return undefined;
  }
  return Math.max(0, end - start);
}

// Maps, not object literals: a result is remote text and may be `constructor` or `__proto__`.
const RESULT_ICONS = new Map<string, string>([
  ['passed', '✔'],
  ['failed', '✖'],
  ['aborted', '⊘'],
]);
// Keyed by our own outcome kinds, so a new kind does not compile until it has its icon and word.
const OUTCOME_ICONS: Record<OutcomeKind, string> = {
  passed: '✔',
  failed: '✖',
  aborted: '⊘',
  'timed-out': '⏱',
  cancelled: '⊘',
  unknown: '…',
  triggered: '➜',
};
const OUTCOME_WORDS: Record<OutcomeKind, string> = {
  passed: 'passed',
  failed: 'failed',
  aborted: 'aborted',
  'timed-out': 'timed out',
  cancelled: 'cancelled',
  unknown: 'unknown',
  triggered: 'triggered',
};

/** ✔ passed, ✖ failed, ⊘ aborted, … anything else (unknown, or not finished yet). */
export function resultIcon(result: string): string {
  return RESULT_ICONS.get(result) ?? '…';
}

/** The result's icon, or ⏱ timed out, ⊘ cancelled, ➜ triggered (not waited for). */
export function outcomeIcon(outcome: OutcomeKind): string {
  return OUTCOME_ICONS[outcome];
}

export function outcomeWord(outcome: OutcomeKind): string {
  return OUTCOME_WORDS[outcome];
}

export type StepLike = Pick<Step, 'order' | 'name' | 'result'> &
  Partial<Pick<Step, 'startedAt' | 'finishedAt'>>;

/**
 * `✔ 3/7 build (42s)`; the duration is left out when a timestamp is missing, `/total` when total is not
 * known. The step name is remote text: it goes through sanitizeLine, so the heading is safe as a group title.
 */
export function stepHeading(step: StepLike, total?: number): string {
  const position = total !== undefined && total > 0 ? `${step.order}/${total}` : `${step.order}`;
  const elapsed = elapsedMs(step.startedAt, step.finishedAt);
  const duration = elapsed === undefined ? '' : ` (${formatDuration(elapsed)})`;
  return `${resultIcon(step.result)} ${position} ${sanitizeLine(step.name)}${duration}`;
}

export interface ProgressState {
  status: string;
  /** Percent; left out of the line when unknown. */
  progress?: number;
  /** The step that is running now (or next), if any. */
  step?: { order: number; name: string };
  totalSteps?: number;
}

/**
 * `running 57% · step 4/7 test`: one compact line, meant to be printed only when it differs from the last
 * one printed. Status and step name are remote text and are sanitised.
 */
export function progressLine(state: ProgressState): string {
  let line = sanitizeLine(state.status || 'unknown');
  if (state.progress !== undefined && Number.isFinite(state.progress)) {
    line += ` ${Math.round(Math.min(100, Math.max(0, state.progress)))}%`;
  }
  if (state.step) {
    const total = state.totalSteps !== undefined && state.totalSteps > 0 ? `/${state.totalSteps}` : '';
    const name = state.step.name ? ` ${sanitizeLine(state.step.name)}` : '';
    line += ` · step ${state.step.order}${total}${name}`;
  }
  return line;
}

/**
 * The step worth naming in a progress line: the first one that has started but not finished, else the first
 * one not finished yet; undefined when every listed step is finished.
 */
export function currentStep<T extends Pick<Step, 'order' | 'status'>>(steps: readonly T[]): T | undefined {
  const ordered = [...steps].sort((a, b) => a.order - b.order);
  const unfinished = ordered.filter((step) => step.status !== 'finished');
  return unfinished.find((step) => step.status === 'running' || step.status === 'started') ?? unfinished[0];
}

/** The first step (by order) that failed, with the number of steps; undefined when none failed. */
export function failedStepOf(
  steps: readonly Pick<Step, 'order' | 'name' | 'result'>[],
): { order: number; name: string; total: number } | undefined {
  const step = [...steps].sort((a, b) => a.order - b.order).find((each) => each.result === 'failed');
  return step ? { order: step.order, name: step.name, total: steps.length } : undefined;
}

/**
 * ` at step 2/3 "build"`: where the work failed, the one wording of it; nothing when no step failed. GitHub's
 * one-line reports leave out the quotes.
 */
export function atFailedStep(
  steps: readonly Pick<Step, 'order' | 'name' | 'result'>[],
  { quoted = true }: { quoted?: boolean } = {},
): string {
  const step = failedStepOf(steps);
  if (!step) return '';
  const name = quoted ? `"${sanitizeLine(step.name, { maxLength: 200 })}"` : sanitizeLine(step.name);
  return ` at step ${step.order}/${step.total} ${name}`;
}

/** The last line of the log: `✖ Run failed after 3m12s`. */
export function outcomeLine(outcome: OutcomeKind, kind: 'run' | 'build', durationMs?: number): string {
  const noun = kind === 'build' ? 'Build' : 'Run';
  const verb =
    outcome === 'cancelled' || outcome === 'aborted'
      ? `was ${outcome}`
      : outcome === 'unknown'
        ? 'ended with an unknown result'
        : outcomeWord(outcome);
  const after =
    durationMs === undefined ? '' : ` ${outcome === 'passed' ? 'in' : 'after'} ${formatDuration(durationMs)}`;
  return `${outcomeIcon(outcome)} ${noun} ${verb}${after}`;
}

/** `1,234 earlier lines not shown (the log has 12.3 MB)`, for a tail that left lines out; else undefined. */
export function omittedLinesLine(truncatedLines: number, totalBytes: number): string | undefined {
  if (truncatedLines <= 0) return undefined;
  const lines = `${truncatedLines.toLocaleString('en-US')} earlier line${truncatedLines === 1 ? '' : 's'}`;
  return `… ${lines} not shown (the log has ${formatBytes(totalBytes)})`;
}

/** `512 B`, `64.0 KB`, `12.3 MB`, `1.2 GB` (powers of 1024, as log sizes usually are). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${Math.round(value)} B` : `${value.toFixed(1)} ${units[unit]}`;
}

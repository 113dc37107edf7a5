// Why the run failed, in the steps' own words: for each failed step, the line its annotation quotes and
// the last lines of its log. stepLogFacts() keeps what the summary needs of a tail while the run goes on;
// failuresSection() lays the failed steps out for both renderers.
import { clip, stripControls } from '../../text/safety.ts';
import { firstErrorLine } from './annotations.ts';
import { resultIcon } from './format.ts';
import type { LinkInline } from './summary-inline.ts';
import type { Tail } from './tail.ts';

/** Failed steps shown with their log, lines of each log, and the length of each line (UTF-16 code units). */
export const FAILURE_LIMITS = { steps: 10, lines: 30, lineLength: 500 } as const;

/** What the summary keeps of a failed step's log. */
export interface StepLogFacts {
  /** The line the step's annotation quotes (one sanitised line); absent when the log held none. */
  firstError?: string;
  /** The last lines, oldest first, without control characters, each cut to FAILURE_LIMITS.lineLength. */
  lastLines: string[];
  /** Lines of the log before `lastLines`. */
  earlierLines: number;
}

/** A tail as the summary keeps it: picked by the same rule and from the same lines as the annotation. */
export function stepLogFacts(tail: Pick<Tail, 'lines' | 'truncatedLines'>): StepLogFacts {
  const firstError = firstErrorLine(tail.lines);
  const lastLines = tail.lines
    .slice(-FAILURE_LIMITS.lines)
    .map((line) => clip(stripControls(line), FAILURE_LIMITS.lineLength));
  return {
    ...(firstError !== undefined ? { firstError } : {}),
    lastLines,
    earlierLines: tail.truncatedLines + tail.lines.length - lastLines.length,
  };
}

/** What failuresSection() needs of a step. */
export interface FailedStepFacts {
  order: number;
  name: string;
  status: string;
  result: string;
  logUrl?: string;
  logTail?: StepLogFacts;
}

/** A step that finished without passing: what the log sink annotates. */
export function failedStep(step: Pick<FailedStepFacts, 'status' | 'result'>): boolean {
  return step.status === 'finished' && step.result !== 'passed';
}

export interface FailureItem {
  order: number;
  name: string;
  icon: string;
  /** `failed` or `was aborted`, as the step's annotation says it. */
  verb: string;
  /** Undefined when the log was not read, or held no line. */
  firstError?: string;
  /** Oldest first; each line is remote text. */
  lastLines: string[];
  earlierLines: number;
  /** `read`, or why not: the step has no log, or it could not be read. */
  log: 'read' | 'none' | 'unreadable';
  /** The step's page when known, else its log. */
  link?: LinkInline;
}

export interface FailuresSection {
  kind: 'failures';
  title: string;
  items: FailureItem[];
  /** Failed steps over FAILURE_LIMITS.steps, left out. */
  more: number;
}

/** The failed steps, in order, at most FAILURE_LIMITS.steps of them; undefined when none failed. */
export function failuresSection<T extends FailedStepFacts>(
  steps: readonly T[],
  linkOf: (step: T) => LinkInline | undefined,
): FailuresSection | undefined {
  const failed = [...steps].filter(failedStep).sort((a, b) => a.order - b.order);
  if (failed.length === 0) return undefined;
  const items = failed.slice(0, FAILURE_LIMITS.steps).map((step): FailureItem => {
    const link = linkOf(step);
    const tail = step.logTail;
    return {
      order: step.order,
      name: step.name,
      icon: resultIcon(step.result),
      verb: step.result === 'aborted' ? 'was aborted' : 'failed',
      ...(tail?.firstError !== undefined ? { firstError: tail.firstError } : {}),
      lastLines: (tail?.lastLines ?? []).slice(-FAILURE_LIMITS.lines),
      earlierLines: tail?.earlierLines ?? 0,
      log: tail !== undefined ? 'read' : step.logUrl ? 'unreadable' : 'none',
      ...(link !== undefined ? { link } : {}),
    };
  });
  return { kind: 'failures', title: 'Why it failed', items, more: failed.length - items.length };
}

/** What to say in place of the error line when there is none. */
export function missingErrorLine(item: Pick<FailureItem, 'log'>): string {
  return item.log === 'read'
    ? 'its log is empty'
    : item.log === 'none'
      ? 'it has no log'
      : 'its log could not be read';
}

/** `Last 30 of 1,234 lines:` when `shown` of the item's last lines are shown. */
export function linesNote(item: Pick<FailureItem, 'lastLines' | 'earlierLines'>, shown: number): string {
  const total = item.lastLines.length + item.earlierLines;
  const lines = (value: number) => `${value.toLocaleString('en-US')} line${value === 1 ? '' : 's'}`;
  if (shown <= 0) return `${lines(total)}, not shown here.`;
  if (shown >= total) return total === 1 ? 'Its only line:' : `All ${lines(total)}:`;
  return `Last ${shown.toLocaleString('en-US')} of ${lines(total)}:`;
}

/** `…and 3 more failed steps, in the steps above.` */
export function moreFailedLine(count: number): string {
  return `…and ${count} more failed step${count === 1 ? '' : 's'}, in the steps above.`;
}

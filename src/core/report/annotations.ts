// Error annotations for failed steps: which log line to quote, and how many annotations to spend.
import type { StepLike } from './format.ts';
import { resultIcon } from './format.ts';
import { sanitizeLine, stripControls } from '../../text/safety.ts';

const WORKFLOW_COMMAND = /^::[a-z][\w-]*(?:\s[^:]*)?::/i;
const FENCE_LINE = /^::(?:stop-commands::[0-9a-z]+|[0-9a-z]{16,}::)$/i;

// Lines that say what went wrong, by how sure the match is. Within a rank, the first line wins: the first
// error is usually the cause, the later ones its consequences.
const STRONG = [
  /^\s*(?:\[?(?:error|fatal|panic)\]?)(?:\b|:)/i, // "error: ...", "[ERROR] ...", "fatal: ...", "panic: ..."
  /\b(?:error|fatal|panic)(?:\[[^\]]*\]| [a-z]+\d+)?:/i, // "x.c:3:5: error:", "error TS2322:", "error[E0308]:"
  /\bERR!/, // npm
  /\bFAIL(?:ED)?\b/, // test runners, make
  /\b[A-Z]\w*(?:Exception|Error)\b/, // NullPointerException, TypeError, AssertionError
  /^Traceback \(most recent call last\)/,
];
const WEAK = [
  /\b(?:errors?|failed|failure|fatal|panic(?:ked)?)\b/i,
  /\bexit(?:ed with)? (?:code|status) [1-9]/i,
];
// Words that say nothing failed after all.
const ALL_CLEAR = /\b(?:0|no|zero) (?:errors?|failures?|failed)\b|\b(?:errors?|failures?|failed):? 0\b/i;

export interface ErrorLineOptions {
  /** The quoted line is cut to this many characters. Default 300. */
  maxLength?: number;
}

/**
 * The log line that best says why a step failed: the first line that looks like an error (strong matches
 * before weak ones), else the last non-empty line; undefined when there is none. Escape sequences (colour
 * codes), control characters and our own stop-commands fence lines are ignored. The result is one sanitised line.
 */
export function firstErrorLine(lines: readonly string[], options: ErrorLineOptions = {}): string | undefined {
  const candidates = lines
    .map((line) => stripControls(line).trim())
    .filter((line) => line !== '' && !FENCE_LINE.test(line));
  // A line written as a workflow command (`::error::…`) is the remote script talking to a runner, not
  // its own words about what failed: it is quoted only when no other line says anything.
  const said = candidates.filter((line) => !WORKFLOW_COMMAND.test(line));
  const matching = (patterns: RegExp[]) =>
    said.find((line) => patterns.some((pattern) => pattern.test(line)) && !ALL_CLEAR.test(line));
  const pick = matching(STRONG) ?? matching(WEAK) ?? said.at(-1) ?? candidates.at(-1);
  return pick === undefined ? undefined : sanitizeLine(pick, { maxLength: options.maxLength ?? 300 });
}

export interface Annotation {
  title: string;
  message: string;
}

/** `✖ 5/7 test failed` titled, quoting the step's first error-looking log line. */
export function failedStepAnnotation(
  step: StepLike,
  total: number | undefined,
  logLines: readonly string[],
): Annotation {
  const position = total !== undefined && total > 0 ? `${step.order}/${total}` : `${step.order}`;
  const title = `${resultIcon(step.result)} Step ${position} ${sanitizeLine(step.name, { maxLength: 200 })} ${step.result === 'aborted' ? 'was aborted' : 'failed'}`;
  const message = firstErrorLine(logLines) ?? 'The step failed; its log is empty or could not be read.';
  return { title, message };
}

export type AnnotationKind = 'error' | 'warning' | 'notice';

export interface AnnotationBudgetOptions {
  /** Annotations of one kind the runner shows per step. Default 10. */
  limit?: number;
  /** Slots of each kind left for annotations made elsewhere, e.g. the final error of core.setFailed. Default 1. */
  reserved?: number;
  /** What the annotations are about, for the summary line. */
  noun?: { one: string; many: string };
}

/**
 * Spends the runner's annotations (10 of each kind per step) so that none is silently lost: individual
 * annotations while they fit, keeping one slot for a closing "…and N more" line; annotations outside the
 * budget (reserved slots) are not counted here.
 */
export class AnnotationBudget {
  private readonly individual: number;
  private readonly noun: { one: string; many: string };
  private readonly used = new Map<AnnotationKind, number>();
  private readonly refused = new Map<AnnotationKind, number>();

  constructor(options: AnnotationBudgetOptions = {}) {
    const limit = options.limit ?? 10;
    const reserved = options.reserved ?? 1;
    this.individual = Math.max(0, limit - reserved - 1);
    this.noun = options.noun ?? { one: 'failed step', many: 'failed steps' };
  }

  /** Whether an annotation of this kind may be made now; a refusal is counted for overflowLine(). */
  take(kind: AnnotationKind = 'error'): boolean {
    const used = this.used.get(kind) ?? 0;
    if (used < this.individual) {
      this.used.set(kind, used + 1);
      return true;
    }
    this.refused.set(kind, (this.refused.get(kind) ?? 0) + 1);
    return false;
  }

  /** How many were refused. */
  overflow(kind: AnnotationKind = 'error'): number {
    return this.refused.get(kind) ?? 0;
  }

  /** The one annotation to make at the end when some were refused: "…and 3 more failed steps, see the job summary". */
  overflowLine(kind: AnnotationKind = 'error'): string | undefined {
    const count = this.overflow(kind);
    if (count === 0) return undefined;
    return `…and ${count} more ${count === 1 ? this.noun.one : this.noun.many}, see the job summary.`;
  }
}

// Step logs, generated on demand and streamed: a 100 MB log is produced line by line, never held.
import type { PlannedStep, StepState } from './timeline.ts';

/**
 * Each log holds exactly one of these lines, so that clients must neutralise workflow commands: the plain
 * forms first, then the ones the runner also honours (leading Unicode whitespace, any case, `##[name]`
 * anywhere in a line, a command after a lone CR, `::` split by an ignorable character, stop-commands).
 */
export const INJECTED_LINES = [
  '::set-output name=result::hacked',
  '::error::injected from the remote log',
  '::add-mask::passed',
  '::endgroup::',
  '::warning::injected',
  '\u00a0::add-mask::injected-after-nbsp',
  '\t\v\f\u0085\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000::error::injected after whitespace',
  '::ADD-MASK::injected-upper-case',
  '::Warning title=Injected::injected in mixed case',
  'build 42 ##[warning]injected legacy warning',
  '##[group]injected legacy group',
  'progress 50%\r::warning::injected after a lone carriage return',
  '::warning:\u200b:injected across a zero-width space',
  '::stop-commands::swallow',
  "\u3000::SWALLOW::injected resume of a stranger's stop",
] as const;

export const FAILURE_LINE = 'ERROR: 3 tests failed';
const FILLER_WIDTH = 64;
const DEFAULT_FILLER_LINES = 4;
const LINES_PER_CHUNK = 2048;

export interface LogInput {
  step: PlannedStep;
  /** The step's state now; undefined when it has not started. */
  state: StepState;
  now: number;
  logBytes?: number;
}

/** A step log as far as it has been produced, as numbered lines: any line can be read without the others. */
export interface StepLogLines {
  count: number;
  /** Line `index` (0 to count - 1), without its newline. */
  line: (index: number) => string;
}

export function stepLogLines({ step, state, now, logBytes }: LogInput): StepLogLines {
  const fillerCount = logBytes === undefined ? DEFAULT_FILLER_LINES : Math.ceil(logBytes / FILLER_WIDTH);
  const header = [
    `--> Running step: ${step.name}`,
    `$ ./run-step.sh ${JSON.stringify(step.name)}`,
    INJECTED_LINES[(step.order - 1) % INJECTED_LINES.length] ?? '::endgroup::',
  ];
  const total = header.length + fillerCount;
  let produced = total;
  if (!state.finished) {
    const span = Math.max(1, step.endAt - step.startAt);
    produced = Math.max(1, Math.min(total, Math.floor(((now - step.startAt) / span) * total)));
  }
  const line = (index: number): string => {
    if (index < header.length) return header[index] ?? '';
    if (index < produced) {
      const body = index - header.length;
      return logBytes === undefined ? sampleLine(step, body) : fillerLine(body);
    }
    return closingLine(step, state);
  };
  return { count: produced + (state.finished ? 1 : 0), line };
}

/** The text of a step log as far as it has been produced, in chunks of whole lines. */
export function* stepLog(input: LogInput): Generator<string> {
  const { count, line } = stepLogLines(input);
  for (let start = 0; start < count; start += LINES_PER_CHUNK) {
    const chunk: string[] = [];
    for (let i = start; i < Math.min(count, start + LINES_PER_CHUNK); i++) chunk.push(line(i));
    yield chunk.join('\n') + '\n';
  }
}

function sampleLine(step: PlannedStep, index: number): string {
  const lines = [
    `Preparing ${step.name}`,
    `Using cache key ${step.id.slice(-8)}`,
    'Fetching dependencies... done',
    `Working on ${step.name}...`,
  ];
  return lines[index % lines.length] ?? '';
}

/** Exactly FILLER_WIDTH bytes with its newline. */
function fillerLine(index: number): string {
  const prefix = `log line ${String(index + 1).padStart(10, '0')} `;
  return prefix + 'x'.repeat(FILLER_WIDTH - 1 - prefix.length);
}

function closingLine(step: PlannedStep, state: StepState): string {
  if (state.result === 'failed') return FAILURE_LINE;
  if (state.result === 'aborted') return 'Step aborted';
  const seconds = ((state.finishedAt ?? step.endAt) - step.startAt) / 1000;
  return `Step "${step.name}" passed in ${seconds.toFixed(2)}s`;
}

// Step logs, generated on demand: a log is written line by line over its step's duration, and any
// byte range of it can be read without producing what comes before, so a 100 MB log is never held.
import type { Plan, PlannedStep, StepState } from './timeline.ts';

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
/** A line of two-, three- and four-byte characters, so that a reader must not split one between reads. */
export const MULTIBYTE_LINE = 'Checked 12 files ✓ · café · 日本語 · 🚀';
const FILLER_WIDTH = 64;
const DEFAULT_BODY_LINES = 5;
const LINES_PER_CHUNK = 2048;

export interface LogInput {
  step: PlannedStep;
  /** The step's state now; undefined when it has not started (its log is empty). */
  state: StepState | undefined;
  now: number;
  /** The run's plan: its EMULATOR_LOG_BYTES and EMULATOR_LOG_LINES win over the step's own. */
  plan: Pick<Plan, 'logBytes' | 'logLines'>;
}

/** How a log is made: a few header lines, then body lines whose byte lengths repeat with a period. */
interface Layout {
  header: string[];
  bodyCount: number;
  body: (index: number) => string;
  /** Byte length (newline included) of body line i is periodBytes[i % periodBytes.length]. */
  periodBytes: number[];
}

const byteLength = (line: string) => Buffer.byteLength(line, 'utf8') + 1;
const sum = (values: readonly number[], count = values.length) =>
  values.slice(0, count).reduce((total, value) => total + value, 0);

/**
 * A step log as far as it has been written: numbered lines (any line can be read without the others) and
 * bytes (any range can be streamed without producing what comes before it). Lines once written never
 * change, so that a client reading from an offset sees the same log as one reading it all.
 */
export class StepLog {
  /** Lines written so far, the closing line included once the step has finished. */
  readonly count: number;
  readonly byteLength: number;
  readonly #layout: Layout;
  readonly #headerBytes: number[];
  /** Header and body lines written (the closing line not counted). */
  readonly #written: number;
  readonly #closing: string | undefined;

  constructor(input: LogInput) {
    this.#layout = layoutOf(input);
    this.#headerBytes = this.#layout.header.map(byteLength);
    const { state } = input;
    this.#written = state === undefined ? 0 : writtenLines(this.#layout, input.step, state, input.now);
    this.#closing = state?.finished ? closingLine(input.step, state) : undefined;
    this.count = this.#written + (this.#closing !== undefined ? 1 : 0);
    this.byteLength =
      this.#offsetOf(this.#written) + (this.#closing !== undefined ? byteLength(this.#closing) : 0);
  }

  /** Line `index` (0 to count - 1), without its newline. */
  line(index: number): string {
    if (index >= this.#written) return this.#closing ?? '';
    const { header, body } = this.#layout;
    return index < header.length ? (header[index] ?? '') : body(index - header.length);
  }

  /** Bytes `start` to `end` (exclusive) of the log, in chunks of whole lines but for the first and the last. */
  *bytes(start = 0, end = this.byteLength): Generator<Buffer> {
    const stop = Math.min(end, this.byteLength);
    if (start >= stop) return;
    let index = this.#lineAt(start);
    let skip = start - this.#offsetOf(index);
    let left = stop - start;
    while (left > 0 && index < this.count) {
      const lines: string[] = [];
      for (const last = Math.min(this.count, index + LINES_PER_CHUNK); index < last; index++)
        lines.push(this.line(index));
      let chunk = Buffer.from(lines.join('\n') + '\n', 'utf8');
      if (skip > 0) chunk = chunk.subarray(skip);
      skip = 0;
      if (chunk.length > left) chunk = chunk.subarray(0, left);
      left -= chunk.length;
      yield chunk;
    }
  }

  /** Where line `index` starts, for index 0 to the written lines (not the closing one). */
  #offsetOf(index: number): number {
    const { header, periodBytes } = this.#layout;
    if (index <= header.length) return sum(this.#headerBytes, index);
    const k = index - header.length;
    const period = periodBytes.length;
    return sum(this.#headerBytes) + Math.floor(k / period) * sum(periodBytes) + sum(periodBytes, k % period);
  }

  /** The line that holds byte `offset` (below byteLength). */
  #lineAt(offset: number): number {
    const { header, periodBytes } = this.#layout;
    if (offset >= this.#offsetOf(this.#written)) return this.#written;
    let index = 0;
    const headerEnd = sum(this.#headerBytes);
    if (offset >= headerEnd) {
      const period = periodBytes.length;
      index = header.length + Math.floor((offset - headerEnd) / sum(periodBytes)) * period;
    }
    while (index + 1 < this.#written && this.#offsetOf(index + 1) <= offset) index++;
    return index;
  }
}

export function stepLog(input: LogInput): StepLog {
  return new StepLog(input);
}

function layoutOf({ step, plan: { logBytes, logLines } }: LogInput): Layout {
  const header = [
    `--> Running step: ${step.name}`,
    `$ ./run-step.sh ${JSON.stringify(step.name)}`,
    INJECTED_LINES[(step.order - 1) % INJECTED_LINES.length] ?? '::endgroup::',
  ];
  const bytes = logBytes ?? (logLines === undefined ? step.logBytes : undefined);
  if (bytes !== undefined) {
    return {
      header,
      bodyCount: Math.ceil(bytes / FILLER_WIDTH),
      body: fillerLine,
      periodBytes: [FILLER_WIDTH],
    };
  }
  const samples = sampleLines(step);
  return {
    header,
    bodyCount: logLines ?? step.logLines ?? DEFAULT_BODY_LINES,
    body: (index) => samples[index % samples.length] ?? '',
    periodBytes: samples.map(byteLength),
  };
}

/** Lines written by `now`: evenly over the step, the first at its start; all of them once it passed or failed. */
function writtenLines(layout: Layout, step: PlannedStep, state: StepState, now: number): number {
  const total = layout.header.length + layout.bodyCount;
  if (state.finished && state.result !== 'aborted') return total;
  const until = state.finished ? (state.finishedAt ?? now) : now;
  const span = Math.max(1, step.endAt - step.startAt);
  return Math.max(1, Math.min(total, Math.floor(((until - step.startAt) / span) * total)));
}

function sampleLines(step: PlannedStep): string[] {
  return [
    `Preparing ${step.name}`,
    `Using cache key ${step.id.slice(-8)}`,
    'Fetching dependencies... done',
    `Working on ${step.name}...`,
    MULTIBYTE_LINE,
  ];
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

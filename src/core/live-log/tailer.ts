// Follows one step's log while the step runs: reads it again and again from the byte after the last one
// taken, hands out each line once it is whole, and when the step ends reads the rest. One read at a time;
// a read that fails, whole or halfway through its body, is tried again from the byte after the last one
// taken, so that no line is printed twice or lost, and soon (failed-read.ts): a failure is not a quiet log. Memory holds the current chunk, the line begun and
// the bounded tail kept for the annotation, however long the log.
import type { StepLogRead } from '../../api/step-log-read.ts';
import { messageOf } from '../../text/message.ts';
import { sanitizeLine } from '../../text/safety.ts';
import type { Sleep } from '../../time.ts';
import type { CallOptions } from '../api-port.ts';
import { LineTail, type Tail, type TailOptions } from '../report/tail.ts';
import { failedReadDelay } from './failed-read.ts';
import { LineAssembler } from './line-assembler.ts';

export interface Cadence {
  /** Between reads while the log grows. */
  minMs: number;
  /** The longest wait between reads of a log that has stopped growing (or is refused for good). */
  maxMs: number;
}

/**
 * 1.6 s while the log grows (under 40 reads a minute, the read of the rest at the step's end included);
 * each read that finds nothing new waits half as long again as the one before, up to 10 s.
 */
export const LIVE_CADENCE: Cadence = { minMs: 1600, maxMs: 10_000 };

/**
 * Reads of the rest once the step has ended that may fail without taking a byte, 1, 2, 4 and 8 s apart: a log
 * that cannot be read delays the step's end by 15 s at most. A read cut short after some bytes does not count.
 */
const FINAL_ATTEMPTS = 5;
const FINAL_BACKOFF_MS = 1000;

export interface TailerDeps {
  /** One read of the log from `from` on. */
  read(from: number, call: CallOptions): Promise<StepLogRead>;
  sleep: Sleep;
  /** Whole lines of the log, in order, each once. */
  print(lines: readonly string[]): void;
  /**
   * The same lines as one text, joined by LF (`print(text.split('\n'))`), when the printer takes them so:
   * a long log is thousands of lines a second, better handled a chunk at a time than a line at a time.
   */
  printText?(text: string): void;
  /**
   * Resolves once what was printed has gone out (stdout has drained). The next chunk is taken only then,
   * so that a reader of the output slower than the log (the runner) holds the log back on the socket
   * rather than in this process's memory.
   */
  drained?: () => Promise<void>;
  /** What a person should know about the log (it started over, it cannot be read), each said once. */
  note(message: string): void;
  debug(message: string): void;
  /** The flow's: no read starts, and none goes on, once it aborts. */
  cancel: AbortSignal;
  /** Epoch ms: no read retries past it. */
  deadline?: number;
  /** Names the log in what is said about it, e.g. `step 2 (build)`. */
  name: string;
  cadence?: Cadence;
  tail?: TailOptions;
}

type ReadResult = 'grew' | 'same' | 'failed' | 'not-yet' | 'started-over' | 'stopped';

export class StepLogTailer {
  readonly #deps: TailerDeps;
  readonly #cadence: Cadence;
  readonly #assembler: LineAssembler;
  #tail: LineTail;
  /** Wakes the loop from its wait when the step ends or following stops. */
  readonly #wake = new AbortController();
  /** Cuts the loop's read in flight: following has stopped, or the step's end came with a signal that fired. */
  readonly #cut = new AbortController();
  #loop: Promise<void> | undefined;
  #said = new Set<string>();
  /** What stops a read: the flow's cancel, and once the step has ended the signal its end was heard with. */
  #signal: AbortSignal;
  #lastError: unknown;

  constructor(deps: TailerDeps) {
    this.#deps = deps;
    this.#cadence = deps.cadence ?? LIVE_CADENCE;
    this.#assembler = new LineAssembler(
      deps.tail?.maxLineBytes !== undefined ? { maxLineBytes: deps.tail.maxLineBytes } : {},
    );
    this.#tail = new LineTail(deps.tail);
    this.#signal = deps.cancel;
  }

  /** Starts reading while the step runs. */
  start(): void {
    this.#loop ??= this.#follow();
  }

  /** The step has ended: reads what is left (until `signal` fires, if given), prints the last line, returns the tail. */
  async finish(signal?: AbortSignal): Promise<Tail> {
    if (signal?.aborted) this.#cut.abort();
    else signal?.addEventListener('abort', () => this.#cut.abort(), { once: true });
    await this.#halt();
    if (signal) this.#signal = AbortSignal.any([this.#deps.cancel, signal]);
    let failures = 0;
    while (!this.#signal.aborted) {
      const from = this.#assembler.offset;
      const result = await this.#readOnce();
      if (result === 'not-yet') this.#say(`The log of ${this.#deps.name} is not available.`);
      if (result !== 'failed' && result !== 'started-over') break;
      // A read cut short after some bytes is followed at once by one for the rest.
      if (result === 'failed' && this.#assembler.offset > from) continue;
      failures += 1;
      if (failures === FINAL_ATTEMPTS) {
        this.#say(
          `The rest of the log of ${this.#deps.name} could not be read (${sanitizeLine(messageOf(this.#lastError), { maxLength: 300 })}).`,
        );
        // The line begun is not known to be whole: it is not printed as if it were.
        return this.#tail.end(true);
      }
      if (result === 'started-over') continue;
      if (!(await this.#pause(FINAL_BACKOFF_MS * 2 ** (failures - 1), this.#signal))) break;
    }
    // Stopped by the signal, the rest was not all read: the line begun may be cut.
    return this.#end(this.#signal.aborted);
  }

  /** Following has stopped (cancelled, timed out) while the step runs: no more reads; the last line is printed. */
  async stop(): Promise<Tail> {
    this.#cut.abort();
    await this.#halt();
    return this.#end(true);
  }

  async #halt(): Promise<void> {
    this.#wake.abort();
    await this.#loop;
  }

  /** The line begun printed; `cut` when reading stopped before the log's end. */
  #end(cut: boolean): Tail {
    const last = this.#assembler.end(cut);
    if (last !== undefined) this.#print(last);
    return this.#tail.end(cut);
  }

  /** Whole lines joined by LF. */
  #print(text: string): void {
    const { printText, print } = this.#deps;
    if (printText) printText(text);
    else print(text.split('\n'));
  }

  async #follow(): Promise<void> {
    const { minMs, maxMs } = this.#cadence;
    const wake = AbortSignal.any([this.#wake.signal, this.#deps.cancel]);
    // The loop's reads stop when following does; the rest is then read, if at all, by finish().
    this.#signal = AbortSignal.any([this.#deps.cancel, this.#cut.signal]);
    /** The pause of a log that reads well: minMs while it grows, longer while it is quiet. */
    let delay = minMs;
    /** Failed reads in a row. */
    let failures = 0;
    while (!wake.aborted) {
      const from = this.#assembler.offset;
      const result = await this.#readOnce();
      if (result === 'stopped') return;
      if (result === 'not-yet') {
        // A server that keeps a log only once its step has ended: asking again meanwhile is wasted.
        this.#say(
          `The log of ${this.#deps.name} is not available while it runs; it is printed when it ends.`,
        );
        return;
      }
      if (result === 'started-over') {
        delay = minMs;
        failures = 0;
        continue;
      }
      if (result === 'failed') {
        // A failure says nothing of the log's growth: its own short backoff, the quiet pause kept for later.
        // A read cut short after some bytes took something: the backoff starts over.
        failures = this.#assembler.offset > from ? 1 : failures + 1;
        const backoff = failedReadDelay(failures, this.#lastError, maxMs);
        // One that will not mend waits as a quiet log does.
        if (backoff === undefined) delay = Math.min(maxMs, Math.round(delay * 1.5));
        if (!(await this.#pause(backoff ?? delay, wake))) return;
        continue;
      }
      failures = 0;
      delay = result === 'grew' ? minMs : Math.min(maxMs, Math.round(delay * 1.5));
      if (!(await this.#pause(delay, wake))) return;
    }
  }

  /** False once the signal has aborted. */
  async #pause(ms: number, signal: AbortSignal): Promise<boolean> {
    try {
      await this.#deps.sleep(ms, signal);
      return true;
    } catch {
      return false;
    }
  }

  async #readOnce(): Promise<ReadResult> {
    const { deadline } = this.#deps;
    const cancel = this.#signal;
    if (cancel.aborted) return 'stopped';
    const from = this.#assembler.offset;
    const call: CallOptions = {
      signal: cancel,
      // This loop is the retry: the next read asks for what is still missing, at its own pace.
      retry: { maxAttempts: 1 },
      ...(deadline !== undefined ? { deadline } : {}),
    };
    let answer: StepLogRead;
    try {
      answer = await this.#deps.read(from, call);
    } catch (error) {
      return this.#failed(error);
    }
    switch (answer.kind) {
      case 'not-yet':
        return 'not-yet';
      case 'nothing-new':
        if (answer.totalLength !== undefined && answer.totalLength < from) return this.#startOver();
        return 'same';
      case 'whole':
        return this.#consume(answer.body, from, true);
      case 'partial':
        if (answer.start > from) {
          await drain(answer.body);
          return this.#failed(new Error(`the server sent the log from byte ${answer.start}, not ${from}`));
        }
        return this.#consume(answer.body, from - answer.start, false);
    }
  }

  /** Takes the bytes past `skip`; a whole log shorter than what was taken has started over. */
  async #consume(body: AsyncIterable<Uint8Array>, skip: number, whole: boolean): Promise<ReadResult> {
    let skipped = 0;
    let grew = false;
    try {
      for await (const chunk of body) {
        let bytes = chunk;
        if (skipped < skip) {
          const n = Math.min(skip - skipped, bytes.length);
          skipped += n;
          bytes = bytes.subarray(n);
        }
        if (bytes.length === 0) continue;
        grew = true;
        if (this.#take(bytes) && !(await this.#drained())) return this.#failed(this.#signal.reason);
      }
    } catch (error) {
      // What was taken stays taken: the next read starts after it.
      return this.#failed(error);
    }
    if (whole && skipped < skip) return this.#startOver();
    return grew ? 'grew' : 'same';
  }

  /** True when lines were printed. */
  #take(bytes: Uint8Array): boolean {
    this.#tail.push(bytes);
    const text = this.#assembler.pushBlock(bytes);
    if (text !== undefined) this.#print(text);
    return text !== undefined;
  }

  /** Waits for what was printed to go out; false when the read's signal fires first. */
  async #drained(): Promise<boolean> {
    const { drained } = this.#deps;
    const signal = this.#signal;
    if (!drained) return true;
    if (signal.aborted) return false;
    let onAbort = () => undefined as void;
    const aborted = new Promise<false>((resolve) => {
      onAbort = () => resolve(false);
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([drained().then(() => true), aborted]);
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }

  #startOver(): ReadResult {
    this.#say(`The log of ${this.#deps.name} started over; reading it from the start.`);
    this.#assembler.reset();
    this.#tail = new LineTail(this.#deps.tail);
    return 'started-over';
  }

  #failed(error: unknown): ReadResult {
    if (this.#signal.aborted) return 'stopped';
    this.#lastError = error;
    this.#deps.debug(`Could not read the log of ${this.#deps.name}: ${messageOf(error)}`);
    return 'failed';
  }

  #say(message: string): void {
    if (this.#said.has(message)) return;
    this.#said.add(message);
    this.#deps.note(message);
  }
}

async function drain(body: AsyncIterable<Uint8Array>): Promise<void> {
  try {
    for await (const _chunk of body) break;
  } catch {
    // Nothing of it is used.
  }
}

// The steps of one run, streamed as they run (`step-logs: live`): the step that runs gets a log group
// opened with its name, its log's lines as they come, and, once it has ended, the rest, the group closed
// and the step's result line. Steps are streamed one after the other, in order, so that groups never
// interleave: a step that starts while an earlier one is streamed is read from its first byte once its
// turn comes, and a step that ran between two polls is printed whole when it is reported finished.
// With several targets there are no groups (those of fifty targets would interleave): every line starts
// with the target's label instead.
import type { Step } from '../../api/types.ts';
import { isFinished } from '../../api/types.ts';
import type { Sleep } from '../../time.ts';
import type { CiApi } from '../api-port.ts';
import type { Log } from '../ports.ts';
import type { Tail, TailOptions } from '../report/tail.ts';
import { splitLines } from '../../text/safety.ts';
import { LIVE_CADENCE, StepLogTailer, type Cadence } from './tailer.ts';

export interface LiveStepsDeps {
  client: Pick<CiApi, 'readStepLog'>;
  log: Log;
  sleep: Sleep;
  cancel: AbortSignal;
  /** Several targets: no groups, and each remote line starts with `[label] `. */
  label?: string;
  cadence?: Cadence;
  tail?: TailOptions;
  /** Where a step's lines go instead of `log.remote` (`ci-run logs --json` tags each with its step). */
  print?: (step: Step, lines: readonly string[]) => void;
}

interface Streaming {
  step: Step;
  tailer: StepLogTailer;
}

/** A step whose streaming was stopped before it ended, and what was read of its log. */
export interface StoppedStep {
  step: Step;
  tail: Tail;
}

export class LiveSteps {
  readonly #deps: LiveStepsDeps;
  #streaming: Streaming | undefined;
  /** Steps reported finished. */
  readonly #finished = new Set<string>();

  constructor(deps: LiveStepsDeps) {
    this.#deps = deps;
  }

  /** A step's log is being streamed (in its group, when there are groups). */
  get streaming(): boolean {
    return this.#streaming !== undefined;
  }

  /** Where the run is now: starts streaming the next step once it runs. `title` is its group's title. */
  update(steps: readonly Step[], title: (step: Step) => string): void {
    if (this.#streaming || this.#deps.cancel.aborted) return;
    const next = [...steps].sort((a, b) => a.order - b.order).find((step) => !this.#finished.has(step.id));
    if (!next?.logUrl || next.status === 'notstarted' || isFinished(next)) return;
    this.#open(title(next));
    const tailer = this.#tailer(next, next.logUrl);
    this.#streaming = { step: next, tailer };
    tailer.start();
  }

  /** The step's log is being streamed: it was seen running. */
  streams(step: Step): boolean {
    return this.#streaming?.step.id === step.id;
  }

  /**
   * The step has ended: the rest of its log, then its result line (`heading`). A step that was never seen
   * running is printed whole now, unless `readWhole` is false: then only its result line is. Returns the
   * log's tail, for the annotation of a failed step. The reads of the rest stop when `signal` fires too
   * (the flow's timeout).
   */
  async finished(
    step: Step,
    heading: string,
    signal?: AbortSignal,
    readWhole = true,
  ): Promise<Tail | undefined> {
    this.#finished.add(step.id);
    const streaming = this.#streaming?.step.id === step.id ? this.#streaming : undefined;
    this.#streaming = undefined;
    if (streaming) {
      const tail = await streaming.tailer.finish(signal);
      this.#close(heading);
      return tail;
    }
    if (!step.logUrl || !readWhole || this.#deps.cancel.aborted) {
      this.#deps.log.info(heading);
      return undefined;
    }
    this.#open(heading);
    const tail = await this.#tailer(step, step.logUrl).finish(signal);
    this.#close(undefined);
    return tail;
  }

  /**
   * Following has ended with a step still running: its last line, and its group closed. Returns the step
   * and what was read of its log, for the reports of a step cancelled while it streamed.
   */
  async stop(): Promise<StoppedStep | undefined> {
    const streaming = this.#streaming;
    this.#streaming = undefined;
    if (!streaming) return undefined;
    const tail = await streaming.tailer.stop();
    this.#close(undefined);
    return { step: streaming.step, tail };
  }

  #open(title: string): void {
    if (this.#deps.label === undefined) this.#deps.log.startGroup(title);
    else this.#deps.log.info(title);
  }

  /** Closes the step's group, then its result line when there is one to print. */
  #close(heading: string | undefined): void {
    if (this.#deps.label === undefined) this.#deps.log.endGroup();
    if (heading !== undefined) this.#deps.log.info(heading);
  }

  #tailer(step: Step, logUrl: string): StepLogTailer {
    const { client, log, label } = this.#deps;
    const prefix = label === undefined ? '' : `[${label}] `;
    return new StepLogTailer({
      read: (from, call) => client.readStepLog(logUrl, from, call),
      sleep: this.#deps.sleep,
      print: this.#deps.print
        ? (lines) => this.#deps.print!(step, lines)
        : (lines) => log.remote(prefix ? prefixed(prefix, lines) : lines),
      ...(!this.#deps.print && log.remoteText
        ? { printText: (text: string) => log.remoteText!(prefix ? prefixedText(prefix, text) : text) }
        : {}),
      note: (message) => log.info(message),
      debug: (message) => log.debug(message),
      ...(log.drained ? { drained: () => log.drained!() } : {}),
      cancel: this.#deps.cancel,
      name: `step ${step.order}`,
      cadence: this.#deps.cadence ?? LIVE_CADENCE,
      ...(this.#deps.tail ? { tail: this.#deps.tail } : {}),
    });
  }
}

/**
 * Every line the runner will show starts with the label: a remote line that holds a line break (a lone CR,
 * U+2028) is shown as several, so it is split before the label goes in front of each part.
 */
function prefixed(prefix: string, lines: readonly string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    // Most lines hold no break: they are not split (a long log is thousands of lines a second).
    if (!BREAK.test(line)) out.push(prefix + line);
    else for (const part of splitLines(line, { keepColors: true })) out.push(prefix + part);
  }
  return out;
}

/**
 * `prefixed()` for lines joined by LF, in one pass when no line holds a break of its own (the usual case:
 * a long log is thousands of lines a second).
 */
function prefixedText(prefix: string, text: string): string {
  if (OTHER_BREAK.test(text)) return prefixed(prefix, text.split('\n')).join('\n');
  // One flat string, where the prefix and the text joined would be copied again by the next pass.
  return text.replace(LINE_START, prefix.replaceAll('$', '$$$$'));
}

/** Any character LINE_BREAKS matches; removing unsafe characters never makes one. */
const BREAK = /[\n\r\v\f\u0085\u2028\u2029]/;
/** Where each line of a text without OTHER_BREAK begins. */
const LINE_START = /^/gm;
/** The same but LF, which only joins the lines of a text. */
const OTHER_BREAK = /[\r\v\f\u0085\u2028\u2029]/;

// The small interfaces the core talks to. The GitHub adapter implements them with @actions/core,
// the CLI with the terminal, and tests with plain objects.
import type { Clock, Sleep } from '../time.ts';
import type { CiApi } from './api-port.ts';

/** What the flow and each of its stages talk to; each stage's deps add what is its own. */
export interface FlowPorts {
  client: CiApi;
  clock: Clock;
  sleep: Sleep;
  /** The flow's own narration (trigger retries, aborts, warnings); reports go to the sinks. */
  log: Log;
}

export interface AnnotationProps {
  title?: string;
}

export interface Log {
  info(line: string): void;
  debug(line: string): void;
  warning(message: string, props?: AnnotationProps): void;
  error(message: string, props?: AnnotationProps): void;
  /**
   * Lines of remote text shown as they are (a step's log tail). Each port keeps them inert its own way:
   * the runner's log fences them, a terminal cleans them.
   */
  remote(lines: readonly string[]): void;
  /**
   * The same as `remote(text.split('\n'))`, for lines that come as one text joined by LF (a live log's
   * chunk): a port that can keep a block inert in a few passes over it, rather than line by line, says so.
   */
  remoteText?(text: string): void;
  startGroup(title: string): void;
  endGroup(): void;
  /** A line that replaces the previous progress line where the sink can (a TTY); else a normal line. */
  progress?(line: string): void;
  /**
   * Resolves once what was written has gone out (stdout has drained): a live log waits for it before
   * it takes more, so that a slow reader of the output holds the log back instead of this process's memory.
   */
  drained?(): Promise<void>;
}

export interface SummarySink {
  /** Writes the whole summary once; `markdown` is already escaped. */
  write(markdown: string): Promise<void>;
}

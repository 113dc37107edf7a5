// The small interfaces the core talks to. The GitHub adapter implements them with @actions/core,
// the CLI with the terminal, and tests with plain objects.
import type { Clock, Sleep } from '../time.ts';

export interface AnnotationProps {
  title?: string;
}

export interface Log {
  info(line: string): void;
  debug(line: string): void;
  warning(message: string, props?: AnnotationProps): void;
  error(message: string, props?: AnnotationProps): void;
  startGroup(title: string): void;
  endGroup(): void;
  /** A line that replaces the previous progress line where the sink can (a TTY); else a normal line. */
  progress?(line: string): void;
}

export interface Outputs {
  set(name: string, value: string): void;
}

/** Survives from the main entry to the post entry (GITHUB_STATE / STATE_*). */
export interface StateStore {
  save(name: string, value: string): void;
  get(name: string): string;
}

export interface SummarySink {
  /** Writes the whole summary once; `markdown` is already escaped. */
  write(markdown: string): Promise<void>;
}

export interface Ports {
  log: Log;
  outputs: Outputs;
  state: StateStore;
  summary: SummarySink;
  clock: Clock;
  sleep: Sleep;
}

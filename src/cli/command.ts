// What a command is: its words, its arguments and flags (which also make its help), and what it does.
import type { CliIo } from './io.ts';
import type { Flags } from './flags.ts';

export interface OptionSpec {
  type: 'string' | 'boolean';
  multiple?: boolean;
  short?: string;
  /** Placeholder in the help, e.g. `<n>` for `--limit <n>`. */
  value?: string;
  description: string;
}

export interface CommandSpec {
  /** The words that name the command: `['runs', 'list']`. */
  words: readonly string[];
  /** Positional arguments as the usage line shows them, e.g. `['<owner/app>', '<branch…>']`. */
  args: readonly string[];
  positionals: { min: number; max: number };
  /** One line, for the list of commands. */
  summary: string;
  /** Paragraphs shown under the usage line. */
  details?: readonly string[];
  options: Readonly<Record<string, OptionSpec>>;
  examples?: readonly string[];
  run(input: CommandInput, io: CliIo): Promise<number>;
}

export interface CommandInput {
  flags: Flags;
  positionals: string[];
}

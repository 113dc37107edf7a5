// What a command is: its words, its arguments and flags (which also make its help), and what it does.
import type { CliIo } from './io.ts';
import type { CommandLineSpec, Flags } from './flags.ts';

export interface CommandSpec extends CommandLineSpec {
  /** One line, for the list of commands. */
  summary: string;
  /** Paragraphs shown under the usage line. */
  details?: readonly string[];
  examples?: readonly string[];
  run(input: CommandInput, io: CliIo): Promise<number>;
}

export interface CommandInput {
  flags: Flags;
  positionals: string[];
}

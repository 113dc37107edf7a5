// Most commands read something from the API and print it: a table or fields for people, JSON with --json.
// These build such a command from what differs: its words, flags and help, what it reads, and how it shows it.
import type { ApiClient } from '../../api/client.ts';
import type { CommandInput, CommandSpec } from '../command.ts';
import { withClient } from '../connection.ts';
import type { CliIo } from '../io.ts';
import { printJson, printTable, type TableSpec } from '../output.ts';

/** What a reading command is made of; it takes exactly its `args` as positionals. */
interface ReadingSpec<T> extends Omit<CommandSpec, 'run' | 'positionals'> {
  /** Checks the command line and says what to read; it runs before connecting, so a usage error comes first. */
  request(input: CommandInput): (client: ApiClient) => Promise<T>;
}

function readingCommand<T>(
  { request, ...described }: ReadingSpec<T>,
  show: (io: CliIo, value: T, input: CommandInput) => void,
): CommandSpec {
  return {
    ...described,
    positionals: { min: described.args.length, max: described.args.length },
    async run(input, io) {
      const read = request(input);
      const value = await withClient(input.flags, io, read);
      if (input.flags.boolean('json')) printJson(io, value);
      else show(io, value, input);
      return 0;
    },
  };
}

/** A command that prints a list as a table; `table` may depend on the command line. */
export function listCommand<T>({
  table,
  ...spec
}: ReadingSpec<readonly T[]> & {
  table: TableSpec<T> | ((input: CommandInput) => TableSpec<T>);
}): CommandSpec {
  return readingCommand(spec, (io, items, input) =>
    printTable(io, items, typeof table === 'function' ? table(input) : table),
  );
}

/** A command that prints one resource with `print`. */
export function getCommand<T>({
  print,
  ...spec
}: ReadingSpec<T> & { print: (io: CliIo, value: T) => void }): CommandSpec {
  return readingCommand(spec, print);
}

/** `<words> <id>`: reads one resource by its id and prints it with `print`. */
export function getByIdCommand<T>(
  words: readonly string[],
  noun: string,
  summary: string,
  read: (client: ApiClient, id: string) => Promise<T>,
  print: (io: CliIo, value: T) => void,
): CommandSpec {
  return getCommand({
    words,
    args: [`<${noun}-id>`],
    summary,
    options: {},
    request:
      ({ positionals }) =>
      (client) =>
        read(client, positionals[0]!),
    print,
  });
}

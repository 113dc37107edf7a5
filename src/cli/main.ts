// The CLI's entry: finds the command, parses its flags, runs it, and turns whatever went wrong into a message
// and an exit code (0 passed, 1 failed, 2 bad input, 130 interrupted).
import type { CommandSpec } from './command.ts';
import { COMMANDS } from './commands/index.ts';
import { checkTokenFlags } from './connection.ts';
import { describeFailure, EXIT } from './errors.ts';
import { parseCommandLine } from './flags.ts';
import { commandHelp, groupHelp, mainHelp } from './help.ts';
import type { CliIo } from './io.ts';
import { sanitizeLine } from '../text/safety.ts';
import { VERSION } from './version.ts';

export async function runCli(argv: readonly string[], io: CliIo, commands = COMMANDS): Promise<number> {
  const [first, second] = argv;
  if (first === undefined) {
    io.stderr.write(mainHelp(commands));
    return EXIT.badInput;
  }
  if (first === '--help' || first === '-h' || first === 'help') {
    io.stdout.write(mainHelp(commands));
    return EXIT.passed;
  }
  if (first === '--version' || first === '-V') {
    io.stdout.write(`${VERSION}\n`);
    return EXIT.passed;
  }

  const spec =
    commands.find(
      (candidate) =>
        candidate.words.length === 2 && candidate.words[0] === first && candidate.words[1] === second,
    ) ?? commands.find((candidate) => candidate.words.length === 1 && candidate.words[0] === first);
  if (!spec) return groupOrUnknown(first, second, io, commands);

  try {
    const parsed = parseCommandLine(spec, argv.slice(spec.words.length));
    if (parsed.help) {
      io.stdout.write(commandHelp(spec));
      return EXIT.passed;
    }
    checkTokenFlags(parsed.flags, io);
    return await spec.run({ flags: parsed.flags, positionals: parsed.positionals }, io);
  } catch (error) {
    return reportFailure(error, spec, io);
  }
}

function groupOrUnknown(
  first: string,
  second: string | undefined,
  io: CliIo,
  commands: readonly CommandSpec[],
): number {
  const isGroup = commands.some((spec) => spec.words.length === 2 && spec.words[0] === first);
  if (isGroup && (second === '--help' || second === '-h')) {
    io.stdout.write(groupHelp(first, commands));
    return EXIT.passed;
  }
  if (isGroup) {
    const what =
      second === undefined ? `\`${first}\` needs a command` : `unknown command \`${first} ${second}\``;
    io.stderr.write(`ci-run: ${sanitizeLine(what)}.\n\n${groupHelp(first, commands)}`);
    return EXIT.badInput;
  }
  io.stderr.write(
    `ci-run: unknown command \`${sanitizeLine(first)}\`. Run 'ci-run --help' for the commands.\n`,
  );
  return EXIT.badInput;
}

function reportFailure(error: unknown, spec: CommandSpec, io: CliIo): number {
  const failure = describeFailure(error);
  // The message may quote the server or the command line; the runner reads stderr for commands as well.
  const lines = failure.message.split('\n').map((line) => sanitizeLine(line, { maxLength: 2000 }));
  io.stderr.write(`ci-run: ${lines.join('\n')}\n`);
  if (failure.showHelp) io.stderr.write(`Run 'ci-run ${spec.words.join(' ')} --help' for usage.\n`);
  return failure.code;
}

// Help texts, generated from the command specs so that they always list the flags a command really takes.
import type { CommandSpec } from './command.ts';
import { commonOptionsOf, type OptionSpec } from './flags.ts';
import { VERSION } from './version.ts';

const WIDTH = 100;

function usageLine(spec: CommandSpec): string {
  return ['ci-run', ...spec.words, ...spec.args, '[options]'].join(' ');
}

export function commandHelp(spec: CommandSpec): string {
  const own = Object.entries(spec.options);
  const common = Object.entries(commonOptionsOf(spec)).filter(([name]) => !(name in spec.options));
  const sections = [
    `Usage: ${usageLine(spec)}`,
    wrap(spec.summary),
    ...(spec.details ?? []).map((paragraph) => wrap(paragraph)),
    ...(own.length > 0 ? [`Options:\n${optionLines(own)}`] : []),
    `Common options:\n${optionLines(common)}`,
    ...(spec.examples && spec.examples.length > 0
      ? [`Examples:\n${spec.examples.map((example) => `  ${example}`).join('\n')}`]
      : []),
  ];
  return `${sections.join('\n\n')}\n`;
}

export function mainHelp(commands: readonly CommandSpec[]): string {
  const names = commands.map((spec) => [...spec.words, ...spec.args].join(' '));
  const width = 30;
  const list = commands
    .map((spec, index) => {
      const name = names[index]!;
      return name.length + 2 > width
        ? `  ${name}\n  ${' '.repeat(width)}${spec.summary}`
        : `  ${name.padEnd(width)}${spec.summary}`;
    })
    .join('\n');
  return (
    [
      `ci-run ${VERSION}: trigger and follow runs of a CI Service API v3 server from a terminal.`,
      'Usage: ci-run <command> [arguments] [options]',
      `Commands:\n${list}`,
      wrap(
        'Every command but emulator takes --base-url (or $CI_RUN_BASE_URL), --token-file <path|-> (or $CI_RUN_TOKEN; ' +
          '--token works too, but shows the token to other local users in the process list), --json for ' +
          "machine-readable output, and --help. Run 'ci-run <command> --help' for its flags; " +
          "'ci-run --version' prints the version.",
      ),
    ].join('\n\n') + '\n'
  );
}

/** The commands that start with `word`, for `ci-run runs` alone or `ci-run runs --help`. */
export function groupHelp(word: string, commands: readonly CommandSpec[]): string {
  const members = commands.filter((spec) => spec.words[0] === word);
  return `Commands of \`${word}\`:\n${members.map((spec) => `  ${usageLine(spec)}\n      ${spec.summary}`).join('\n')}\n\nRun 'ci-run ${word} <command> --help' for its flags.\n`;
}

function optionLines(options: ReadonlyArray<[string, OptionSpec]>): string {
  const labels = options.map(([name, option]) => {
    const flag = `${option.short ? `-${option.short}, ` : ''}--${name}${option.value ? ` ${option.value}` : ''}`;
    return option.multiple ? `${flag} …` : flag;
  });
  const width = Math.min(34, Math.max(...labels.map((label) => label.length)) + 2);
  return options
    .map(([, option], index) => {
      const label = labels[index]!;
      const pad = label.length + 2 > width ? `\n  ${' '.repeat(width)}` : ' '.repeat(width - label.length);
      return `  ${label}${pad}${option.description}`;
    })
    .join('\n');
}

function wrap(text: string): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/ +/)) {
    if (line !== '' && line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines.join('\n');
}

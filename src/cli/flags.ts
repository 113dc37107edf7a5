// Flag parsing on top of util.parseArgs: every problem becomes a UsageError (exit 2), and values are read
// through small typed accessors.
import { parseArgs } from 'node:util';
import { UsageError } from './errors.ts';

export interface OptionSpec {
  type: 'string' | 'boolean';
  multiple?: boolean;
  short?: string;
  /** Placeholder in the help, e.g. `<n>` for `--limit <n>`. */
  value?: string;
  description: string;
}

/** What a command's command line is made of; a CommandSpec (command.ts) adds the rest. */
export interface CommandLineSpec {
  /** The words that name the command: `['runs', 'list']`. */
  words: readonly string[];
  /** Positional arguments as the usage line shows them, e.g. `['<owner/app>', '<branch…>']`. */
  args: readonly string[];
  positionals: { min: number; max: number };
  options: Readonly<Record<string, OptionSpec>>;
  /** The names of COMMON_OPTIONS the command takes; default all of them. */
  commonOptions?: readonly string[];
}

/** Flags every command takes, unless it names fewer in `commonOptions`. */
const COMMON_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  'base-url': {
    type: 'string',
    value: '<url>',
    description:
      'Service root, e.g. https://ci.example.com (default: $CI_RUN_BASE_URL); /api/v3 is appended.',
  },
  token: {
    type: 'string',
    value: '<token>',
    description: 'API token (default: $CI_RUN_TOKEN); other local users see it in ps: prefer --token-file.',
  },
  'token-file': {
    type: 'string',
    value: '<path|->',
    description: 'Read the API token from this file, or from standard input with -.',
  },
  json: { type: 'boolean', description: 'Print machine-readable JSON (dates as ISO 8601 strings).' },
  verbose: { type: 'boolean', description: 'Print each request as it is made.' },
  help: { type: 'boolean', short: 'h', description: 'Show this help.' },
};

type Value = string | boolean | string[] | boolean[] | undefined;

export class Flags {
  readonly #values: Record<string, Value>;
  /** Options in the order they were given, for flags whose relative order matters. */
  readonly order: ReadonlyArray<{ name: string; value: string }>;

  constructor(values: Record<string, Value>, order: ReadonlyArray<{ name: string; value: string }> = []) {
    this.#values = values;
    this.order = order;
  }

  has(name: string): boolean {
    return this.#values[name] !== undefined;
  }

  string(name: string): string | undefined {
    const value = this.#values[name];
    if (Array.isArray(value)) return value.length > 0 ? String(value.at(-1)) : undefined;
    return typeof value === 'string' ? value : undefined;
  }

  list(name: string): string[] {
    const value = this.#values[name];
    if (value === undefined) return [];
    return (Array.isArray(value) ? value : [value]).map(String);
  }

  boolean(name: string): boolean {
    return this.#values[name] === true;
  }

  /** A whole number, or undefined when the flag is absent; the API's rules check the range. */
  integer(name: string): number | undefined {
    const text = this.string(name);
    if (text === undefined) return undefined;
    if (!/^\d+$/.test(text.trim()))
      throw new UsageError(`--${name} must be a whole number (got ${JSON.stringify(text)}).`);
    return Number(text.trim());
  }
}

export interface Parsed {
  flags: Flags;
  positionals: string[];
  help: boolean;
}

/** The common options a command takes. */
export function commonOptionsOf(spec: CommandLineSpec): Record<string, OptionSpec> {
  const names = spec.commonOptions;
  return Object.fromEntries(
    Object.entries(COMMON_OPTIONS).filter(([name]) => names === undefined || names.includes(name)),
  );
}

export function parseCommandLine(spec: CommandLineSpec, argv: readonly string[]): Parsed {
  const options = { ...commonOptionsOf(spec), ...spec.options };
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: Object.fromEntries(
        Object.entries(options).map(([name, option]) => [
          name,
          {
            type: option.type,
            ...(option.multiple ? { multiple: true } : {}),
            ...(option.short ? { short: option.short } : {}),
          },
        ]),
      ),
      allowPositionals: true,
      strict: true,
      tokens: true,
    });
  } catch (error) {
    if (error instanceof Error && String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS')) {
      throw new UsageError(error.message);
    }
    throw error;
  }
  const order = parsed.tokens.flatMap((token) =>
    token.kind === 'option' && typeof token.value === 'string'
      ? [{ name: token.name, value: token.value }]
      : [],
  );
  const flags = new Flags(parsed.values as Record<string, Value>, order);
  const help = flags.boolean('help');
  if (!help) checkPositionals(spec, parsed.positionals);
  return { flags, positionals: parsed.positionals, help };
}

function checkPositionals(spec: CommandLineSpec, positionals: string[]): void {
  const { min, max } = spec.positionals;
  const name = spec.words.join(' ');
  if (positionals.length < min) {
    const missing = spec.args.slice(positionals.length).join(' ');
    throw new UsageError(`\`${name}\` needs ${missing}.`);
  }
  if (positionals.length > max) {
    const extra = positionals
      .slice(max)
      .map((value) => JSON.stringify(value))
      .join(' ');
    throw new UsageError(
      `\`${name}\` takes ${max === 0 ? 'no arguments' : `at most ${max} argument${max === 1 ? '' : 's'}`}; unexpected: ${extra}.`,
    );
  }
}

/** `owner/application`, each part non-empty. */
export function parseAppRef(value: string): { owner: string; name: string } {
  const parts = value.split('/');
  if (parts.length !== 2 || parts.some((part) => part.trim() === '')) {
    throw new UsageError(`expected owner/application, got ${JSON.stringify(value)}.`);
  }
  return { owner: parts[0]!.trim(), name: parts[1]!.trim() };
}

// Runs the bundled action the way the GitHub runner does (the step's environment and files come from
// scripts/runner.ts): a node child process whose output can be awaited; for the post entry, the STATE_*
// variables are read back from the state file.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import {
  MAIN_ENTRY,
  makeFiles,
  POST_ENTRY,
  readFileCommands,
  readManifest,
  stepEnv,
  type ActionFiles,
} from '../../scripts/runner.ts';
import { followOutput } from './child-output.ts';

export { makeFiles };

export interface ActionResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  state: Record<string, string>;
  summary: string;
  files: ActionFiles;
}

export interface StartOptions {
  entry?: 'main' | 'post';
  files?: ActionFiles;
  /** STATE_* for the post entry; defaults to what the state file holds. */
  state?: Record<string, string>;
  env?: Record<string, string>;
  /** Another action of this repository: its action.yml (for the input defaults) and the bundle to run. */
  action?: { manifest: string; script: string };
}

export interface StartedAction {
  child: ChildProcess;
  /** Resolves when stdout has printed a line matching `pattern`. */
  waitForOutput(pattern: RegExp): Promise<void>;
  /** What stdout has printed so far. */
  stdout(): string;
  result: Promise<ActionResult>;
}

export function startAction(inputs: Record<string, string>, options: StartOptions = {}): StartedAction {
  const files = options.files ?? makeFiles();
  const entry = options.action?.script ?? (options.entry === 'post' ? POST_ENTRY : MAIN_ENTRY);
  const state = options.entry === 'post' ? (options.state ?? readFileCommands(files.state)) : {};
  const manifest = options.action ? readManifest(options.action.manifest) : undefined;
  const env = { ...stepEnv(files, inputs, state, manifest), ...options.env };
  const child = spawn(process.execPath, [entry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = followOutput(child, 'the action');
  const result = output.exit.then((exit): ActionResult => ({
    ...exit,
    outputs: readFileCommands(files.output),
    state: readFileCommands(files.state),
    summary: readFileSync(files.summary, 'utf8'),
    files,
  }));
  return { child, result, stdout: output.stdout, waitForOutput: output.waitFor };
}

export function runAction(inputs: Record<string, string>, options: StartOptions = {}): Promise<ActionResult> {
  return startAction(inputs, options).result;
}

// ---------------------------------------------------------------------------------------------------------
// How the GitHub runner reads a JavaScript action's output (actions/runner: Runner.Sdk/ProcessInvoker.cs,
// Runner.Worker/Handlers/OutputManager.cs, Runner.Worker/ActionCommandManager.cs, Runner.Common/ActionCommand.cs).
//
// - Each stream is read with StreamReader.ReadLine: CR, LF and CRLF each end a line, a byte-order mark at the
//   very start is dropped, and a last line without an ending still counts. stdout and stderr go through the
//   same command manager, so commands work on either stream and share one stop-commands state.
// - A line is tried as `::name k=v,k=v::data` after String.TrimStart() (every Char.IsWhiteSpace character),
//   then, if that fails, as `##[name k=v;k=v]data` where `##[` may stand anywhere in the line.
// - Names are compared OrdinalIgnoreCase; `::`, `##[` are found with culture-sensitive .NET search.
// - `::stop-commands::TOKEN` makes every line text until one parses (in either form) as a command named TOKEN.
// ---------------------------------------------------------------------------------------------------------

export interface RunnerOptions {
  /** DistributedTask.EnhancedAnnotations; without it a line naming `notice` exactly is text. Default true. */
  enhancedAnnotations?: boolean;
  /** ACTIONS_STEP_DEBUG: commands are echoed and `::debug::` messages logged. Default false. */
  stepDebug?: boolean;
  /** ACTIONS_ALLOW_UNSECURE_COMMANDS=true: set-env and add-path work instead of failing the step. */
  allowUnsecureCommands?: boolean;
  /** ACTIONS_ALLOW_UNSECURE_STOPCOMMAND_TOKENS: an invalid stop token stops commands instead of failing. */
  allowUnsecureStopCommandTokens?: boolean;
  /** DistributedTask.DeprecateStepOutputCommands: set-output and save-state still work, with a warning. */
  deprecateStepOutputCommands?: boolean;
  /**
   * Search `::` and `##[` the way ICU's culture-sensitive comparison does, skipping ignorable characters
   * (controls, zero-width and other format characters), so `::warning:\u200b:x` is a warning. An
   * approximation of ICU's root collation; false searches ordinally. Default true.
   */
  linguistic?: boolean;
}

export interface ParsedCommand {
  /** Index of the line in RunnerOutput.lines. */
  index: number;
  line: string;
  form: 'v2' | 'legacy';
  /** As written; the runner compares names case-insensitively. */
  name: string;
  properties: Record<string, string>;
  data: string;
  /** `stop` and `resume` are stop-commands and its token; `failed`: the command threw and failed the step. */
  outcome: 'done' | 'stop' | 'resume' | 'failed';
}

interface Annotation {
  level: 'error' | 'warning' | 'notice';
  message: string;
  properties: Record<string, string>;
  /** The line that caused it. */
  index: number;
  /** False when the runner wrote it about a command it could not process. */
  fromCommand: boolean;
  /** Among the first 10 of its level in the step, the ones the run's page shows. */
  kept: boolean;
}

interface LogGroup {
  title: string;
  /** The action's text lines inside the group, as the log shows them (masked). */
  lines: string[];
  /** Opened or closed by a text line that merely reads `##[group]…` / `##[endgroup]`, not by a command. */
  openedByText: boolean;
  closedBy?: 'command' | 'text';
}

export interface RunnerOutput {
  lines: string[];
  /** Every line the runner took as a command, in order. */
  commands: ParsedCommand[];
  /** The lines the runner printed as text. */
  plainLines: string[];
  /** The step log as written: text, echoed commands, `##[group]`, `##[error]`… with secrets as `***`. */
  log: string[];
  /** The values of `::add-mask::` commands. */
  masks: string[];
  /** Everything the secret masker learned: masks, each line of a multi-line mask, stop tokens over 6 characters. */
  secrets: string[];
  annotations: Annotation[];
  errors: Annotation[];
  warnings: Annotation[];
  notices: Annotation[];
  /** From `::set-output`, `::save-state`, `::set-env`, `::add-path`. */
  outputs: Record<string, string>;
  state: Record<string, string>;
  env: Record<string, string>;
  paths: string[];
  matchers: Array<{ action: 'add' | 'remove'; file?: string; owner?: string }>;
  debug: string[];
  /** Groups as the log viewer draws them from the `##[group]` / `##[endgroup]` lines of the log. */
  groups: LogGroup[];
  stops: Array<{ token: string; index: number; resumedAt?: number }>;
  /** A command failed the step. */
  failed: boolean;
  /** An invalid stop token throws out of the runner's output loop: no later line is read. */
  aborted?: { index: number; message: string };
}

const COMMAND_NAMES = [
  'set-env',
  'set-output',
  'save-state',
  'add-path',
  'add-mask',
  'add-matcher',
  'remove-matcher',
  'warning',
  'error',
  'notice',
  'debug',
  'group',
  'endgroup',
  'echo',
] as const;
type CommandName = (typeof COMMAND_NAMES)[number];
const STOP_COMMANDS = 'stop-commands';
// Not echoed even with echo on.
const OMIT_ECHO = new Set<CommandName>(['add-mask', 'warning', 'error', 'notice', 'debug']);
const MAX_ANNOTATIONS_PER_LEVEL = 10;
const MAX_ANNOTATION_LENGTH = 4096;

/** StreamReader.ReadLine over a whole stream. */
export function splitRunnerLines(text: string): string[] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (body === '') return [];
  const lines = body.split(/\r\n|\r|\n/);
  if (/[\r\n]$/.test(body)) lines.pop();
  return lines;
}

/** Char.IsWhiteSpace: Unicode Zs, Zl, Zp, and U+0009–U+000D, U+0085. */
function isDotnetWhiteSpace(char: string): boolean {
  return /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]$/.test(char);
}

export function dotnetTrimStart(text: string): string {
  let start = 0;
  while (start < text.length && isDotnetWhiteSpace(text[start]!)) start++;
  return text.slice(start);
}

function dotnetTrim(text: string): string {
  let end = text.length;
  while (end > 0 && isDotnetWhiteSpace(text[end - 1]!)) end--;
  return dotnetTrimStart(text.slice(0, end));
}

/**
 * OrdinalIgnoreCase as a key: ASCII letters fold; other characters by their simple upper case, but .NET never
 * folds a non-ASCII character onto ASCII (so `ſ` is not `S`, nor `ı` `I`).
 */
function ordinalKey(text: string): string {
  let key = '';
  for (const char of text) {
    if (char.charCodeAt(0) < 0x80) key += char.toUpperCase();
    else {
      const upper = char.toUpperCase();
      key += [...upper].length === 1 && upper.codePointAt(0)! >= 0x80 ? upper : char;
    }
  }
  return key;
}

const sameName = (a: string, b: string) => ordinalKey(a) === ordinalKey(b);

// An approximation of what ICU's root collation ignores completely: control and format characters, except
// the whitespace controls (they weigh) and the Arabic and Syriac signs that have weights.
const IGNORABLE = /[\p{Cc}\p{Cf}]/u;
const WEIGHTED = /[\t\n\v\f\r\u0085\u0600-\u0605\u06dd\u070f\u08e2\u{110bd}\u{110cd}]/u;

function ignorableLength(text: string, at: number): number {
  const code = text.codePointAt(at);
  if (code === undefined) return 0;
  const char = String.fromCodePoint(code);
  return IGNORABLE.test(char) && !WEIGHTED.test(char) ? char.length : 0;
}

/** Where `value` matches at `at` (ignorables allowed between its characters), else -1: the end of the match. */
function matchAt(text: string, value: string, at: number, linguistic: boolean): number {
  let position = at;
  for (let index = 0; index < value.length; index++) {
    if (linguistic && index > 0) {
      for (let skip = ignorableLength(text, position); skip > 0; skip = ignorableLength(text, position)) {
        position += skip;
      }
    }
    if (text[position] !== value[index]) return -1;
    position++;
  }
  return position;
}

function cultureStartsWith(text: string, value: string, linguistic: boolean): boolean {
  let start = 0;
  if (linguistic) {
    for (let skip = ignorableLength(text, 0); skip > 0; skip = ignorableLength(text, start)) start += skip;
  }
  return matchAt(text, value, start, linguistic) >= 0;
}

function cultureIndexOf(text: string, value: string, from: number, linguistic: boolean): number {
  if (!linguistic) return text.indexOf(value, from);
  for (let at = text.indexOf(value[0]!, from); at >= 0; at = text.indexOf(value[0]!, at + 1)) {
    if (matchAt(text, value, at, true) >= 0) return at;
  }
  return -1;
}

// Unescaping is ordinal and case-sensitive (`%0a` stays), one mapping after the other, `%25` last.
const DATA_ESCAPES: ReadonlyArray<[string, string]> = [
  ['%0D', '\r'],
  ['%0A', '\n'],
  ['%25', '%'],
];
const PROPERTY_ESCAPES: ReadonlyArray<[string, string]> = [
  ['%0D', '\r'],
  ['%0A', '\n'],
  ['%3A', ':'],
  ['%2C', ','],
  ['%25', '%'],
];
const LEGACY_ESCAPES: ReadonlyArray<[string, string]> = [
  ['%3B', ';'],
  ['%0D', '\r'],
  ['%0A', '\n'],
  ['%5D', ']'],
  ['%25', '%'],
];

function unescape(text: string, escapes: ReadonlyArray<[string, string]>): string {
  return escapes.reduce((value, [escaped, char]) => value.replaceAll(escaped, char), text);
}

/** Properties keyed case-insensitively: a repeated key keeps its first spelling and takes the last value. */
class Properties {
  private readonly entries = new Map<string, [string, string]>();
  get(key: string): string | undefined {
    return this.entries.get(ordinalKey(key))?.[1];
  }
  set(key: string, value: string): void {
    const existing = this.entries.get(ordinalKey(key));
    this.entries.set(ordinalKey(key), [existing?.[0] ?? key, value]);
  }
  delete(key: string): void {
    this.entries.delete(ordinalKey(key));
  }
  toRecord(): Record<string, string> {
    return Object.fromEntries(this.entries.values());
  }
}

/** `key=value` as String.Split('=', 2, RemoveEmptyEntries) takes it: leading `=` are skipped, both sides needed. */
function splitPair(text: string): [string, string] | undefined {
  let start = 0;
  while (text[start] === '=') start++;
  const equals = text.indexOf('=', start);
  if (equals < 0) return undefined;
  let value = equals + 1;
  while (text[value] === '=') value++;
  if (value >= text.length) return undefined;
  return [text.slice(start, equals), text.slice(value)];
}

function readProperties(
  text: string,
  separator: string,
  escapes: ReadonlyArray<[string, string]>,
): Properties {
  const properties = new Properties();
  for (const entry of text.split(separator)) {
    const pair = entry === '' ? undefined : splitPair(entry);
    if (pair) properties.set(pair[0], unescape(pair[1], escapes));
  }
  return properties;
}

interface Parsed {
  form: 'v2' | 'legacy';
  name: string;
  properties: Properties;
  data: string;
}

/** `::name k=v,k=v::data` (ActionCommand.TryParseV2). */
function parseV2(line: string, isRegistered: (name: string) => boolean, linguistic: boolean) {
  if (line === '') return undefined;
  const message = dotnetTrimStart(line);
  if (!cultureStartsWith(message, '::', linguistic)) return undefined;
  const end = cultureIndexOf(message, '::', 2, linguistic);
  if (end < 0) return undefined;
  const info = message.slice(2, end);
  const space = info.indexOf(' ');
  const name = space < 0 ? info : info.slice(0, space);
  if (!isRegistered(name)) return undefined;
  const properties =
    space > 0 ? readProperties(dotnetTrim(info.slice(space + 1)), ',', PROPERTY_ESCAPES) : new Properties();
  return { form: 'v2', name, properties, data: unescape(message.slice(end + 2), DATA_ESCAPES) } as Parsed;
}

/** `##[name k=v;k=v]data`, anywhere in the line, nothing trimmed (ActionCommand.TryParse). */
function parseLegacy(line: string, isRegistered: (name: string) => boolean, linguistic: boolean) {
  if (line === '') return undefined;
  const prefix = cultureIndexOf(line, '##[', 0, linguistic);
  if (prefix < 0) return undefined;
  const bracket = line.indexOf(']', prefix);
  const start = prefix + 3;
  if (bracket < start) return undefined;
  const info = line.slice(start, bracket);
  const space = info.indexOf(' ');
  const name = space < 0 ? info : info.slice(0, space);
  if (!isRegistered(name)) return undefined;
  const properties =
    space > 0 ? readProperties(info.slice(space + 1), ';', LEGACY_ESCAPES) : new Properties();
  return {
    form: 'legacy',
    name,
    properties,
    data: unescape(line.slice(bracket + 1), LEGACY_ESCAPES),
  } as Parsed;
}

/** How one line parses against the given command names (the runner's own by default), if it is a command. */
export function parseCommandLine(
  line: string,
  names: Iterable<string> = [STOP_COMMANDS, ...COMMAND_NAMES],
  options: Pick<RunnerOptions, 'linguistic'> = {},
): Omit<ParsedCommand, 'index' | 'outcome'> | undefined {
  const keys = new Set([...names].map(ordinalKey));
  const isRegistered = (name: string) => keys.has(ordinalKey(name));
  const linguistic = options.linguistic ?? true;
  const parsed = parseV2(line, isRegistered, linguistic) ?? parseLegacy(line, isRegistered, linguistic);
  if (!parsed) return undefined;
  return {
    line,
    form: parsed.form,
    name: parsed.name,
    properties: parsed.properties.toRecord(),
    data: parsed.data,
  };
}

class CommandFailure extends Error {}

/** int.TryParse with NumberStyles.Integer. */
function parseInt32(text: string | undefined): number | undefined {
  const match = text === undefined ? null : /^[\t\n\v\f\r ]*([+-]?[0-9]+)[\t\n\v\f\r ]*$/.exec(text);
  if (!match) return undefined;
  const value = Number(match[1]);
  return value >= -2147483648 && value <= 2147483647 ? value : undefined;
}

/** IssueCommandExtension.ValidateLinesAndColumns: what it drops or fills in. */
function validateLinesAndColumns(properties: Properties): void {
  let line = properties.get('line');
  const endLine = properties.get('endLine');
  const endColumn = properties.get('endColumn');
  const lineNumber = parseInt32(line) ?? 0;
  const endLineNumber = parseInt32(endLine) ?? 0;
  const columnNumber = parseInt32(properties.get('col')) ?? 0;
  const endColumnNumber = parseInt32(endColumn) ?? 0;
  let hasLine = parseInt32(line) !== undefined;
  const hasEndLine = parseInt32(endLine) !== undefined;
  let hasColumn = parseInt32(properties.get('col')) !== undefined;
  const hasEndColumn = parseInt32(endColumn) !== undefined;
  const anyColumn = hasColumn || hasEndColumn;
  if (hasEndLine && !hasLine) {
    properties.set('line', endLine!);
    hasLine = true;
    line = endLine;
  }
  if (hasEndColumn && !hasColumn) {
    properties.set('col', endColumn!);
    hasColumn = true;
  }
  const dropColumns = () => {
    properties.delete('col');
    properties.delete('endColumn');
  };
  if (!hasLine && anyColumn) dropColumns();
  if (hasEndLine && line !== endLine && anyColumn) dropColumns();
  if (hasLine && hasEndLine && endLineNumber < lineNumber) {
    properties.delete('line');
    properties.delete('endLine');
  }
  if (hasColumn && hasEndColumn && endColumnNumber < columnNumber) dropColumns();
}

class RunnerModel {
  readonly out: RunnerOutput;
  private readonly options: Required<RunnerOptions>;
  private readonly registered = new Set<string>([STOP_COMMANDS, ...COMMAND_NAMES].map(ordinalKey));
  private echo: boolean;
  private stopToken: string | undefined;
  private readonly counts = { error: 0, warning: 0, notice: 0 };
  private group: LogGroup | undefined;

  constructor(options: RunnerOptions) {
    this.options = {
      enhancedAnnotations: true,
      stepDebug: false,
      allowUnsecureCommands: false,
      allowUnsecureStopCommandTokens: false,
      deprecateStepOutputCommands: false,
      linguistic: true,
      ...options,
    };
    this.echo = this.options.stepDebug;
    this.out = {
      lines: [],
      commands: [],
      plainLines: [],
      log: [],
      masks: [],
      secrets: [],
      annotations: [],
      errors: [],
      warnings: [],
      notices: [],
      outputs: {},
      state: {},
      env: {},
      paths: [],
      matchers: [],
      debug: [],
      groups: [],
      stops: [],
      failed: false,
    };
  }

  read(line: string): void {
    const index = this.out.lines.push(line) - 1;
    if (this.out.aborted) return;
    if (!this.tryCommand(line, index)) this.text(line);
  }

  private tryCommand(line: string, index: number): boolean {
    if (line === '') return false;
    const isRegistered = (name: string) => this.registered.has(ordinalKey(name));
    const { linguistic } = this.options;
    const parsed = parseV2(line, isRegistered, linguistic) ?? parseLegacy(line, isRegistered, linguistic);
    if (!parsed) return false;
    // An exact, case-sensitive comparison in the runner: `::NOTICE::` passes this check.
    if (!this.options.enhancedAnnotations && parsed.name === 'notice') return false;
    const command: ParsedCommand = {
      index,
      line,
      form: parsed.form,
      name: parsed.name,
      properties: parsed.properties.toRecord(),
      data: parsed.data,
      outcome: 'done',
    };

    if (this.stopToken !== undefined) {
      if (this.stopToken === '' || !sameName(parsed.name, this.stopToken)) return false;
      this.write(line);
      this.registered.delete(ordinalKey(this.stopToken));
      this.stopToken = undefined;
      this.out.stops.at(-1)!.resumedAt = index;
      this.out.commands.push({ ...command, outcome: 'resume' });
      return true;
    }

    if (sameName(parsed.name, STOP_COMMANDS)) {
      const token = parsed.data;
      const invalid =
        this.registered.has(ordinalKey(token)) || token === '' || sameName(token, 'pause-logging');
      if (invalid && !this.options.allowUnsecureStopCommandTokens) {
        const message = `Invalid stop-commands token '${token}': it must not be empty, 'pause-logging' or a command name.`;
        this.out.aborted = { index, message };
        this.out.failed = true;
        this.out.commands.push({ ...command, outcome: 'failed' });
        this.issue('error', message, new Properties(), index, false);
        return true;
      }
      this.stopToken = token;
      this.registered.add(ordinalKey(token));
      if (token.length > 6) this.addSecret(token);
      this.write(line);
      this.out.stops.push({ token, index });
      this.out.commands.push({ ...command, outcome: 'stop' });
      return true;
    }

    // Outside a stop, every registered name but stop-commands is one of these.
    const name = COMMAND_NAMES.find((known) => sameName(known, parsed.name))!;
    if (this.echo && !OMIT_ECHO.has(name)) this.write(line);
    try {
      this.run(name, parsed, index);
      this.out.commands.push(command);
    } catch (error) {
      if (!(error instanceof CommandFailure)) throw error;
      const shown = OMIT_ECHO.has(name) ? name : line;
      this.issue(
        'error',
        `Unable to process command '${shown}' successfully.`,
        new Properties(),
        index,
        false,
      );
      this.issue('error', error.message, new Properties(), index, false);
      this.out.failed = true;
      this.out.commands.push({ ...command, outcome: 'failed' });
    }
    return true;
  }

  private run(name: CommandName, parsed: Parsed, index: number): void {
    const { data, properties } = parsed;
    const requireName = () => {
      const value = properties.get('name');
      if (!value) throw new CommandFailure(`Required field 'name' is missing in ##[${name}] command.`);
      return value;
    };
    const requireUnsecure = () => {
      if (!this.options.allowUnsecureCommands)
        throw new CommandFailure(`The \`${name}\` command is disabled.`);
    };
    const deprecated = () => {
      if (this.options.deprecateStepOutputCommands) {
        this.issue('warning', `The \`${name}\` command is deprecated.`, new Properties(), index, false);
      }
    };
    switch (name) {
      case 'set-env': {
        requireUnsecure();
        const variable = requireName();
        if (sameName(variable, 'NODE_OPTIONS')) {
          this.issue(
            'error',
            `Can't update NODE_OPTIONS environment variable using ::set-env:: command.`,
            new Properties(),
            index,
            false,
          );
        } else this.out.env[variable] = data;
        return;
      }
      case 'add-path':
        requireUnsecure();
        if (data === '') throw new CommandFailure('path is empty');
        this.out.paths = [...this.out.paths.filter((path) => path !== data), data];
        return;
      case 'set-output':
        deprecated();
        this.out.outputs[requireName()] = data;
        return;
      case 'save-state':
        deprecated();
        this.out.state[requireName()] = data;
        return;
      case 'add-mask':
        if ([...data].every(isDotnetWhiteSpace)) {
          this.issue(
            'warning',
            "Can't add secret mask for empty string in ##[add-mask] command.",
            new Properties(),
            index,
            false,
          );
          return;
        }
        if (this.echo) this.write('::add-mask::***');
        this.out.masks.push(data);
        this.addSecret(data);
        for (const part of data.split(/[\r\n]/).map(dotnetTrim)) this.addSecret(part);
        return;
      case 'add-matcher':
        if (data === '')
          this.issue('warning', 'File path must be specified.', new Properties(), index, false);
        else this.out.matchers.push({ action: 'add', file: data });
        return;
      case 'remove-matcher': {
        const owner = properties.get('owner');
        if (owner && data) {
          this.issue(
            'warning',
            'Either specify an owner name or a file path in ##[remove-matcher] command. Both values cannot be set.',
            new Properties(),
            index,
            false,
          );
        } else if (!owner && !data) {
          this.issue(
            'warning',
            'Either an owner name or a file path must be specified in ##[remove-matcher] command.',
            new Properties(),
            index,
            false,
          );
        } else this.out.matchers.push(owner ? { action: 'remove', owner } : { action: 'remove', file: data });
        return;
      }
      case 'warning':
      case 'error':
      case 'notice':
        validateLinesAndColumns(properties);
        this.issue(name, data, properties, index, true);
        return;
      case 'debug':
        this.out.debug.push(data);
        if (this.options.stepDebug) for (const line of data.split(/\r?\n/)) this.write(`##[debug]${line}`);
        return;
      case 'group':
        this.write(`##[group]${data}`);
        return;
      case 'endgroup':
        this.write('##[endgroup]');
        return;
      case 'echo': {
        const value = dotnetTrim(data).toUpperCase();
        if (value === 'ON' || value === 'OFF') this.echo = value === 'ON';
        else
          throw new CommandFailure(
            `Invalid echo command value. Possible values can be: 'on', 'off'. Current value is: '${data}'.`,
          );
        return;
      }
    }
  }

  private addSecret(value: string): void {
    if (value !== '' && !this.out.secrets.includes(value)) this.out.secrets.push(value);
  }

  private mask(text: string): string {
    const secrets = [...this.out.secrets].sort((a, b) => b.length - a.length);
    return secrets.reduce((masked, secret) => masked.replaceAll(secret, '***'), text);
  }

  private issue(
    level: Annotation['level'],
    message: string,
    properties: Properties,
    index: number,
    fromCommand: boolean,
  ) {
    const masked = this.mask(message).slice(0, MAX_ANNOTATION_LENGTH);
    const kept = this.counts[level]++ < MAX_ANNOTATIONS_PER_LEVEL;
    const annotation: Annotation = {
      level,
      message: masked,
      properties: properties.toRecord(),
      index,
      fromCommand,
      kept,
    };
    this.out.annotations.push(annotation);
    ({ error: this.out.errors, warning: this.out.warnings, notice: this.out.notices })[level].push(
      annotation,
    );
    if (masked !== '') this.write(`##[${level}]${masked}`);
  }

  private text(line: string): void {
    this.out.plainLines.push(line);
    // OutputManager breaks up the runner's own step markers in text.
    this.write(
      line.replaceAll('##[start-action', '##[\\start-action').replaceAll('##[end-action', '##[\\end-action'),
      true,
    );
  }

  /** One line into the log; the viewer opens and closes groups on `##[group]` / `##[endgroup]` lines. */
  private write(raw: string, isText = false): void {
    const line = this.mask(raw);
    this.out.log.push(line);
    if (line.startsWith('##[group]')) {
      if (this.group && !this.group.closedBy) this.group.closedBy = isText ? 'text' : 'command';
      this.group = { title: line.slice('##[group]'.length), lines: [], openedByText: isText };
      this.out.groups.push(this.group);
    } else if (line.startsWith('##[endgroup]')) {
      if (this.group) this.group.closedBy = isText ? 'text' : 'command';
      this.group = undefined;
    } else if (isText) this.group?.lines.push(line);
  }
}

/** The runner's reading of one output stream of a step (stdout or stderr). */
export function parseRunnerOutput(output: string, options: RunnerOptions = {}): RunnerOutput {
  const model = new RunnerModel(options);
  for (const line of splitRunnerLines(output)) model.read(line);
  return model.out;
}

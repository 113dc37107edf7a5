// Runs the bundled action the way the GitHub runner does: a node child process with INPUT_* variables
// (action.yml defaults applied), GITHUB_OUTPUT / GITHUB_STATE / GITHUB_STEP_SUMMARY files, and for the
// post entry the STATE_* variables read back from the state file.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const MAIN_ENTRY = join(root, 'dist/index.js');
export const POST_ENTRY = join(root, 'dist/post/index.js');

interface ActionManifest {
  inputs: Record<string, { default?: string }>;
}
const manifest = parse(readFileSync(join(root, 'action.yml'), 'utf8')) as ActionManifest;

export interface ActionFiles {
  dir: string;
  output: string;
  state: string;
  summary: string;
}

export function makeFiles(): ActionFiles {
  const dir = mkdtempSync(join(tmpdir(), 'ci-run-action-'));
  const files = {
    dir,
    output: join(dir, 'output'),
    state: join(dir, 'state'),
    summary: join(dir, 'summary.md'),
  };
  for (const file of [files.output, files.state, files.summary]) writeFileSync(file, '');
  return files;
}

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
}

export interface StartedAction {
  child: ChildProcess;
  /** Resolves when stdout has printed a line matching `pattern`. */
  waitForOutput(pattern: RegExp): Promise<void>;
  /** What stdout has printed so far. */
  stdout(): string;
  result: Promise<ActionResult>;
}

export function inputEnv(inputs: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, spec] of Object.entries(manifest.inputs)) {
    env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = spec.default ?? '';
  }
  for (const [name, value] of Object.entries(inputs)) {
    env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value;
  }
  return env;
}

export function startAction(inputs: Record<string, string>, options: StartOptions = {}): StartedAction {
  const files = options.files ?? makeFiles();
  const entry = options.entry === 'post' ? POST_ENTRY : MAIN_ENTRY;
  const state =
    options.entry === 'post' ? (options.state ?? parseFileCommands(readFileSync(files.state, 'utf8'))) : {};
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    GITHUB_ACTIONS: 'true',
    RUNNER_TEMP: files.dir,
    GITHUB_OUTPUT: files.output,
    GITHUB_STATE: files.state,
    GITHUB_STEP_SUMMARY: files.summary,
    ...inputEnv(inputs),
    ...Object.fromEntries(Object.entries(state).map(([key, value]) => [`STATE_${key}`, value])),
    ...options.env,
  };
  const child = spawn(process.execPath, [entry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const waiters: Array<{ pattern: RegExp; resolve: () => void }> = [];
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    for (const waiter of [...waiters]) {
      if (waiter.pattern.test(stdout)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const result = new Promise<ActionResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) =>
      resolve({
        code,
        signal,
        stdout,
        stderr,
        outputs: parseFileCommands(readFileSync(files.output, 'utf8')),
        state: parseFileCommands(readFileSync(files.state, 'utf8')),
        summary: readFileSync(files.summary, 'utf8'),
        files,
      }),
    );
  });
  return {
    child,
    result,
    stdout: () => stdout,
    waitForOutput(pattern) {
      if (pattern.test(stdout)) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        waiters.push({ pattern, resolve });
        void result.then(() => reject(new Error(`the action ended before printing ${pattern}:\n${stdout}`)));
      });
    },
  };
}

export function runAction(inputs: Record<string, string>, options: StartOptions = {}): Promise<ActionResult> {
  return startAction(inputs, options).result;
}

/** Reads a GITHUB_OUTPUT / GITHUB_STATE file: `name<<DELIM` blocks and plain `name=value` lines. */
export function parseFileCommands(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const [, name, delimiter] = heredoc as unknown as [string, string, string];
      const body: string[] = [];
      for (index++; index < lines.length && lines[index] !== delimiter; index++) body.push(lines[index]!);
      values[name] = body.join('\n');
    } else if (line.includes('=')) {
      const at = line.indexOf('=');
      values[line.slice(0, at)] = line.slice(at + 1);
    }
  }
  return values;
}

export interface ParsedCommands {
  errors: Array<{ message: string; properties: string }>;
  warnings: Array<{ message: string; properties: string }>;
  masks: string[];
  setOutputs: string[];
  groups: Array<{ title: string; lines: string[] }>;
  /** Lines shown as text (not commands). */
  text: string[];
}

/** Interprets stdout the way the runner does, including `::stop-commands::`. */
export function parseWorkflowCommands(stdout: string): ParsedCommands {
  const parsed: ParsedCommands = {
    errors: [],
    warnings: [],
    masks: [],
    setOutputs: [],
    groups: [],
    text: [],
  };
  let stopToken: string | undefined;
  let group: { title: string; lines: string[] } | undefined;
  for (const raw of stdout.split(/\r?\n/)) {
    const line = raw;
    if (stopToken !== undefined) {
      if (line === `::${stopToken}::`) stopToken = undefined;
      else {
        parsed.text.push(line);
        group?.lines.push(line);
      }
      continue;
    }
    const command = /^::([a-z-]+)( [^:]*)?::(.*)$/.exec(line);
    if (!command) {
      parsed.text.push(line);
      group?.lines.push(line);
      continue;
    }
    const [, name, properties = '', message = ''] = command;
    switch (name) {
      case 'stop-commands':
        stopToken = message;
        break;
      case 'error':
        parsed.errors.push({ message, properties });
        break;
      case 'warning':
        parsed.warnings.push({ message, properties });
        break;
      case 'add-mask':
        parsed.masks.push(message);
        break;
      case 'set-output':
        parsed.setOutputs.push(line);
        break;
      case 'group':
        group = { title: message, lines: [] };
        parsed.groups.push(group);
        break;
      case 'endgroup':
        group = undefined;
        break;
      default:
        break;
    }
  }
  return parsed;
}

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
  const entry = options.entry === 'post' ? POST_ENTRY : MAIN_ENTRY;
  const state = options.entry === 'post' ? (options.state ?? readFileCommands(files.state)) : {};
  const env = { ...stepEnv(files, inputs, state), ...options.env };
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

// The GitHub runner's side of a step running the bundled action: INPUT_* variables (the defaults of action.yml
// for every input not given), the GITHUB_OUTPUT / GITHUB_STATE / GITHUB_STEP_SUMMARY files, STATE_* for the
// post entry, and reading the file commands back. Shared by the demo and the end-to-end tests.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = fileURLToPath(new URL('..', import.meta.url));
export const MAIN_ENTRY = join(root, 'dist/index.js');
export const POST_ENTRY = join(root, 'dist/post/index.js');

export interface ActionManifest {
  inputs: Record<string, { default?: string }>;
}

/** An action.yml of this repository, by its path from the root: 'action.yml', 'emulator/action.yml'. */
export function readManifest(path: string): ActionManifest {
  return parse(readFileSync(join(root, path), 'utf8')) as ActionManifest;
}
const manifest = readManifest('action.yml');

export interface ActionFiles {
  dir: string;
  output: string;
  state: string;
  summary: string;
}

/** A fresh directory holding the empty files of one step. */
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

/** What `${{ github.token }}` evaluates to in this model of the runner: the job's token. */
export const JOB_TOKEN = 'ghs_jobToken0000000000000000000000000000';

/** The runner evaluates the expressions of defaults; `github.token` is the only one action.yml uses. */
function evaluateDefault(value: string): string {
  return value.replace(/\$\{\{\s*github\.token\s*\}\}/g, JOB_TOKEN);
}

/** The runner's `INPUT_<NAME>`: upper case, spaces as underscores, dashes kept. */
export function inputEnv(inputs: Record<string, string>, action = manifest): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, spec] of Object.entries(action.inputs)) {
    env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = evaluateDefault(spec.default ?? '');
  }
  for (const [name, value] of Object.entries(inputs)) {
    env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value;
  }
  return env;
}

/** The whole environment of one step; `state` becomes the STATE_* variables (for the post entry). */
export function stepEnv(
  files: ActionFiles,
  inputs: Record<string, string>,
  state: Record<string, string> = {},
  action = manifest,
): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    GITHUB_ACTIONS: 'true',
    RUNNER_TEMP: files.dir,
    GITHUB_OUTPUT: files.output,
    GITHUB_STATE: files.state,
    GITHUB_STEP_SUMMARY: files.summary,
    ...inputEnv(inputs, action),
    ...Object.fromEntries(Object.entries(state).map(([key, value]) => [`STATE_${key}`, value])),
  };
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

export function readFileCommands(path: string): Record<string, string> {
  return parseFileCommands(readFileSync(path, 'utf8'));
}

/** The runner sends SIGTERM this long after SIGINT, then SIGKILL after another RUNNER_SIGKILL_AFTER_MS. */
export const RUNNER_SIGTERM_AFTER_MS = 7500;
export const RUNNER_SIGKILL_AFTER_MS = 2500;

export interface RunnerCancellation<T> {
  signalAt: number;
  sigtermSent: boolean;
  sigkillSent: boolean;
  exit: T;
}

/** Cancels like the runner: `signal` now, SIGTERM 7.5 s later if still running, SIGKILL 2.5 s after that. */
export async function cancelLikeRunner<T>(
  child: ChildProcess,
  exited: Promise<T>,
  signal: NodeJS.Signals = 'SIGINT',
): Promise<RunnerCancellation<T>> {
  let sigtermSent = false;
  let sigkillSent = false;
  const signalAt = Date.now();
  child.kill(signal);
  const sigterm = setTimeout(() => {
    sigtermSent = true;
    child.kill('SIGTERM');
  }, RUNNER_SIGTERM_AFTER_MS);
  const sigkill = setTimeout(() => {
    sigkillSent = true;
    child.kill('SIGKILL');
  }, RUNNER_SIGTERM_AFTER_MS + RUNNER_SIGKILL_AFTER_MS);
  try {
    const exit = await exited;
    return { signalAt, sigtermSent, sigkillSent, exit };
  } finally {
    clearTimeout(sigterm);
    clearTimeout(sigkill);
  }
}

// Runs the CLI as a user would: a node child process with arguments, an environment and a working
// directory; from the bundle (dist/cli/index.js, the package's bin, built once before the slow tests),
// or from the sources where a test asks for them.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { CliIo } from '../../src/cli/io.ts';
import { followOutput } from '../support/child-output.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const CLI_BUNDLE = join(root, 'dist/cli/index.js');
const CLI_SOURCE = join(root, 'src/cli/index.ts');
export const ROOT = root;

/** Fixed ids of the default world. */
export const BUILD_PIPELINE = '620000000000000000000001';
export const WEBAPP_ID = '610000000000000000000001';
export const TOKEN = 'demo-token';

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  entry?: 'bundle' | 'source';
  env?: Record<string, string>;
  cwd?: string;
}

export interface StartedCli {
  child: ChildProcess;
  /** Resolves once stdout has printed something matching `pattern`. */
  waitForOutput(pattern: RegExp): Promise<void>;
  /** What stdout has printed so far. */
  stdout(): string;
  result: Promise<CliResult>;
}

/** A clean environment: no colour forcing, no proxies, nothing from the test runner. */
export function baseEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...extra };
}

export function startCli(args: readonly string[], options: CliOptions = {}): StartedCli {
  const entry = options.entry === 'source' ? CLI_SOURCE : CLI_BUNDLE;
  const child = spawn(process.execPath, [entry, ...args], {
    env: baseEnv(options.env),
    cwd: options.cwd ?? root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = followOutput(child, 'the CLI');
  return { child, result: output.exit, waitForOutput: output.waitFor, stdout: output.stdout };
}

export function runCli(args: readonly string[], options: CliOptions = {}): Promise<CliResult> {
  return startCli(args, options).result;
}

export interface CapturedIo extends CliIo {
  out(): string;
  err(): string;
}

/** An in-process CliIo that keeps what is written; not a terminal unless `tty` is set. */
export function captureIo(env: Record<string, string> = {}, tty = false, stdin = ''): CapturedIo {
  let out = '';
  let err = '';
  return {
    stdout: { write: (text) => void (out += text), isTTY: tty, columns: 100 },
    stderr: { write: (text) => void (err += text), isTTY: tty, columns: 100 },
    env,
    cwd: root,
    readStdin: async () => stdin,
    out: () => out,
    err: () => err,
  };
}

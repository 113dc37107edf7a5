// Runs a bundled entry the way the GitHub runner does: a node child process with INPUT_* variables
// (action.yml defaults first), GITHUB_OUTPUT / GITHUB_STATE / GITHUB_STEP_SUMMARY files, STATE_* for the
// post entry; and cancels it the way the runner does.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { cancelLikeRunner as cancelChild, inputEnv, type RunnerCancellation } from '../../scripts/runner.ts';

export { readFileCommands } from '../../scripts/runner.ts';

export interface StepFiles {
  dir: string;
  output: string;
  state: string;
  summary: string;
  dispose(): void;
}

const USAGE_PRELOAD = fileURLToPath(new URL('./usage-preload.ts', import.meta.url));

/** What a launch needs to have its resource usage written at exit (usage-preload.ts), and its reader. */
interface UsageProbe {
  nodeArgs: string[];
  env: Record<string, string>;
  /** The usage the process wrote at its exit; peak RSS as its own high-water mark. */
  read(): NodeJS.ResourceUsage;
}

function usageProbe(files: StepFiles): UsageProbe {
  const file = join(files.dir, 'usage.json');
  return {
    nodeArgs: ['--import', pathToFileURL(USAGE_PRELOAD).href],
    env: { BENCH_USAGE_FILE: file },
    read: () => JSON.parse(readFileSync(file, 'utf8')) as NodeJS.ResourceUsage,
  };
}

export function makeStepFiles(): StepFiles {
  const dir = mkdtempSync(join(tmpdir(), 'ci-run-step-'));
  const files = {
    dir,
    output: join(dir, 'output'),
    state: join(dir, 'state'),
    summary: join(dir, 'summary.md'),
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
  for (const file of [files.output, files.state, files.summary]) writeFileSync(file, '');
  return files;
}

export interface LaunchOptions {
  entry: string;
  inputs: Record<string, string>;
  files: StepFiles;
  /** STATE_* values (the post entry reads what main saved). */
  state?: Record<string, string>;
  env?: Record<string, string>;
  /** Another action's entry: no INPUT_* from this action.yml's defaults, only `inputs`. */
  foreign?: boolean;
  nodeArgs?: string[];
  /** Keep stdout and stderr in memory (default true); otherwise only count their bytes. */
  keepOutput?: boolean;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Date.now() when the process was spawned and when it exited. */
  spawnedAt: number;
  exitedAt: number;
  stdout: string;
  stderr: string;
  stdoutBytes: number;
  /** When stdout's text arrived (kept output only): after each chunk, the text's length and Date.now(). */
  stdoutArrivals: StdoutArrival[];
}

export interface StdoutArrival {
  /** The length of the stdout text once the chunk was added. */
  end: number;
  at: number;
}

export interface Launched {
  child: ChildProcess;
  spawnedAt: number;
  exited: Promise<Exit>;
  running(): boolean;
  stdout(): string;
}

export interface MeasuredLaunch extends Launched {
  /** The process's own resource usage, written as it exited; peak RSS as its own high-water mark. */
  usage(): NodeJS.ResourceUsage;
}

/** `launch` with the usage preload (usage-preload.ts), for the benches that measure the action itself. */
export function launchMeasured(options: Omit<LaunchOptions, 'nodeArgs' | 'env'>): MeasuredLaunch {
  const probe = usageProbe(options.files);
  return { ...launch({ ...options, nodeArgs: probe.nodeArgs, env: probe.env }), usage: probe.read };
}

export function launch(options: LaunchOptions): Launched {
  const keep = options.keepOutput ?? true;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    GITHUB_ACTIONS: 'true',
    RUNNER_TEMP: options.files.dir,
    GITHUB_OUTPUT: options.files.output,
    GITHUB_STATE: options.files.state,
    GITHUB_STEP_SUMMARY: options.files.summary,
    ...inputEnv(options.inputs, options.foreign ? { inputs: {} } : undefined),
    ...Object.fromEntries(Object.entries(options.state ?? {}).map(([key, value]) => [`STATE_${key}`, value])),
    ...options.env,
  };
  const spawnedAt = Date.now();
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), options.entry], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let stdoutBytes = 0;
  const stdoutArrivals: StdoutArrival[] = [];
  let alive = true;
  child.stdout!.on('data', (chunk: Buffer) => {
    stdoutBytes += chunk.length;
    if (!keep) return;
    stdout += chunk.toString('utf8');
    stdoutArrivals.push({ end: stdout.length, at: Date.now() });
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    if (keep || stderr.length < 64 * 1024) stderr += chunk;
  });
  const exited = new Promise<Exit>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      alive = false;
      resolve({
        code,
        signal,
        spawnedAt,
        exitedAt: Date.now(),
        stdout,
        stderr,
        stdoutBytes,
        stdoutArrivals,
      });
    });
  });
  child.on('exit', () => (alive = false));
  return { child, spawnedAt, exited, running: () => alive, stdout: () => stdout };
}

export type Cancellation = RunnerCancellation<Exit>;

/** SIGINT now, SIGTERM 7.5 s later if still running, SIGKILL 2.5 s after that. */
export function cancelLikeRunner(launched: Launched): Promise<Cancellation> {
  return cancelChild(launched.child, launched.exited);
}

/** `::error::` messages in a stdout, as the runner takes them (lines inside `::stop-commands::` are text). */
export function errorAnnotations(stdout: string): string[] {
  const messages: string[] = [];
  let stopToken: string | undefined;
  for (const line of stdout.split(/\r?\n/)) {
    if (stopToken !== undefined) {
      if (line === `::${stopToken}::`) stopToken = undefined;
      continue;
    }
    const stop = /^::stop-commands::(.+)$/.exec(line);
    if (stop) {
      stopToken = stop[1];
      continue;
    }
    const error = /^::error(?: [^:]*)?::(.*)$/.exec(line);
    if (error) messages.push(error[1]!);
  }
  return messages;
}

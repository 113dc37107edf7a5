// Starts the emulator as a process of its own that outlives the step: detached, its output in a log
// file (a pipe would keep the runner waiting for the step to end), and let go of. Then waits, within a
// bound, until it answers the control API with the pid it was given, so that another server on the
// port is never taken for it.
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { EMULATOR_HOST, EmulatorOptionError, portTaken } from '../serve.ts';
import { logTail } from './log-tail.ts';
import { CONTROL_TOKEN_ENV, SERVE_ROLE } from './serve-role.ts';
import { probeEmulator } from './stats-client.ts';
import { isRunning } from './stop.ts';

export interface LaunchOptions {
  /** The script that serves when given SERVE_ROLE: the bundle of this entry. */
  entry: string;
  port: number;
  worldPath?: string;
  speed: number;
  controlToken: string;
  logPath: string;
  /** How long it may take to answer; default 20 s. */
  readyWithinMs?: number;
}

export interface Launched {
  pid: number;
  url: string;
}

const POLL_MS = 100;

/** Refuses a port something already listens on, naming the input, before anything is started. */
export async function checkPortFree(port: number): Promise<void> {
  const server = createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ port, host: EMULATOR_HOST, exclusive: true }, resolve);
    });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'EADDRINUSE') throw portTaken(port);
    throw new EmulatorOptionError('port', `cannot listen on ${port} (${String(code ?? error)}).`);
  } finally {
    server.close();
  }
}

/**
 * What the detached emulator inherits of the step's environment: what a node process needs to run and
 * to find its temporary directory, never the runner's tokens or the job's secrets, which it would
 * otherwise hold for as long as it lives.
 */
const INHERITED_ENV = ['PATH', 'HOME', 'USERPROFILE', 'TMPDIR', 'TMP', 'TEMP', 'SystemRoot', 'LANG', 'TZ'];

function emulatorEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(
    INHERITED_ENV.flatMap((name) => (env[name] === undefined ? [] : [[name, env[name]]])),
  );
}

/** Spawns the emulator; `onStarted` hears of it at once, before the wait, so that it can be stopped later. */
export async function launchEmulator(
  options: LaunchOptions,
  onStarted: (launched: Launched) => void,
): Promise<Launched> {
  const url = `http://${EMULATOR_HOST}:${options.port}`;
  const args = [options.entry, SERVE_ROLE, '--port', String(options.port), '--speed', String(options.speed)];
  if (options.worldPath !== undefined) args.push('--world', options.worldPath);
  const log = openSync(options.logPath, 'w');
  let pid: number | undefined;
  try {
    const child = spawn(process.execPath, args, {
      detached: true,
      stdio: ['ignore', log, log],
      env: { ...emulatorEnv(process.env), [CONTROL_TOKEN_ENV]: options.controlToken },
      windowsHide: true,
    });
    child.unref();
    pid = child.pid;
    if (pid === undefined) throw new Error('the emulator process could not be started');
  } finally {
    closeSync(log);
  }
  onStarted({ pid, url });
  await waitUntilServing(url, pid, options);
  return { pid, url };
}

async function waitUntilServing(url: string, pid: number, options: LaunchOptions): Promise<void> {
  const deadline = Date.now() + (options.readyWithinMs ?? 20_000);
  for (;;) {
    const probe = await probeEmulator(url, options.controlToken, 2000);
    if (probe.kind === 'ours' && probe.stats.pid === pid) return;
    if (probe.kind === 'foreign' || probe.kind === 'ours') {
      stopQuietly(pid);
      throw portTaken(options.port);
    }
    if (!isRunning(pid)) {
      throw new Error(`The emulator stopped before it answered. Its log:\n${logTail(options.logPath)}`);
    }
    if (Date.now() >= deadline) {
      stopQuietly(pid);
      const seconds = Math.round((options.readyWithinMs ?? 20_000) / 1000);
      throw new Error(
        `The emulator did not answer on ${url} within ${seconds} s (${probe.reason}). Its log:\n${logTail(options.logPath)}`,
      );
    }
    await sleep(POLL_MS);
  }
}

function stopQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

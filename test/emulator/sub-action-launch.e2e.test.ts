// How the sub-action's main entry starts the emulator and its post entry stops it, with stand-in
// processes for the ways it can go wrong: one that dies at once, one that never listens, a server on
// the port that is not this emulator, one that ignores SIGTERM.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { launchEmulator, type LaunchOptions } from '../../src/emulator/action/launch.ts';
import { isRunning, stopProcess } from '../../src/emulator/action/stop.ts';
import { EmulatorOptionError } from '../../src/emulator/serve.ts';

const dir = mkdtempSync(join(tmpdir(), 'emulator-launch-'));
const started: number[] = [];
afterAll(() => {
  for (const pid of started) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
});

/** A script standing in for the bundle: it ignores the serve arguments. */
function script(name: string, source: string): string {
  const path = join(dir, `${name}.mjs`);
  writeFileSync(path, source);
  return path;
}

function options(entry: string, port: number, extra: Partial<LaunchOptions> = {}): LaunchOptions {
  return { entry, port, speed: 1, controlToken: 'control', logPath: join(dir, `${port}.log`), ...extra };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

describe('launching the emulator', () => {
  it('reports a process that ends before it answers, with its log', async () => {
    const entry = script('dies', "console.error('emulator: the world is on fire'); process.exit(1);");
    const port = await freePort();
    const heard: number[] = [];
    const launch = launchEmulator(options(entry, port), ({ pid }) => heard.push(pid));
    await expect(launch).rejects.toThrow(
      /^The emulator stopped before it answered\. Its log:\nemulator: the world is on fire$/,
    );
    expect(heard).toHaveLength(1);
  });

  it('hands the emulator an allow-listed environment: no runner token or job secret', async () => {
    const entry = script('env', "console.error(Object.keys(process.env).sort().join(',')); process.exit(1);");
    const port = await freePort();
    process.env.ACTIONS_RUNTIME_TOKEN = 'runtime-token';
    process.env.INPUT_TOKEN = 'input-token';
    try {
      const launch = launchEmulator(options(entry, port), () => undefined);
      const error = await launch.then(
        () => new Error('the launch succeeded'),
        (failed: Error) => failed,
      );
      expect(error.message).toContain('PATH');
      expect(error.message).not.toMatch(/ACTIONS_RUNTIME_TOKEN|INPUT_TOKEN/);
    } finally {
      delete process.env.ACTIONS_RUNTIME_TOKEN;
      delete process.env.INPUT_TOKEN;
    }
  });

  it('gives up after the bound on a process that never answers, and ends it', async () => {
    const entry = script('silent', 'setInterval(() => {}, 1000);');
    const port = await freePort();
    let pid = 0;
    const launch = launchEmulator(options(entry, port, { readyWithinMs: 500 }), (launched) => {
      pid = launched.pid;
      started.push(pid);
    });
    await expect(launch).rejects.toThrow(
      /did not answer on http:\/\/127\.0\.0\.1:\d+ within 1 s \(ECONNREFUSED\)/,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(isRunning(pid)).toBe(false);
  });

  it('does not take another server on the port for the emulator', async () => {
    const other = createServer((_request, response) => response.writeHead(404).end());
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const address = other.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const entry = script('idle', 'setInterval(() => {}, 1000);');
      const launch = launchEmulator(options(entry, port), ({ pid }) => started.push(pid));
      const error: unknown = await launch.catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(EmulatorOptionError);
      expect((error as EmulatorOptionError).option).toBe('port');
    } finally {
      other.close();
    }
  });
});

describe('stopping the emulator', () => {
  it('kills a process that ignores SIGTERM, after the bound', async () => {
    const entry = script(
      'stubborn',
      "process.on('SIGTERM', () => {}); console.log('ready'); setInterval(() => {}, 1000);",
    );
    const child = spawn(process.execPath, [entry], { stdio: ['ignore', 'pipe', 'ignore'] });
    await new Promise((resolve) => child.stdout.once('data', resolve));
    started.push(child.pid!);
    const exited = new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    expect(await stopProcess(child.pid!, 300, 2000)).toBe('killed');
    expect(await exited).toBe('SIGKILL');
  });

  it('stops a process that ends on SIGTERM, and knows one that is gone', async () => {
    const entry = script('polite', "console.log('ready'); setInterval(() => {}, 1000);");
    const child = spawn(process.execPath, [entry], { stdio: ['ignore', 'pipe', 'ignore'] });
    await new Promise((resolve) => child.stdout.once('data', resolve));
    const exited = new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    expect(await stopProcess(child.pid!)).toBe('stopped');
    expect(await exited).toBe('SIGTERM');
    expect(await stopProcess(child.pid!)).toBe('gone');
  });
});

// Issue evidence: `node dist/emulator/index.js --help`, the entry people find in dist/, ignored its
// arguments and left a detached emulator on port 8080 behind.
describe('the main entry outside a runner', () => {
  it.each([
    ['no GITHUB_ACTIONS', { GITHUB_STATE: join(dir, 'state') }],
    ['no GITHUB_STATE', { GITHUB_ACTIONS: 'true' }],
  ])('with %s: exits 2 pointing at ci-run emulator, and starts nothing', async (_name, runnerEnv) => {
    const port = await freePort();
    const entry = join(import.meta.dirname, '../../src/emulator/action/index.ts');
    const child = spawn(process.execPath, [entry, '--help'], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        INPUT_PORT: String(port),
        ...runnerEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('`ci-run emulator`');
    await expect(fetch(`http://127.0.0.1:${port}/_emulator/stats`)).rejects.toThrow();
  });
});

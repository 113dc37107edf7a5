// The emulator sub-action (emulator/action.yml), run as the runner runs it: its bundled main entry with
// INPUT_* and the step's files, the bundled action against its outputs, then its post entry with the
// state main saved, from dist/ (rebuilt first when a source is newer).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorldFile } from '../../src/emulator/index.ts';
import { defaultWorld } from '../../src/emulator/index.ts';
import { makeFiles, parseRunnerOutput, runAction, type ActionResult } from '../support/action-harness.ts';
import { bundlePath, ensureBundle } from '../support/bundle.ts';

const EMULATOR = { manifest: 'emulator/action.yml', script: bundlePath('emulator') };
const EMULATOR_POST = { manifest: 'emulator/action.yml', script: bundlePath('emulator/post') };
const ACTION = { manifest: 'action.yml', script: bundlePath('.') };

const started: number[] = [];

beforeAll(() => ensureBundle(), 600_000);
afterAll(() => {
  for (const pid of started) if (running(pid)) process.kill(pid, 'SIGKILL');
});

/** A port nothing listens on, found by listening on port 0 and closing. */
async function freePort(): Promise<number> {
  const server = await listen(0);
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

function listen(port: number): Promise<Server> {
  const server = createServer();
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host: '127.0.0.1' }, () => resolve(server));
  });
}

/** Alive and not a zombie: a process whose parent is gone is reaped by init, or left as a zombie. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return true;
  }
}

async function startEmulatorStep(inputs: Record<string, string>): Promise<ActionResult> {
  const result = await runAction(inputs, { action: EMULATOR });
  const pid = Number(result.state.pid);
  if (pid > 0) started.push(pid);
  return result;
}

function stopEmulatorStep(main: ActionResult): Promise<ActionResult> {
  return runAction({}, { entry: 'post', files: main.files, action: EMULATOR_POST });
}

function worldFile(world: WorldFile): string {
  const path = join(makeFiles().dir, 'world.json');
  writeFileSync(path, JSON.stringify(world));
  return path;
}

describe('the bundled entry outside a runner', () => {
  it('refuses `--help` with a pointer to ci-run emulator, exit 2, and leaves no process', async () => {
    const port = await freePort();
    const ran = spawnSync(process.execPath, [EMULATOR.script, '--help'], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', INPUT_PORT: String(port) },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(ran.status).toBe(2);
    expect(ran.stderr).toContain('`ci-run emulator`');
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  });
});

describe('the emulator sub-action', () => {
  it('serves the built-in world for the action, then stops and summarises what it served', async () => {
    const port = await freePort();
    const main = await startEmulatorStep({ port: String(port), speed: '20' });
    expect(main.code, main.stdout + main.stderr).toBe(0);
    const baseUrl = `http://127.0.0.1:${port}`;
    expect(main.outputs).toEqual({
      'base-url': baseUrl,
      token: 'demo-token',
      'control-token': expect.stringMatching(/^[\w-]{32}$/),
    });
    const controlToken = main.outputs['control-token']!;
    const runner = parseRunnerOutput(main.stdout);
    expect(runner.masks).toEqual([controlToken]);
    expect(runner.log.join('\n')).toContain(`serves ${baseUrl}`);
    const pid = Number(main.state.pid);
    expect(running(pid)).toBe(true);
    expect(main.state).toMatchObject({ url: baseUrl, 'control-token': controlToken, ready: 'true' });

    // One transient failure on the way, injected through the control token output.
    const fault = { method: 'GET', route: '/api/v3/runs/:runId', status: 503, times: 1 };
    const injected = await fetch(`${baseUrl}/_emulator/faults`, {
      method: 'POST',
      headers: { authorization: `Bearer ${controlToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(fault),
    });
    expect(injected.status).toBe(200);

    const action = await runAction(
      {
        'base-url': main.outputs['base-url']!,
        token: main.outputs.token!,
        pipeline: 'acme/webapp/build',
        'env-vars': 'EMULATOR_STEP_MS=200',
        'poll-interval': '1s',
      },
      { action: ACTION },
    );
    expect(action.code, action.stdout).toBe(0);
    expect(action.outputs.result).toBe('passed');
    const runId = action.outputs['run-id']!;

    const post = await stopEmulatorStep(main);
    expect(post.code, post.stdout + post.stderr).toBe(0);
    expect(running(pid)).toBe(false);
    await expect(fetch(baseUrl)).rejects.toThrow();
    const log = parseRunnerOutput(post.stdout);
    expect(log.errors).toEqual([]);
    expect(log.warnings).toEqual([]);
    expect(log.log.join('\n')).toContain('Stopped at the end of the job.');
    expect(log.groups.map((group) => group.title)).toEqual(["The emulator's log"]);

    expect(post.summary).toContain(`Served at <code>${baseUrl}</code>`);
    // The build run, and the deploy run it chains on success.
    expect(post.summary).toMatch(/\d+ API requests, 2 runs created, 1 fault injected\./);
    const [runs, requests, faults] = post.summary.split('<h3>').slice(1);
    expect(runs).toContain(
      `<td><code>${runId}</code></td><td>build</td><td>main</td><td>finished</td><td>passed</td>`,
    );
    expect(runs).toMatch(/<td>deploy<\/td><td>main<\/td>/);
    expect(requests).toContain('<td><code>POST /api/v3/runs</code></td><td>1</td>');
    expect(requests).toMatch(/<td><code>GET \/api\/v3\/runs\/:runId<\/code><\/td><td>[2-9]\d*<\/td>/);
    expect(faults).toContain('<td><code>GET /api/v3/runs/:runId</code></td><td>1</td>');
    expect(post.summary).not.toContain(controlToken);
  }, 120_000);

  it('serves a world file, masks its token, and escapes its names in the summary', async () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const world: WorldFile = {
      users: [{ username: 'ann', token: 'ann-secret-token' }],
      applications: [
        {
          owner: 'ann',
          name: 'app',
          stack: 6,
          privacy: 'private',
          pipelines: [{ name: hostile, steps: [{ name: 'only', ms: 10 }] }],
        },
      ],
    };
    const port = await freePort();
    const main = await startEmulatorStep({ port: String(port), world: worldFile(world), speed: '0' });
    expect(main.code, main.stdout + main.stderr).toBe(0);
    expect(main.outputs.token).toBe('ann-secret-token');
    expect(parseRunnerOutput(main.stdout).masks).toContain('ann-secret-token');
    expect(main.stdout).toContain('the world in');

    const api = `${main.outputs['base-url']}/api/v3`;
    const headers = { authorization: 'Bearer ann-secret-token', 'content-type': 'application/json' };
    const pipelines = (await (await fetch(`${api}/applications/ann/app/pipelines`, { headers })).json()) as {
      id: string;
    }[];
    const pipelineId = pipelines[0]!.id;
    const triggered = await fetch(`${api}/runs`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ pipelineId, branch: `<b>${hostile}</b>` }),
    });
    expect(triggered.status).toBe(200);

    const post = await stopEmulatorStep(main);
    expect(post.code).toBe(0);
    expect(running(Number(main.state.pid))).toBe(false);
    expect(post.summary).toContain('1 run created');
    expect(post.summary).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(post.summary).not.toMatch(/<img|<b>/);
  }, 60_000);

  it('fails naming "world" when the world file is bad, and starts nothing', async () => {
    const bad = worldFile({ ...defaultWorld, users: [{ username: '' }] } as WorldFile);
    const main = await startEmulatorStep({ port: String(await freePort()), world: bad });
    expect(main.code).toBe(1);
    const errors = parseRunnerOutput(main.stdout).errors.map((error) => error.message);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('Input "world":');
    expect(errors[0]).toContain('users.0.username: must not be empty');
    expect(main.outputs).toEqual({});
    expect(main.state).toEqual({});

    const missing = await startEmulatorStep({ world: join(makeFiles().dir, 'nowhere.json') });
    expect(parseRunnerOutput(missing.stdout).errors[0]?.message).toMatch(
      /^Input "world": ".*nowhere\.json": cannot read it \(ENOENT\)$/,
    );
  }, 60_000);

  it('fails naming "port" when the port is taken or not a port', async () => {
    const taken = await listen(0);
    const address = taken.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const main = await startEmulatorStep({ port: String(port) });
      expect(main.code).toBe(1);
      expect(parseRunnerOutput(main.stdout).errors.map((error) => error.message)).toEqual([
        `Input "port": ${port} is taken: something already listens on 127.0.0.1:${port}; choose another port.`,
      ]);
      expect(main.outputs).toEqual({});
      expect(main.state).toEqual({});
    } finally {
      taken.close();
    }
    const wrong = await startEmulatorStep({ port: 'http' });
    expect(parseRunnerOutput(wrong.stdout).errors[0]?.message).toBe(
      'Input "port": must be a TCP port from 1 to 65535, got "http".',
    );
    const speed = await startEmulatorStep({ port: String(port), speed: 'fast' });
    expect(parseRunnerOutput(speed.stdout).errors[0]?.message).toMatch(/^Input "speed": must be a number/);
  }, 60_000);

  it('post does nothing when main started nothing, and tells of an emulator that died', async () => {
    const post = await runAction({}, { entry: 'post', state: {}, action: EMULATOR_POST });
    expect(post.code).toBe(0);
    expect(post.stdout).toContain('The emulator was not started; nothing to stop.');
    expect(post.summary).toBe('');

    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    const port = await freePort();
    const saved = { pid: String(dead), url: `http://127.0.0.1:${port}`, 'control-token': 'x'.repeat(32) };
    const failedStart = await runAction({}, { entry: 'post', state: saved, action: EMULATOR_POST });
    expect(failedStart.code).toBe(0);
    expect(failedStart.stdout).toContain('The emulator did not start (the main step said why)');
    expect(failedStart.summary).toBe('');

    const died = await runAction(
      {},
      { entry: 'post', state: { ...saved, ready: 'true' }, action: EMULATOR_POST },
    );
    expect(died.code).toBe(0);
    expect(parseRunnerOutput(died.stdout).warnings).toEqual([]);
    expect(died.summary).toContain('did not answer at the end of the job (ECONNREFUSED)');
    expect(died.summary).toContain('It had already stopped.');
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultWorld, type WorldFile } from '../../src/emulator/index.ts';
import { getWithHost } from './helpers.ts';

const CLI = join(import.meta.dirname, '../../src/emulator/cli.ts');

interface Started {
  child: ChildProcess;
  url: string;
  controlToken: string;
  stdout: () => string;
}

function startCli(args: string[]): Promise<Started> {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /(http:\/\/\S+)\nControl token: (\S+)\n/.exec(stdout);
      if (match?.[1] && match[2]) {
        resolve({ child, url: match[1], controlToken: match[2], stdout: () => stdout });
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${stderr}`)));
  });
}

async function runToExit(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'emulator-cli-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the emulator CLI', () => {
  it('prints its URL and control token, serves, and exits 0 on SIGTERM', async () => {
    const started = await startCli([
      '--port',
      '0',
      '--speed',
      '0',
      '--quirks',
      'nullProgress,displayNameSteps',
    ]);
    expect(started.stdout()).toMatch(
      /^CI Service API v3 emulator listening on http:\/\/127\.0\.0\.1:\d+\nControl token: [\w-]{32,}\n$/,
    );
    const apps = await fetch(`${started.url}/api/v3/applications/acme`);
    expect(apps.status).toBe(200);
    expect((await getWithHost(`${started.url}/api/v3/applications/acme`, 'attacker.example')).status).toBe(
      421,
    );
    expect((await fetch(`${started.url}/_emulator/quirks`)).status).toBe(401);
    const headers = { authorization: `Bearer ${started.controlToken}` };
    const quirks = await (await fetch(`${started.url}/_emulator/quirks`, { headers })).json();
    expect(quirks).toMatchObject({ nullProgress: true, displayNameSteps: true, goTriggerResponse: false });
    const exited = once(started.child, 'exit');
    started.child.kill('SIGTERM');
    const [code] = await exited;
    expect(code).toBe(0);
    expect(started.stdout().trim().split('\n')).toHaveLength(2);
  });

  it('loads a world file and exits 0 on SIGINT', async () => {
    const world: WorldFile = {
      users: [{ username: 'solo', token: 'solo-token' }],
      applications: [
        { owner: 'solo', name: 'tool', stack: 6, privacy: 'public', pipelines: [{ name: 'ci' }] },
      ],
    };
    const path = join(dir, 'world.json');
    await writeFile(path, JSON.stringify(world));
    const started = await startCli([
      '--port',
      '0',
      '--world',
      path,
      '--quirks',
      'all',
      '--control-token',
      'chosen-token',
    ]);
    expect(started.controlToken).toBe('chosen-token');
    const apps = (await (await fetch(`${started.url}/api/v3/applications/solo`)).json()) as {
      name: string;
    }[];
    expect(apps.map((app) => app.name)).toEqual(['tool']);
    const headers = { 'x-emulator-token': 'chosen-token' };
    const quirks = (await (await fetch(`${started.url}/_emulator/quirks`, { headers })).json()) as Record<
      string,
      boolean
    >;
    expect(Object.values(quirks).every(Boolean)).toBe(true);
    const exited = once(started.child, 'exit');
    started.child.kill('SIGINT');
    expect((await exited)[0]).toBe(0);
  });

  it('serves the --host it listens on besides loopback names, and no other Host', async () => {
    const started = await startCli(['--port', '0', '--host', '0.0.0.0', '--speed', '0']);
    try {
      const port = new URL(started.url).port;
      const apps = `http://127.0.0.1:${port}/api/v3/applications/acme`;
      expect((await getWithHost(apps, `0.0.0.0:${port}`)).status).toBe(200);
      expect((await getWithHost(apps, `localhost:${port}`)).status).toBe(200);
      expect((await getWithHost(apps, `attacker.example:${port}`)).status).toBe(421);
    } finally {
      const exited = once(started.child, 'exit');
      started.child.kill('SIGTERM');
      await exited;
    }
  });

  it('exits 1 with a message for bad arguments or a bad world file', async () => {
    const badQuirk = await runToExit(['--port', '0', '--quirks', 'nope']);
    expect(badQuirk.code).toBe(1);
    expect(badQuirk.stderr).toContain('unknown quirk "nope"');
    const badSpeed = await runToExit(['--port', '0', '--speed', 'fast']);
    expect(badSpeed.code).toBe(1);
    expect(badSpeed.stderr).toContain('invalid --speed');
    const badHost = await runToExit(['--port', '0', '--host', 'no such host']);
    expect(badHost.code).toBe(1);
    expect(badHost.stderr).toContain('invalid host "no such host"');
    const badToken = await runToExit(['--port', '0', '--control-token', 'two words']);
    expect(badToken.code).toBe(1);
    expect(badToken.stderr).toContain('control token must be printable ASCII without spaces');
    const path = join(dir, 'broken.json');
    await writeFile(path, JSON.stringify({ ...defaultWorld, users: [{ token: 'x' }] }));
    const badWorld = await runToExit(['--port', '0', '--world', path]);
    expect(badWorld.code).toBe(1);
    expect(badWorld.stderr).toContain('users.0.username');
    expect(badWorld.stdout).toBe('');
  });
});

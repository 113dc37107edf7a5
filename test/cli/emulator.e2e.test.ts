// `ci-run emulator`: the emulator in the foreground, as a user starts it, until Ctrl-C.
import { writeFileSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli as runCliInProcess } from '../../src/cli/main.ts';
import { captureIo, runCli, startCli } from './helpers.ts';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

describe('ci-run emulator', () => {
  it('serves, prints the base URL and the token, and stops with exit code 0 on Ctrl-C', async () => {
    const port = await freePort();
    const cli = startCli(['emulator', '--port', String(port), '--speed', '0']);
    await cli.waitForOutput(/Press Ctrl-C to stop\.\n/);
    const apps = await fetch(`http://127.0.0.1:${port}/api/v3/applications/acme`, {
      headers: { authorization: 'Bearer demo-token' },
    });
    expect(apps.status).toBe(200);
    cli.child.kill('SIGINT');
    const result = await cli.result;
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      new RegExp(
        `^CI Service API v3 emulator listening on http://127\\.0\\.0\\.1:${port}\\n` +
          `Base URL: http://127\\.0\\.0\\.1:${port}\\nToken: demo-token\\nControl token: [\\w-]{32}\\n` +
          'Press Ctrl-C to stop\\.\\n$',
      ),
    );
    expect(result.stderr).toBe('');
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  });

  it('prints JSON with --json, serves a world file, and stops on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ci-run-emulator-'));
    writeFileSync(
      join(dir, 'world.json'),
      JSON.stringify({ users: [{ username: 'ann', token: 'ann-token' }], applications: [] }),
    );
    const port = await freePort();
    const cli = startCli(['emulator', '--port', String(port), '--world', 'world.json', '--json'], {
      cwd: dir,
    });
    await cli.waitForOutput(/\}\n$/);
    cli.child.kill('SIGTERM');
    const result = await cli.result;
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      baseUrl: `http://127.0.0.1:${port}`,
      token: 'ann-token',
      controlToken: expect.stringMatching(/^[\w-]{32}$/),
    });
  });

  // Issue evidence: `ci-run emulator` is the one users have after `npm install`; it takes every option
  // `npm run emulator` takes.
  it('takes --host, --quirks and --control-token as npm run emulator does', async () => {
    const port = await freePort();
    const controlToken = 'a-control-token-of-my-own';
    const cli = startCli([
      'emulator',
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
      '--speed',
      '0',
      '--quirks',
      'nullProgress,ignoreRange',
      '--control-token',
      controlToken,
      '--json',
    ]);
    await cli.waitForOutput(/\}\n$/);
    const quirks = await fetch(`http://127.0.0.1:${port}/_emulator/quirks`, {
      headers: { authorization: `Bearer ${controlToken}` },
    });
    expect(quirks.status).toBe(200);
    expect(await quirks.json()).toMatchObject({
      nullProgress: true,
      ignoreRange: true,
      pendingApproval: false,
    });
    cli.child.kill('SIGTERM');
    const result = await cli.result;
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ baseUrl: `http://127.0.0.1:${port}`, controlToken });

    const badQuirk = await runCli(['emulator', '--quirks', 'nope']);
    expect(badQuirk.code).toBe(2);
    expect(badQuirk.stderr).toContain('ci-run: --quirks: unknown quirk "nope"');
    const badToken = await runCli(['emulator', '--control-token', 'has space']);
    expect(badToken.code).toBe(2);
    expect(badToken.stderr).toContain('ci-run: --control-token: the control token must be printable ASCII');
  });

  it('refuses a bad world file, a taken port and a bad speed with exit code 2, naming the flag', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ci-run-emulator-'));
    writeFileSync(join(dir, 'bad.json'), '{"users": [], "applications": [{"owner": "x"}]}');
    const bad = await runCli(['emulator', '--world', 'bad.json'], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(
      /^ci-run: --world: ".*bad\.json": invalid world file:\n {2}applications\.0\.name/,
    );

    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const address = taken.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const busy = await runCli(['emulator', '--port', String(port)]);
      expect(busy.code).toBe(2);
      expect(busy.stderr).toContain(`ci-run: --port: ${port} is taken`);
    } finally {
      taken.close();
    }

    const speed = await runCli(['emulator', '--speed', 'fast']);
    expect(speed.code).toBe(2);
    expect(speed.stderr).toContain('ci-run: --speed: must be a number');
  });

  it('takes no connection flags, and is in the help', async () => {
    const io = captureIo();
    expect(await runCliInProcess(['emulator', '--base-url', 'http://x'], io)).toBe(2);
    expect(io.err()).toContain("Unknown option '--base-url'");

    const help = captureIo();
    expect(await runCliInProcess(['--help'], help)).toBe(0);
    expect(help.out()).toMatch(
      /\n {2}emulator {2,}Serve the CI Service API v3 emulator on this machine until Ctrl-C\./,
    );

    const own = captureIo();
    expect(await runCliInProcess(['emulator', '--help'], own)).toBe(0);
    expect(own.out()).toContain('--port <port>');
    expect(own.out()).toContain('--world <path>');
    expect(own.out()).toContain('--speed <n>');
    expect(own.out()).toContain('--host <address>');
    expect(own.out()).toContain('--quirks <all|name,name,shape=spec|2016|2017>');
    expect(own.out()).toContain('--control-token <token>');
    expect(own.out()).not.toContain('--token');
  });
});

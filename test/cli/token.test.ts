// How the CLI takes its token: --token-file from a file or standard input, CI_RUN_TOKEN, and --token with a
// warning, for a command line is readable by every local user. A write needs the right token, so
// `app ignore-branches` proves which token was sent.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.ts';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import { BUILD_PIPELINE, captureIo, TOKEN } from './helpers.ts';

let emulator: Emulator;
const dir = mkdtempSync(join(tmpdir(), 'ci-run-token-'));

beforeAll(async () => {
  emulator = await startEmulator({ speed: 20 });
});
afterAll(async () => emulator?.close());
beforeEach(() => emulator.control.reset());

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** A write only the owner's token may make. */
const WRITE = ['app', 'ignore-branches', 'acme/webapp', 'wip'];
const WARNING = /^ci-run: warning: a --token on the command line can be read by other local users/m;

interface Options {
  env?: Record<string, string>;
  stdin?: string;
  cwd?: string;
}

async function cli(args: string[], options: Options = {}) {
  const io = captureIo({ CI_RUN_BASE_URL: emulator.url, ...options.env }, false, options.stdin ?? '');
  if (options.cwd !== undefined) io.cwd = options.cwd;
  const code = await runCli(args, io);
  return { code, stdout: io.out(), stderr: io.err() };
}

describe('--token-file', () => {
  it('reads the token from a file, trimmed, relative to the working directory too', async () => {
    const path = file('token', `  ${TOKEN}\n\n`);
    const result = await cli([...WRITE, '--token-file', path]);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toBe('acme/webapp ignores: wip\n');
    expect(emulator.control.requests().at(-1)).toMatchObject({ method: 'PATCH', hasAuthorization: true });
    const relative = await cli([...WRITE, '--token-file', 'token'], { cwd: dir });
    expect(relative).toMatchObject({ code: 0, stderr: '' });
  });

  it('reads the token from standard input with -', async () => {
    const result = await cli([...WRITE, '--token-file', '-'], { stdin: `${TOKEN}\r\n` });
    expect(result).toMatchObject({ code: 0, stderr: '' });
  });

  it('sends the token it read, and wins over CI_RUN_TOKEN', async () => {
    const wrong = await cli([...WRITE, '--token-file', file('wrong', 'not-the-token\n')], {
      env: { CI_RUN_TOKEN: TOKEN },
    });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('HTTP 401');
  });

  it('is what the run command uses as well', async () => {
    const result = await cli(
      ['run', '--pipeline-id', BUILD_PIPELINE, '--wait', 'false', '--token-file', '-'],
      { stdin: TOKEN },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(emulator.control.requests().find((entry) => entry.method === 'POST')).toMatchObject({
      hasAuthorization: true,
      status: 200,
    });
  });

  it('refuses a file it cannot read, an empty one, empty input or two lines, naming the flag (exit 2)', async () => {
    const missing = await cli([...WRITE, '--token-file', join(dir, 'nowhere')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^ci-run: cannot read --token-file ".*nowhere" \(ENOENT\)\.$/m);
    const directory = await cli([...WRITE, '--token-file', dir]);
    expect(directory.code).toBe(2);
    expect(directory.stderr).toContain('cannot read --token-file');
    const empty = await cli([...WRITE, '--token-file', file('empty', ' \n\t\n')]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/--token-file ".*empty" holds no token: it is empty\./);
    const noInput = await cli([...WRITE, '--token-file', '-'], { stdin: '\n' });
    expect(noInput.code).toBe(2);
    expect(noInput.stderr).toContain('--token-file standard input holds no token');
    const twoLines = await cli([...WRITE, '--token-file', file('two', `${TOKEN}\nsecond\n`)]);
    expect(twoLines.code).toBe(2);
    expect(twoLines.stderr).toContain('must hold the token alone, on one line');
    expect(emulator.control.requests()).toHaveLength(0);
  });

  it('cannot be combined with --token (exit 2, nothing sent, no warning)', async () => {
    const result = await cli([...WRITE, '--token', TOKEN, '--token-file', file('both', TOKEN)]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('give the token once: --token or --token-file, not both.');
    expect(result.stderr).toContain("Run 'ci-run app ignore-branches --help' for usage.");
    expect(result.stderr).not.toMatch(WARNING);
    expect(emulator.control.requests()).toHaveLength(0);
  });
});

describe('--token on the command line', () => {
  it('works, with one warning on stderr that points at --token-file and CI_RUN_TOKEN', async () => {
    const result = await cli([...WRITE, '--token', TOKEN]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('acme/webapp ignores: wip\n');
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(WARNING);
    expect(lines[0]).toContain('process list');
    expect(lines[0]).toContain('--token-file');
    expect(lines[0]).toContain('CI_RUN_TOKEN');
    expect(result.stderr).not.toContain(TOKEN);
  });

  it('warns for the run command too, and once even when the command fails', async () => {
    const result = await cli(['run', '--pipeline-id', BUILD_PIPELINE, '--token', 'wrong-token']);
    expect(result.code).toBe(1);
    expect(result.stderr.match(new RegExp(WARNING.source, 'gm'))).toHaveLength(1);
  });

  it('is not needed: CI_RUN_TOKEN gives no warning', async () => {
    const result = await cli(WRITE, { env: { CI_RUN_TOKEN: TOKEN } });
    expect(result).toMatchObject({ code: 0, stderr: '' });
  });

  it('is listed in the help with the advice', async () => {
    const help = await cli(['runs', 'list', '--help']);
    expect(help.stdout).toMatch(/--token <token>\s+API token .*prefer --token-file/);
    expect(help.stdout).toMatch(
      /--token-file <path\|->\s+Read the API token from this file, or from standard/,
    );
    const main = await cli(['--help']);
    expect(main.stdout).toContain('--token-file <path|->');
  });
});

// The CLI's --token-file read from the real standard input of a node process (the in-process cases
// are in token.test.ts). A write needs the right token, so `app ignore-branches` proves which was sent.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import { followOutput } from '../support/child-output.ts';
import { baseEnv, CLI_BUNDLE, ROOT, TOKEN } from './helpers.ts';

let emulator: Emulator;

beforeAll(async () => {
  emulator = await startEmulator({ speed: 20 });
});
afterAll(async () => emulator?.close());
beforeEach(() => emulator.control.reset());

/** A write only the owner's token may make. */
const WRITE = ['app', 'ignore-branches', 'acme/webapp', 'wip'];

describe('--token-file', () => {
  it('reads the real standard input of the process', async () => {
    const child = spawn(
      process.execPath,
      [CLI_BUNDLE, ...WRITE, '--base-url', emulator.url, '--token-file', '-'],
      { cwd: ROOT, env: baseEnv(), stdio: ['pipe', 'pipe', 'pipe'] },
    );
    const output = followOutput(child, 'the CLI');
    child.stdin.end(`${TOKEN}\n`);
    const result = await output.exit;
    expect(result).toMatchObject({ code: 0, stdout: 'acme/webapp ignores: wip\n', stderr: '' });
  });
});

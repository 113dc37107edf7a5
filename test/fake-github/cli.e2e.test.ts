import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHA, TOKEN } from './helpers.ts';

const CLI = join(import.meta.dirname, '../../tools/fake-github/cli.ts');

function run(args: string[]) {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const line = /^(http:\/\/\S+)\n/.exec(stdout)?.[1];
      if (line) resolve(line);
    });
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${stderr}`)));
  });
  return { child, url, output: () => ({ stdout, stderr }) };
}

describe('the fake GitHub CLI', () => {
  it('prints its URL, logs requests and violations, and exits 0 on SIGTERM with a summary', async () => {
    const started = run(['--port', '0', '--ghes']);
    const url = await started.url;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v3$/);
    const response = await fetch(`${url}/repos/acme/webapp/statuses/${SHA}`, {
      method: 'POST',
      headers: { authorization: `token ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ state: 'success', context: 'ci' }),
    });
    expect(response.status).toBe(201);
    expect((await fetch(`${url}/user`)).status).toBe(404);
    started.child.kill('SIGTERM');
    const [code] = await once(started.child, 'exit');
    expect(code).toBe(0);
    const { stderr } = started.output();
    expect(stderr).toContain(`POST /api/v3/repos/acme/webapp/statuses/${SHA} -> 201`);
    expect(stderr).toContain('violation [not-implemented] GET /api/v3/user');
    expect(stderr).toContain('2 requests, 1 violations, 0 faults injected');
  });

  it('refuses a bad flag with its usage and exit code 2', async () => {
    const started = run(['--port', 'eighty']);
    const [code] = await once(started.child, 'exit');
    expect(code).toBe(2);
    expect(started.output().stderr).toContain('invalid --port');
    await started.url.catch(() => undefined);
  });
});

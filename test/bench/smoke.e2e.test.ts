// `npm run bench -- --quick` and `npm run chaos -- --quick`: each module runs on a tiny configuration and
// prints its tables. Figures are not checked: benchmarks report, they never fail on a time.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBundle } from '../support/bundle.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

function runNode(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

beforeAll(async () => {
  await ensureBundle();
}, 300_000);

// The two commands share nothing, so they run side by side.
describe.concurrent('the bench and chaos commands', () => {
  it('bench/run.ts --quick prints a table for every benchmark', async () => {
    const { code, stdout, stderr } = await runNode(['bench/run.ts', '--quick']);
    expect(code, stderr).toBe(0);
    for (const heading of [
      '## 1. Finish detection vs request cost',
      '### Simulation: `node bench/polling/run.ts',
      '### The goal',
      '### End to end',
      '## 2. Abort latency',
      '## 3. Cold start',
      '## 4. Scale',
      '## 5. Several targets in one step',
    ]) {
      expect(stdout).toContain(heading);
    }
    expect(stdout).toContain('| run (5 steps, 1 s queue) | history |');
    expect(stdout).toContain('| from SIGINT to | samples |');
    expect(stdout).toContain('`dist/index.js`: spawn → first request arrives');
    expect(stdout).toContain('`dist/post/index.js` with nothing to do: spawn → exit');
    expect(stdout).toContain('### Where the time goes');
    expect(stdout).toContain('| summary of | renders |');
    expect(stdout).toContain('| targets | exit | wall | requests per target |');
    expect(stdout).toContain('| targets | samples | to the first abort, median |');
    expect(stdout).toMatch(/^Machine: .+ cores, .+ GiB memory, Node v\d+/m);
  }, 90_000);

  it('bench/chaos/run.ts --quick runs a few seeded runs and prints every check', async () => {
    const { code, stdout, stderr } = await runNode(['bench/chaos/run.ts', '--quick']);
    // Exit 1 reports a product problem found by the run, which this smoke test does not judge.
    expect([0, 1], stderr).toContain(code);
    expect(stdout).toContain('Seed 1: 4 of 4 planned runs');
    expect(stdout).toContain('| check | runs failing it |');
    for (const check of [
      'wrong result',
      'duplicate trigger',
      'left running',
      'missing summary',
      'leaked token',
    ]) {
      expect(stdout).toMatch(new RegExp(`^\\| ${check} \\| \\d+ \\|$`, 'm'));
    }
  }, 90_000);
});

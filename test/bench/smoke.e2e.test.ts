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

/** What each section of `bench/run.ts --quick` prints, run on its own with --only. */
const SECTIONS: Array<[string, string[]]> = [
  [
    'simulation',
    ['## 1. Finish detection vs request cost', '### Simulation: `node bench/polling/run.ts', '### The goal'],
  ],
  [
    'detection',
    ['## 1. Finish detection vs request cost', '### End to end', '| run (5 steps, 1 s queue) | history |'],
  ],
  ['abort', ['## 2. Abort latency', '| from SIGINT to | samples |']],
  [
    'cold-start',
    [
      '## 3. Cold start',
      '`dist/index.js`: spawn → first request arrives',
      '`dist/post/index.js` with nothing to do: spawn → exit',
      '### Where the time goes',
      '| phase of one start (instrumented copy) | median |',
      '| evaluating, by part (each module exclusive of those it requires) | median |',
    ],
  ],
  ['scale', ['## 4. Scale', '| summary of | renders |']],
  [
    'fan-out',
    [
      '## 5. Several targets in one step',
      '| targets | exit | wall | requests per target |',
      '| targets | samples | to the first abort, median |',
    ],
  ],
  [
    'live-logs',
    [
      '## 6. Live step logs',
      '| reader, server | lines | latency median |',
      '| step-end printing (`step-logs: all`) |',
    ],
  ],
  ['long-texts', ['## 7. Long remote texts', '| `dist/index.js`, 3 steps per run | peak RSS |']],
  [
    'test-reports',
    [
      '## 8. Test reports',
      '| `dist/index.js`, one step storing the report | cases read | peak RSS |',
      '| `test-reports`: 1,000 cases | 1,000 |',
    ],
  ],
  [
    'artifacts',
    [
      '## 9. Artifacts: download and extraction',
      '| archive, downloaded and extracted | `storeArchive` |',
      '| peak RSS of the child process | peak RSS |',
    ],
  ],
];

// The sections and the chaos run share nothing, so they run side by side.
describe.concurrent('the bench and chaos commands', () => {
  it('bench/run.ts --quick names every section it can run', async () => {
    const { code, stdout } = await runNode(['bench/run.ts', '--help']);
    expect(code).toBe(0);
    for (const [section] of SECTIONS) expect(stdout).toContain(section);
  });

  it.each(SECTIONS)(
    'bench/run.ts --quick --only %s prints its tables',
    async (section, expected) => {
      const { code, stdout, stderr } = await runNode(['bench/run.ts', '--quick', '--only', section]);
      expect(code, stderr).toBe(0);
      for (const text of expected) expect(stdout).toContain(text);
      expect(stdout).toMatch(/^Machine: .+ cores, .+ GiB memory, Node v\d+/m);
    },
    90_000,
  );

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
      'live log lines',
      'artifacts',
    ]) {
      expect(stdout).toMatch(new RegExp(`^\\| ${check} \\| \\d+ \\|$`, 'm'));
    }
  }, 90_000);
});

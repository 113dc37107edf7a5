// `npm run demo`: the embedded emulator and the bundled action, end to end, as a new user first sees them.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, expect, it } from 'vitest';
import { ensureBundle } from '../support/bundle.ts';
import { baseEnv, ROOT } from './helpers.ts';

beforeAll(() => ensureBundle(), 180_000);

it('runs the passing scenario, then prints the outputs and the job summary (exit 0)', async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ['scripts/demo.mjs', '--scenario', 'pass'], {
    cwd: ROOT,
    env: baseEnv(),
    timeout: 60_000,
  });
  expect(stdout).toMatch(/Triggered run [0-9a-f]{24} of build/);
  expect(stdout).toMatch(/^ {2}✔ Run passed in \d+s$/m);
  expect(stdout).toMatch(/^Outputs\n {2}type {9}run\n/m);
  expect(stdout).toMatch(/^ {2}result {7}passed$/m);
  expect(stdout).toMatch(/^Job summary\n {2}✔ Run passed$/m);
  expect(stdout).toMatch(/^ {2}5 {2}store {14}✔ passed/m);
  expect(stdout).toContain('The "pass" demo behaved as expected.');
  // Workflow commands are shown the way the runner shows them, never as raw commands.
  expect(stdout).not.toMatch(/^\s*::/m);
  expect(stdout).not.toContain('demo-token');
}, 90_000);

it('runs the github scenario: the statuses, check run and deployment the fake GitHub received', async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['scripts/demo.mjs', '--scenario', 'github'],
    {
      cwd: ROOT,
      env: baseEnv(),
      timeout: 90_000,
    },
  );
  expect(stdout).toMatch(/^What GitHub received for [0-9a-f]{7}$/m);
  expect(stdout).toMatch(/^ {4}failure {2}ci-service\/build {2}Run .* failed at step 4\/5 npm test/m);
  expect(stdout).toMatch(/^ {4}CI service: build: completed, failure/m);
  expect(stdout).toMatch(/^ {4}staging: in_progress → failure/m);
  expect(stdout).toContain('The "github" demo behaved as expected.');
  expect(stdout).not.toContain('ghs_demoGitHubToken');
}, 120_000);

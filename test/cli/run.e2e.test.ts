// `ci-run run` as a user runs it: a child process against the emulator over real HTTP. The passing run and
// Ctrl-C use the bundle that `npx ci-run` runs; the rest the sources, which start faster.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.ts';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import { ensureBundle } from '../support/bundle.ts';
import { until } from '../support/runner-signals.ts';
import { VERSION } from '../../src/cli/version.ts';
import { BUILD_PIPELINE, CLI_BUNDLE, runCli, startCli, TOKEN } from './helpers.ts';

const SPEED = 20;
const ENDLESS_STEP = 'EMULATOR_STEP_MS=600000';

let emulator: Emulator;

beforeAll(async () => {
  await ensureBundle();
  emulator = await startEmulator({ speed: SPEED });
}, 180_000);
afterAll(async () => emulator?.close());
beforeEach(() => {
  emulator.control.reset();
  emulator.control.setSpeed(SPEED);
});

const target = () => [
  'run',
  '--base-url',
  emulator.url,
  '--pipeline-id',
  BUILD_PIPELINE,
  '--poll-interval',
  '1s',
];
const withToken = { env: { CI_RUN_TOKEN: TOKEN } };
const requests = (method: string, suffix = '') =>
  emulator.control.requests().filter((entry) => entry.method === method && entry.path.endsWith(suffix));
const runOf = (id: string | undefined) => emulator.control.runs().find((run) => run.id === id);

/** No workflow command and no escape sequence may reach a terminal. */
function expectPlainTerminalText(text: string) {
  expect(text).not.toMatch(/^\s*::/m);
  expect(text).not.toContain('\u001b');
}

describe('ci-run run', () => {
  it('follows a passing run live, prints the summary and exits 0 (bundle)', async () => {
    const result = await runCli(target(), { ...withToken, entry: 'bundle' });
    expect(result.code, result.stderr).toBe(0);
    const [run] = emulator.control
      .runs()
      .filter((view) => view.pipelineId === BUILD_PIPELINE)
      .slice(-1);
    expect(result.stdout).toContain(
      `Triggered run ${run!.id} of build on main@8d3f2a6: ${emulator.url}/api/v3/runs/`,
    );
    expect(result.stdout).toMatch(/^✔ 1\/5 get code/m);
    expect(result.stdout).toMatch(/^✔ Run passed in \d+s$/m);
    // The summary, as text, after the live report.
    const summary = result.stdout.slice(result.stdout.lastIndexOf('\n✔ Run passed\n'));
    expect(summary).toMatch(/^Pipeline:\s+/m);
    expect(summary).toMatch(new RegExp(`^Run:\\s+${run!.id}`, 'm'));
    expect(summary).toMatch(/^ {2}✔ 5 store \(\d+s\) passed/m);
    expect(summary).toContain('Environment variables: none were sent.');
    expectPlainTerminalText(result.stdout);
    expect(requests('POST')).toHaveLength(1);
    expect(runOf(run!.id)).toMatchObject({ status: 'finished', result: 'passed' });
  });

  it('exits 1 on a failed run, with the log tail of the failed step as plain indented text', async () => {
    const result = await runCli([...target(), '--env-vars', 'EMULATOR_FAIL_STEP=npm test'], withToken);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^✖ 4\/5 npm test/m);
    expect(result.stdout).toMatch(/^ {2}│ ERROR: 3 tests failed$/m);
    // The emulator puts a workflow command in every log: it is printed as text inside the group.
    expect(result.stdout).toMatch(/^ {2}│ ::endgroup::$/m);
    expect(result.stdout).toMatch(/^error: ✖ Step 4\/5 npm test failed: ERROR: 3 tests failed$/m);
    expect(result.stdout).toMatch(/^✖ Run failed after/m);
    expect(result.stdout).toContain('  - The run failed at step 4/5 "npm test".');
    expect(result.stdout).not.toMatch(/stop-commands/);
    expect(result.stdout).not.toContain('\u001b');
  });

  it('exits 1 when the run is aborted on the server while it is followed', async () => {
    const cli = startCli([...target(), '--env-vars', ENDLESS_STEP], withToken);
    await cli.waitForOutput(/^running /m);
    const id = emulator.control.runs().at(-1)!.id;
    const client = new ApiClient({ baseUrl: emulator.url, token: TOKEN });
    await client.abortRun(id).finally(() => client.close());
    const result = await cli.result;
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^⊘ Run was aborted/m);
  });

  it('exits 1 on a timeout, after aborting the run', async () => {
    const result = await runCli([...target(), '--env-vars', ENDLESS_STEP, '--timeout', '2s'], withToken);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^⏱ Run timed out/m);
    expect(requests('PUT', '/abort')).toHaveLength(1);
    expect(emulator.control.runs().at(-1)).toMatchObject({ status: 'finished', result: 'aborted' });
  });

  it('sends --env-vars and --env-vars-file in the order given, and --json prints the outcome and the outputs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ci-run-cli-'));
    writeFileSync(join(dir, 'vars.env'), '# from a file\nSECOND=2\nTHIRD=three = 3\n');
    const result = await runCli(
      [
        ...target(),
        '--env-vars',
        'FIRST=1',
        '--env-vars-file',
        'vars.env',
        '--env-vars',
        'FOURTH=4\nFIFTH=5',
        '--wait',
        'false',
        '--json',
      ],
      { ...withToken, cwd: dir },
    );
    expect(result.code, result.stderr).toBe(0);
    const printed = JSON.parse(result.stdout);
    expect(printed).toMatchObject({ outcome: 'triggered', success: true, outputs: { type: 'run' } });
    const run = runOf(printed.outputs.id);
    expect(run?.envVars).toEqual([
      { key: 'FIRST', value: '1' },
      { key: 'SECOND', value: '2' },
      { key: 'THIRD', value: 'three = 3' },
      { key: 'FOURTH', value: '4' },
      { key: 'FIFTH', value: '5' },
    ]);
    // The human part goes to stderr, so that stdout stays parseable.
    expect(result.stderr).toContain(`Triggered run ${printed.outputs.id}`);
  });

  it('refuses bad input with the same messages as the action, exit 2, before any request', async () => {
    const noTarget = await runCli(['run', '--base-url', emulator.url], withToken);
    expect(noTarget.code).toBe(2);
    expect(noTarget.stderr).toContain(
      'Inputs `pipeline-id`, `pipeline`, `application-id`, `application` and `run-id`',
    );
    expect(noTarget.stderr).toContain("Run 'ci-run run --help' for usage.");

    const badValues = await runCli([...target(), '--env-vars', '1BAD=x', '--wait', 'maybe'], withToken);
    expect(badValues.code).toBe(2);
    expect(badValues.stderr).toContain('2 problems with the inputs');
    expect(badValues.stderr).toContain('Input `env-vars`: line 1');
    expect(badValues.stderr).toContain('Input `wait`: "maybe" is not a boolean');

    const noToken = await runCli(target());
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toContain('Input `token`');

    const unknownFlag = await runCli([...target(), '--pipline', 'x'], withToken);
    expect(unknownFlag.code).toBe(2);
    expect(unknownFlag.stderr).toContain("Unknown option '--pipline'");

    const missingFile = await runCli([...target(), '--env-vars-file', 'does-not-exist.env'], withToken);
    expect(missingFile.code).toBe(2);
    expect(missingFile.stderr).toContain('cannot read --env-vars-file "does-not-exist.env" (ENOENT)');

    expect(emulator.control.requests()).toHaveLength(0);
  });

  it('on Ctrl-C aborts the remote run, then exits 130 (bundle)', async () => {
    const cli = startCli([...target(), '--env-vars', ENDLESS_STEP], { ...withToken, entry: 'bundle' });
    await cli.waitForOutput(/^running /m);
    cli.child.kill('SIGINT');
    const result = await cli.result;
    expect(result.code).toBe(130);
    expect(result.stdout).toContain('Received SIGINT: stopping the wait.');
    expect(result.stdout).toMatch(/^⊘ Run was cancelled/m);
    const id = emulator.control.runs().at(-1)!.id;
    await until(() => requests('PUT', '/abort').length > 0, 5000, 'the abort request');
    expect(requests('PUT', `/runs/${id}/abort`).at(-1)?.status).toBe(200);
    expect(runOf(id)).toMatchObject({ status: 'finished', result: 'aborted' });
    expect(result.stdout).toContain('  - Cancelled; the run was aborted.');
  });
});

describe('the bundled bin', () => {
  it('starts with a shebang and serves the other commands too', async () => {
    expect(readFileSync(CLI_BUNDLE, 'utf8').split('\n', 1)[0]).toBe('#!/usr/bin/env node');
    const env = { CI_RUN_BASE_URL: emulator.url, CI_RUN_TOKEN: TOKEN };
    const version = await runCli(['--version'], { entry: 'bundle' });
    expect(version).toMatchObject({ code: 0, stdout: `${VERSION}\n` });
    const list = await runCli(['runs', 'list', '--pipeline-id', BUILD_PIPELINE, '--json'], {
      entry: 'bundle',
      env,
    });
    expect(list.code, list.stderr).toBe(0);
    expect(JSON.parse(list.stdout)[0]).toMatchObject({ status: 'finished', result: 'passed' });
    const bad = await runCli(['runs', 'list', '--limit'], { entry: 'bundle', env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("Run 'ci-run runs list --help' for usage.");
  });
});

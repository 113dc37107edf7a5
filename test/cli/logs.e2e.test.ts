// `ci-run logs` as a user runs it: a child process against the emulator over real HTTP. The emulator's
// clock stands still in the middle of a step until the command has printed a line of it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.ts';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import { BUILD_PIPELINE, runCli, startCli, TOKEN } from './helpers.ts';

let emulator: Emulator;
let client: ApiClient;

beforeAll(async () => {
  emulator = await startEmulator({ speed: 0 });
  client = new ApiClient({ baseUrl: emulator.url, token: TOKEN });
});
afterAll(async () => {
  await client?.close();
  await emulator?.close();
});
beforeEach(() => {
  emulator.control.reset();
  emulator.control.setSpeed(0);
});

const withToken = { env: { CI_RUN_TOKEN: TOKEN } };

/** A run of five 10 s steps, each writing 13 lines over its 10 s; started, with its clock still at 0. */
async function startRun() {
  const vars = { EMULATOR_QUEUE_MS: '0', EMULATOR_STEP_MS: '10000', EMULATOR_LOG_LINES: '10' };
  const run = await client.triggerRun({
    pipelineId: BUILD_PIPELINE,
    envVars: Object.entries(vars).map(([key, value]) => ({ key, value })),
  });
  emulator.control.advance(1);
  return run.id;
}

async function logOf(step: { logUrl?: string }): Promise<string[]> {
  const text = await (await fetch(step.logUrl!, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
  return text.split('\n').slice(0, -1);
}

describe('ci-run logs', () => {
  it('--follow prints the running step’s log as it grows, then the next steps, to the run’s end', async () => {
    const runId = await startRun();
    const cli = startCli(['logs', runId, '--follow', '--base-url', emulator.url], withToken);
    emulator.control.advance(15_000);
    const steps = await client.getRunSteps(runId);
    await cli.waitForOutput(new RegExp(`Using cache key ${steps[1]!.id.slice(-8)}`));
    expect(cli.stdout()).not.toMatch(/^✔ 2\/5/m);
    emulator.control.setSpeed(20);
    const result = await cli.result;
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^✔ 1\/5 get code \(10s\)$/m);
    expect(result.stdout).toMatch(/^… 2\/5 setup environment$/m);
    expect(result.stdout).toMatch(/^✔ 5\/5 store \(10s\)$/m);
    // The emulator's log lines are printed as plain, indented text.
    expect(result.stdout).toMatch(/^ {2}│ ::set-output name=result::hacked$/m);
  }, 60_000);

  it('--follow --json gives each line once, in order, with its step', async () => {
    const runId = await startRun();
    const cli = startCli(['logs', runId, '--follow', '--json', '--base-url', emulator.url], withToken);
    emulator.control.advance(15_000);
    await cli.waitForOutput(/"step":2/);
    emulator.control.setSpeed(20);
    const result = await cli.result;
    expect(result.code, result.stderr).toBe(0);
    const printed = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { step: number; name: string; line: string });
    const steps = await client.getRunSteps(runId);
    for (const step of steps) {
      expect(printed.filter((entry) => entry.step === step.order).map((entry) => entry.line)).toEqual(
        await logOf(step),
      );
    }
    expect(printed.map((entry) => entry.step)).toEqual([...printed.map((entry) => entry.step)].sort());
  }, 60_000);

  it('--step prints one step’s log; a step the run lacks is a usage error', async () => {
    const runId = await startRun();
    emulator.control.advance(60_000);
    const result = await runCli(['logs', runId, '--step', '2', '--base-url', emulator.url], withToken);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^✔ 2\/5 setup environment \(10s\)$/m);
    expect(result.stdout).not.toMatch(/get code/);
    const [, second] = await client.getRunSteps(runId);
    for (const line of await logOf(second!)) expect(result.stdout).toContain(line);

    const missing = await runCli(['logs', runId, '--step', '9', '--base-url', emulator.url], withToken);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no step 9/);
  }, 60_000);
});

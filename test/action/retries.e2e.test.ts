// `retries` end to end: the bundled action (dist/, rebuilt first when a source is newer) against the
// emulator, whose EMULATOR_FAIL_TIMES makes a run that fails the first time and passes the next.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import { parseRunnerOutput, runAction } from '../support/action-harness.ts';
import { ensureBundle } from '../support/bundle.ts';

const BUILD = '620000000000000000000001';
const SPEED = 20;

let emulator: Emulator;

beforeAll(async () => {
  await ensureBundle();
  emulator = await startEmulator({ speed: SPEED });
}, 600_000);
afterAll(async () => {
  await emulator?.close();
});
beforeEach(() => {
  emulator.control.reset();
  emulator.control.setSpeed(SPEED);
});

const connection = () => ({ 'base-url': emulator.url, token: 'demo-token', 'poll-interval': '1s' });
const runsOf = (tag: string) =>
  emulator.control
    .runs()
    .filter((run) => run.envVars.some((envVar) => envVar.key === 'CASE' && envVar.value === tag))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));

describe('retries', () => {
  it('triggers a run that failed once again, and passes with the second', async () => {
    const result = await runAction(
      {
        ...connection(),
        'pipeline-id': BUILD,
        retries: '2',
        'env-vars': 'EMULATOR_FAIL_TIMES=1\nEMULATOR_FAIL_STEP=npm test\nCASE=flaky',
      },
      {},
    );
    expect(result.code, result.stdout).toBe(0);
    const runs = runsOf('flaky');
    expect(runs.map((run) => run.result)).toEqual(['failed', 'passed']);
    const [first, second] = runs;
    expect(result.outputs).toMatchObject({
      id: second!.id,
      attempts: '2',
      result: 'passed',
      'run-result': 'passed',
    });
    expect(JSON.parse(result.outputs.runs!)).toMatchObject([
      { pipeline: BUILD, id: second!.id, attempts: '2', result: 'passed', status: 'finished' },
    ]);
    expect(result.stdout).toContain(
      `Run ${first!.id} failed at step 4/5 "npm test"; triggering it again: attempt 2/3.`,
    );
    const commands = parseRunnerOutput(result.stdout);
    expect(commands.errors).toEqual([]);
    expect(commands.warnings.some((warning) => /attempt 1\/3/.test(warning.properties.title ?? ''))).toBe(
      true,
    );
    expect(result.summary).toContain(first!.id);
    expect(result.summary).toContain(second!.id);
    expect(result.state).toMatchObject({ id: second!.id, settled: 'true', pendingTrigger: '' });
  }, 120_000);

  it('fails with the last attempt once the retries are used up', async () => {
    const result = await runAction(
      {
        ...connection(),
        'pipeline-id': BUILD,
        retries: '1',
        'env-vars': 'EMULATOR_FAIL_TIMES=5\nEMULATOR_RESULT=failed\nCASE=broken',
      },
      {},
    );
    expect(result.code).toBe(1);
    const runs = runsOf('broken');
    expect(runs.map((run) => run.result)).toEqual(['failed', 'failed']);
    expect(result.outputs).toMatchObject({ id: runs[1]!.id, attempts: '2', result: 'failed' });
    expect(parseRunnerOutput(result.stdout).errors.at(-1)?.message).toMatch(/\(attempt 2\/2\)\.$/);
  }, 120_000);
});

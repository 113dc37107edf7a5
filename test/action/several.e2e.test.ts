// Several targets end to end: the bundled action (dist/, rebuilt first when a source is newer) against
// the emulator's default world, three pipelines at once. Cancelled like the runner does it, every run
// is aborted before SIGTERM; killed outright, post aborts every run main left.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import { makeFiles, runAction, startAction } from '../support/action-harness.ts';
import { ensureBundle } from '../support/bundle.ts';
import { cancelLikeRunner, until } from '../support/runner-signals.ts';

const PIPELINES = 'acme/webapp/build\nacme/webapp/test\nacme/webapp/deploy';
const LONG_STEPS = 'EMULATOR_STEP_MS=600000';

let emulator: Emulator;

beforeAll(async () => {
  await ensureBundle();
  emulator = await startEmulator({ speed: 1 });
}, 600_000);
afterAll(async () => {
  await emulator?.close();
});
beforeEach(() => {
  emulator.control.reset();
  emulator.control.setSpeed(1);
});

const inputs = () => ({
  'base-url': emulator.url,
  token: 'demo-token',
  'poll-interval': '1s',
  pipeline: PIPELINES,
  'env-vars': LONG_STEPS,
});
/** The runs this step triggered (the default world has older ones). */
const runs = () =>
  emulator.control.runs().filter((run) => run.envVars.some((envVar) => envVar.key === 'EMULATOR_STEP_MS'));
const aborts = () =>
  emulator.control.requests().filter((entry) => entry.method === 'PUT' && entry.path.endsWith('/abort'));

describe('three pipelines in one step', () => {
  it('SIGINT aborts all three before SIGTERM; post then has nothing left', async () => {
    const files = makeFiles();
    const action = startAction(inputs(), { files });
    await until(() => runs().length === 3, 30_000, 'three runs');
    await action.waitForOutput(/\[deploy\] running/);
    const cancellation = await cancelLikeRunner(action);
    const result = await action.result;
    expect(cancellation.sigtermSent, result.stdout).toBe(false);
    expect(runs().map((run) => run.result)).toEqual(['aborted', 'aborted', 'aborted']);
    expect(result.outputs.result).toBe('aborted');
    expect(result.outputs.id).toBe('');
    const entries = JSON.parse(result.outputs.runs!) as Array<{ id: string; result: string }>;
    expect(entries.map((entry) => entry.result)).toEqual(['aborted', 'aborted', 'aborted']);
    expect(new Set(entries.map((entry) => entry.id))).toEqual(new Set(runs().map((run) => run.id)));
    expect(result.state.settled).toBe('true');
    expect(result.summary).toContain('3 targets');
    expect(result.stdout).toMatch(/\[build\] /);

    const post = await runAction(inputs(), { entry: 'post', files });
    expect(post.code, post.stdout).toBe(0);
    expect(aborts()).toHaveLength(3);
  });

  it('killed outright, post aborts every run main left', async () => {
    const files = makeFiles();
    const action = startAction(inputs(), { files });
    await until(() => runs().length === 3, 30_000, 'three runs');
    await action.waitForOutput(/\[deploy\] running/);
    action.child.kill('SIGKILL');
    const killed = await action.result;
    expect(killed.state.settled).toBeUndefined();
    expect(JSON.parse(killed.state.targets!)).toHaveLength(3);

    const post = await runAction(inputs(), { entry: 'post', files });
    expect(post.code, post.stdout).toBe(0);
    expect(runs().map((run) => run.result)).toEqual(['aborted', 'aborted', 'aborted']);
    expect(post.stdout).toMatch(/did not finish following run .*; aborting/);
  });
});

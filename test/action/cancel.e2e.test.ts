// Cancellation with real signals: the bundled entries as child processes, the emulator's request log as
// the witness. Abort latencies are recorded (printed), never asserted as timings.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import { makeFiles, parseRunnerOutput, runAction, startAction } from '../support/action-harness.ts';
import { ensureBundle } from '../support/bundle.ts';
import { cancelLikeRunner, until, type Cancellation } from '../support/runner-signals.ts';

const BUILD = '620000000000000000000001';
const LONG_STEPS = 'EMULATOR_STEP_MS=600000';

let emulator: Emulator;
const latencies: Array<{ moment: string; abortAfterMs?: number; exitAfterMs: number }> = [];

beforeAll(async () => {
  await ensureBundle();
  emulator = await startEmulator({ speed: 1 });
}, 120_000);
afterAll(async () => {
  console.table(latencies);
  await emulator?.close();
});
beforeEach(() => {
  emulator.control.reset();
  emulator.control.setSpeed(1);
});

const connection = () => ({ 'base-url': emulator.url, token: 'demo-token', 'poll-interval': '1s' });
const requests = (method: string, suffix = '') =>
  emulator.control.requests().filter((entry) => entry.method === method && entry.path.endsWith(suffix));
const aborts = () => requests('PUT', '/abort');
const runOf = (id: string | undefined) => emulator.control.runs().find((run) => run.id === id);

function record(moment: string, cancellation: Cancellation) {
  const firstAbort = aborts()[0];
  latencies.push({
    moment,
    ...(firstAbort ? { abortAfterMs: firstAbort.at - cancellation.signalAt } : {}),
    exitAfterMs: cancellation.exitedAt - cancellation.signalAt,
  });
}

function expectCancelledCleanly(
  cancellation: Cancellation,
  outputs: Record<string, string>,
  summary: string,
) {
  expect(cancellation.sigtermSent, 'the process should exit before the runner sends SIGTERM').toBe(false);
  expect(outputs.id).toMatch(/^[0-9a-f]{24}$/);
  expect(outputs.result).toBe('aborted');
  expect(outputs.status).toBe('finished');
  expect(summary).toMatch(/cancelled/i);
}

describe('SIGINT from the runner', () => {
  it('during the trigger request: remembered, and the run is aborted once its id is known', async () => {
    emulator.control.injectFault({ method: 'POST', route: '/api/v3/runs', delayMs: 1500 });
    const action = startAction({ ...connection(), 'pipeline-id': BUILD, 'env-vars': LONG_STEPS });
    await until(() => requests('POST').length === 1, 15_000, 'the trigger request');
    const cancellation = await cancelLikeRunner(action);
    const result = await action.result;
    record('during the trigger', cancellation);
    expect(requests('POST')).toHaveLength(1);
    // The run is created at the end of the delayed request, so it may still be queued: refused, retried.
    expect(aborts().at(-1)?.status).toBe(200);
    expect(runOf(result.outputs.id)).toMatchObject({ status: 'finished', result: 'aborted' });
    expectCancelledCleanly(cancellation, result.outputs, result.summary);
    expect(result.state.settled).toBe('true');
  });

  it('right after the trigger', async () => {
    const action = startAction({ ...connection(), 'pipeline-id': BUILD, 'env-vars': LONG_STEPS });
    await action.waitForOutput(/Triggered run/);
    const cancellation = await cancelLikeRunner(action);
    const result = await action.result;
    record('right after the trigger', cancellation);
    expect(aborts().length).toBeGreaterThanOrEqual(1);
    expect(runOf(result.outputs.id)).toMatchObject({ status: 'finished', result: 'aborted' });
    expectCancelledCleanly(cancellation, result.outputs, result.summary);
  });

  it('while notstarted: retries the refused abort until the run starts', async () => {
    const action = startAction({
      ...connection(),
      'pipeline-id': BUILD,
      'env-vars': `EMULATOR_QUEUE_MS=2500\n${LONG_STEPS}`,
    });
    await action.waitForOutput(/Triggered run/);
    const cancellation = await cancelLikeRunner(action);
    const result = await action.result;
    record('while notstarted', cancellation);
    const answered = aborts().map((entry) => entry.status);
    expect(answered.at(-1)).toBe(200);
    expect(answered.filter((status) => status === 400).length).toBeGreaterThanOrEqual(1);
    expect(result.stdout).toMatch(/has not started yet .*retrying the abort/);
    expect(runOf(result.outputs.id)).toMatchObject({ status: 'finished', result: 'aborted' });
    expectCancelledCleanly(cancellation, result.outputs, result.summary);
  });

  it('while running: one abort, outputs and summary written', async () => {
    const action = startAction({ ...connection(), 'pipeline-id': BUILD, 'env-vars': LONG_STEPS });
    await action.waitForOutput(/running/);
    const cancellation = await cancelLikeRunner(action);
    const result = await action.result;
    record('while running', cancellation);
    expect(aborts()).toHaveLength(1);
    expect(runOf(result.outputs.id)).toMatchObject({ status: 'finished', result: 'aborted' });
    expectCancelledCleanly(cancellation, result.outputs, result.summary);
    expect(parseRunnerOutput(result.stdout).errors.at(-1)?.message).toMatch(/Cancelled; the run was aborted/);
  });

  it('while a step streams: the signal is said after its group closes, and the summary keeps what was read', async () => {
    const action = startAction({ ...connection(), 'pipeline-id': BUILD, 'env-vars': LONG_STEPS });
    await action.waitForOutput(/^::group::/m);
    const cancellation = await cancelLikeRunner(action);
    const result = await action.result;
    record('while a step streams', cancellation);
    expectCancelledCleanly(cancellation, result.outputs, result.summary);
    const lines = result.stdout.split(/\r?\n/);
    const said = lines.indexOf('Received SIGINT: stopping the wait.');
    expect(said, result.stdout).toBeGreaterThan(0);
    // The step's group, opened before the signal, is closed before the line that says it.
    const opened = lines.findLastIndex((line, index) => index < said && line.startsWith('::group::'));
    expect(lines.slice(opened, said)).toContain('::endgroup::');
    // The step aborted while it streamed: its log was read, whatever it held by then.
    expect(result.summary).toMatch(/was aborted/);
    expect(result.summary).not.toMatch(/could not be read/);
  });

  it('during a retry backoff', async () => {
    const action = startAction({ ...connection(), 'pipeline-id': BUILD, 'env-vars': LONG_STEPS });
    await action.waitForOutput(/running/);
    emulator.control.injectFault({
      method: 'GET',
      route: '/api/v3/runs/:runId',
      status: 503,
      retryAfter: '20',
      times: 1,
    });
    await until(() => requests('GET').some((entry) => entry.status === 503), 15_000, 'the 503');
    const cancellation = await cancelLikeRunner(action);
    const result = await action.result;
    record('during a retry backoff', cancellation);
    expect(aborts()).toHaveLength(1);
    expect(runOf(result.outputs.id)).toMatchObject({ status: 'finished', result: 'aborted' });
    expectCancelledCleanly(cancellation, result.outputs, result.summary);
  });

  it('after the run finished: the abort, sent first, is refused, and the run keeps its result', async () => {
    const action = startAction({
      ...connection(),
      'pipeline-id': BUILD,
      'env-vars': 'EMULATOR_STEP_MS=50\nEMULATOR_QUEUE_MS=50',
      'poll-interval': '1h',
    });
    await action.waitForOutput(/Triggered run/);
    const id = /Triggered run ([0-9a-f]{24})/.exec(action.stdout())?.[1];
    await until(() => runOf(id)?.status === 'finished', 15_000, 'the run to finish');
    const cancellation = await cancelLikeRunner(action);
    const result = await action.result;
    record('after the run finished', cancellation);
    // Racing the runner, the abort goes before any read; the emulator refuses it for a finished run.
    expect(aborts().map((entry) => entry.status)).toEqual([400]);
    expect(runOf(id)?.result).toBe('passed');
    expect(cancellation.sigtermSent).toBe(false);
    expect(result.outputs.result).toBe('passed');
    expect(result.stdout).toContain('had already finished');
    expect(result.state.settled).toBe('true');
  });

  it('SIGTERM is handled like SIGINT', async () => {
    const action = startAction({ ...connection(), 'pipeline-id': BUILD, 'env-vars': LONG_STEPS });
    await action.waitForOutput(/running/);
    const cancellation = await cancelLikeRunner(action, 'SIGTERM');
    const result = await action.result;
    record('SIGTERM while running', cancellation);
    expect(aborts()).toHaveLength(1);
    expectCancelledCleanly(cancellation, result.outputs, result.summary);
  });

  it('a second signal speeds up the exit and still leaves outputs written', async () => {
    const action = startAction({
      ...connection(),
      'pipeline-id': BUILD,
      'env-vars': `EMULATOR_QUEUE_MS=60000\n${LONG_STEPS}`,
    });
    await action.waitForOutput(/Triggered run/);
    const signalAt = Date.now();
    action.child.kill('SIGINT');
    await until(() => aborts().length >= 1, 10_000, 'the first abort');
    action.child.kill('SIGINT');
    const result = await action.result;
    latencies.push({ moment: 'second signal while notstarted', exitAfterMs: Date.now() - signalAt });
    expect(result.outputs.id).toMatch(/^[0-9a-f]{24}$/);
    expect(result.outputs.status).toBe('notstarted');
    expect(result.summary).toMatch(/cancelled/i);
    expect(result.state.settled).toBeUndefined();
  });

  it('leaves the run alone with abort-on-cancel: false', async () => {
    const action = startAction({
      ...connection(),
      'pipeline-id': BUILD,
      'env-vars': LONG_STEPS,
      'abort-on-cancel': 'false',
    });
    await action.waitForOutput(/running/);
    const cancellation = await cancelLikeRunner(action);
    const result = await action.result;
    expect(cancellation.sigtermSent).toBe(false);
    expect(aborts()).toHaveLength(0);
    expect(result.stdout).toContain('left running (abort-on-cancel: false)');
    expect(runOf(result.outputs.id)?.status).toBe('running');
    expect(result.state.settled).toBe('true');
  });
});

describe('SIGINT with other targets', () => {
  it('wait: false still aborts a run whose trigger was in flight when the signal came', async () => {
    emulator.control.injectFault({ method: 'POST', route: '/api/v3/runs', delayMs: 1500 });
    const action = startAction({
      ...connection(),
      'pipeline-id': BUILD,
      wait: 'false',
      'env-vars': LONG_STEPS,
    });
    await until(() => requests('POST').length === 1, 15_000, 'the trigger request');
    const cancellation = await cancelLikeRunner(action);
    const result = await action.result;
    record('wait: false, during the trigger', cancellation);
    expect(aborts().at(-1)?.status).toBe(200);
    expect(runOf(result.outputs.id)).toMatchObject({ status: 'finished', result: 'aborted' });
    expect(result.code).toBe(1);
  });

  it('a queued build: the refused abort is retried until the build starts', async () => {
    const action = startAction({
      ...connection(),
      application: 'acme/docker-classic',
      'env-vars': `EMULATOR_QUEUE_MS=2500\n${LONG_STEPS}`,
    });
    await action.waitForOutput(/Triggered build/);
    const cancellation = await cancelLikeRunner(action);
    const result = await action.result;
    record('a queued build', cancellation);
    const answered = aborts().map((entry) => entry.status);
    expect(answered.at(-1)).toBe(200);
    expect(answered).toContain(400);
    expect(result.outputs).toMatchObject({ type: 'build', status: 'finished', result: 'aborted' });
    expect(cancellation.sigtermSent).toBe(false);
  });

  it('a build on a server without a build abort: says so clearly', async () => {
    emulator.control.injectFault({
      method: 'PUT',
      route: '/api/v3/builds/:buildId/abort',
      status: 404,
      times: 10,
    });
    const action = startAction({
      ...connection(),
      application: 'acme/docker-classic',
      'env-vars': LONG_STEPS,
    });
    await action.waitForOutput(/running/);
    const cancellation = await cancelLikeRunner(action);
    const result = await action.result;
    expect(cancellation.sigtermSent).toBe(false);
    expect(result.stdout).toMatch(/could not be aborted: the server offers no abort/);
    expect(result.state.settled).toBeUndefined();
  });

  it('wait-for: workflow aborts the chained run that is going when the signal comes', async () => {
    const action = startAction({
      ...connection(),
      pipeline: 'acme/webapp/build',
      'wait-for': 'workflow',
      'env-vars': 'EMULATOR_STEP_MS=300',
    });
    await action.waitForOutput(/workflow: .*deploy running/);
    const cancellation = await cancelLikeRunner(action);
    const result = await action.result;
    record('wait-for: workflow, chained run going', cancellation);
    const deploy = emulator.control.runs().find((run) => run.sourceRunId === result.outputs.id);
    expect(deploy).toMatchObject({ pipelineName: 'deploy', status: 'finished', result: 'aborted' });
    expect(result.state.settled).toBe('true');
    expect(result.summary).toMatch(/cancelled/i);
  });
});

describe('the post entry', () => {
  it('aborts the run after main was killed outright (SIGKILL)', async () => {
    const files = makeFiles();
    const inputs = { ...connection(), 'pipeline-id': BUILD, 'env-vars': LONG_STEPS };
    const action = startAction(inputs, { files });
    await action.waitForOutput(/running/);
    action.child.kill('SIGKILL');
    const killed = await action.result;
    expect(killed.signal).toBe('SIGKILL');
    expect(killed.state.id).toMatch(/^[0-9a-f]{24}$/);
    expect(killed.state.settled).toBeUndefined();
    expect(aborts()).toHaveLength(0);

    const post = await runAction(inputs, { entry: 'post', files });
    expect(post.code, post.stdout).toBe(0);
    expect(aborts()).toHaveLength(1);
    expect(runOf(killed.state.id)).toMatchObject({ status: 'finished', result: 'aborted' });
    expect(post.stdout).toMatch(/did not finish following run .*; aborting/);
  });

  it('aborts the chained runs of a followed workflow after main was killed', async () => {
    const files = makeFiles();
    const inputs = {
      ...connection(),
      pipeline: 'acme/webapp/build',
      'wait-for': 'workflow',
      'env-vars': 'EMULATOR_STEP_MS=300',
    };
    const action = startAction(inputs, { files });
    await action.waitForOutput(/workflow: .*deploy running/);
    // The chained deploy must still be going when post starts, however slow the machine.
    emulator.control.setSpeed(0);
    action.child.kill('SIGKILL');
    const killed = await action.result;
    const post = await runAction(inputs, { entry: 'post', files });
    expect(post.code, post.stdout).toBe(0);
    const deploy = emulator.control.runs().find((run) => run.sourceRunId === killed.state.id);
    expect(deploy).toMatchObject({ status: 'finished', result: 'aborted' });
  });

  it('finds and aborts a run whose trigger was in flight when main was killed', async () => {
    const files = makeFiles();
    const inputs = { ...connection(), 'pipeline-id': BUILD, 'env-vars': `PENDING=1\n${LONG_STEPS}` };
    emulator.control.injectFault({ method: 'POST', route: '/api/v3/runs', holdMs: 3000 });
    const action = startAction(inputs, { files });
    await until(
      () => emulator.control.runs().some((run) => run.envVars.some((pair) => pair.key === 'PENDING')),
      15_000,
      'the run to be created',
    );
    action.child.kill('SIGKILL');
    const killed = await action.result;
    expect(killed.state.id).toBeUndefined();
    expect(killed.state.pendingTrigger).toContain('"pipelineId"');
    await until(() =>
      emulator.control.runs().some((run) => run.envVars.some((pair) => pair.key === 'PENDING')),
    );
    const post = await runAction(inputs, { entry: 'post', files });
    expect(post.code, post.stdout).toBe(0);
    const created = emulator.control
      .runs()
      .filter((run) => run.envVars.some((pair) => pair.key === 'PENDING'));
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ status: 'finished', result: 'aborted' });
  });

  it('does nothing after a normal finish', async () => {
    const files = makeFiles();
    const inputs = { ...connection(), 'pipeline-id': BUILD, 'env-vars': 'EMULATOR_STEP_MS=50' };
    const main = await runAction(inputs, { files });
    expect(main.code, main.stdout).toBe(0);
    emulator.control.clearRequests();
    const post = await runAction(inputs, { entry: 'post', files });
    expect(post.code).toBe(0);
    expect(emulator.control.requests()).toHaveLength(0);
  });

  it('warns but passes when the abort fails', async () => {
    const files = makeFiles();
    const inputs = { ...connection(), 'pipeline-id': BUILD, 'env-vars': LONG_STEPS };
    const action = startAction(inputs, { files });
    await action.waitForOutput(/running/);
    action.child.kill('SIGKILL');
    await action.result;
    emulator.control.injectFault({ route: '*', status: 401, times: 1000 });
    const post = await runAction(inputs, { entry: 'post', files });
    expect(post.code).toBe(0);
    expect(parseRunnerOutput(post.stdout).warnings.length).toBeGreaterThanOrEqual(1);
    expect(parseRunnerOutput(post.stdout).errors).toHaveLength(0);
  });
});

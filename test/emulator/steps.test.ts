import { describe, expect, it } from 'vitest';
import { FAILURE_LINE, INJECTED_LINES } from '../../src/emulator/index.ts';
import {
  DEMO,
  env,
  fileEmulator,
  get,
  HEX24,
  IDS,
  ISO_MS,
  keySet,
  sortedKeys,
  triggerRun,
  type Json,
} from './helpers.ts';
import { parseRunnerOutput, splitRunnerLines } from '../support/action-harness.ts';

const emu = await fileEmulator();

const stepsOf = async (runId: string): Promise<Json[]> => (await get(emu, `/runs/${runId}/steps`, DEMO)).body;
const runnerCommands = (text: string) => parseRunnerOutput(text).commands;
const isInjected = (line: string) => (INJECTED_LINES as readonly string[]).includes(line);

describe('GET /runs/:runId/steps', () => {
  it('shows no step before the run starts, then all of them, each running once it has started', async () => {
    const { id } = await triggerRun(emu, { pipelineId: IDS.build });
    expect(await stepsOf(id)).toEqual([]);
    emu.control.advance(1000);
    const first = await stepsOf(id);
    expect(first).toHaveLength(5);
    expect(first[0]).toMatchObject({ order: 1, step: 'get code', status: 'running', result: 'unknown' });
    expect(first.slice(1).map((step) => [step.order, step.status, step.result])).toEqual([
      [2, 'notstarted', 'unknown'],
      [3, 'notstarted', 'unknown'],
      [4, 'notstarted', 'unknown'],
      [5, 'notstarted', 'unknown'],
    ]);
    expect(first[1]).not.toHaveProperty('startedAt');
    expect(first[1]).not.toHaveProperty('finishedAt');
    expect(sortedKeys(first[0])).toEqual(
      keySet(
        'id',
        'url',
        'artifactsUrl',
        'createdAt',
        'startedAt',
        'logUrl',
        'order',
        'result',
        'status',
        'step',
      ),
    );
    emu.control.advance(1500);
    const two = await stepsOf(id);
    expect(two.map((step) => [step.order, step.status, step.result])).toEqual([
      [1, 'finished', 'passed'],
      [2, 'running', 'unknown'],
      [3, 'notstarted', 'unknown'],
      [4, 'notstarted', 'unknown'],
      [5, 'notstarted', 'unknown'],
    ]);
    expect(sortedKeys(two[0])).toEqual(
      keySet(
        'id',
        'url',
        'artifactsUrl',
        'createdAt',
        'startedAt',
        'finishedAt',
        'logUrl',
        'order',
        'result',
        'status',
        'step',
      ),
    );
  });

  it('gives every step absolute urls, ids, timestamps, and artifactsUrl only where it has artifacts', async () => {
    const { id } = await triggerRun(emu, { pipelineId: IDS.build });
    emu.control.advance(60_000);
    const steps = await stepsOf(id);
    expect(steps.map((step) => step.step)).toEqual([
      'get code',
      'setup environment',
      'npm ci',
      'npm test',
      'store',
    ]);
    for (const step of steps) {
      expect(step.id).toMatch(HEX24);
      expect(step.url).toBe(`${emu.url}/api/v3/runsteps/${step.id}`);
      expect(step.logUrl).toBe(`${emu.url}/api/v3/runsteps/${step.id}/log`);
      for (const field of ['createdAt', 'startedAt', 'finishedAt']) expect(step[field]).toMatch(ISO_MS);
    }
    expect(steps.slice(0, 3).map((step) => step.artifactsUrl)).toEqual([null, null, null]);
    // `npm test` stores its JUnit report, `store` the build (test/emulator/artifacts.test.ts reads them).
    for (const step of steps.slice(3)) {
      expect(step.artifactsUrl).toBe(`${emu.url}/api/v3/runsteps/${step.id}/artifacts`);
      const artifacts = await fetch(step.artifactsUrl);
      expect(artifacts.status).toBe(200);
      expect(artifacts.headers.get('content-type')).toBe('application/gzip');
      expect(Buffer.from(await artifacts.arrayBuffer()).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    }
  });

  it('GET /runsteps/:stepId returns the step; 404 while its run is queued and lists no step', async () => {
    const { id } = await triggerRun(emu, { pipelineId: IDS.build });
    // The ids of the steps exist internally but are not visible while the run is queued.
    const hidden = (BigInt(`0x${id}`) + 1n).toString(16).padStart(24, '0');
    expect(await stepsOf(id)).toEqual([]);
    expect((await get(emu, `/runsteps/${hidden}`, DEMO)).status).toBe(404);
    expect((await get(emu, `/runsteps/${hidden}/log`, DEMO)).status).toBe(404);
    emu.control.advance(100);
    const [step] = await stepsOf(id);
    expect(step.id).toBe(hidden);
    const single = await get(emu, `/runsteps/${step.id}`, DEMO);
    expect(single.status).toBe(200);
    expect(single.body).toEqual(step);
    const notYet = emu.control.runs().find((run) => run.id === id);
    expect(notYet?.status).toBe('running');
    expect((await get(emu, `/runsteps/${'0'.repeat(24)}`, DEMO)).status).toBe(404);
  });

  // Issue evidence [CODE]: the official Go client's GetRunStep and GetRunStepLog read every step the
  // steps list names, and a log tailer reads each logUrl; the list names the steps not started yet too.
  it('serves a step not started yet: its resource (notstarted) and an empty text/plain log, 200 each', async () => {
    const { id } = await triggerRun(emu, { pipelineId: IDS.build });
    emu.control.advance(100);
    const steps = await stepsOf(id);
    expect(steps.map((step) => step.status)).toEqual([
      'running',
      'notstarted',
      'notstarted',
      'notstarted',
      'notstarted',
    ]);
    for (const step of steps) {
      const single = await fetch(step.url);
      expect(single.status).toBe(200);
      expect(await single.json()).toEqual(step);
      const log = await fetch(step.logUrl);
      expect(log.status).toBe(200);
      expect(log.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      if (step.status === 'notstarted') expect(await log.text()).toBe('');
      else expect(await log.text()).not.toBe('');
    }
    const failed = await triggerRun(emu, {
      pipelineId: IDS.build,
      envVars: env({ EMULATOR_FAIL_STEP: 'npm ci' }),
    });
    emu.control.advance(60_000);
    const after = await stepsOf(failed.id);
    // Steps behind the failed one never start; they are still served.
    expect(after.map((step) => step.status).slice(3)).toEqual(['notstarted', 'notstarted']);
    for (const step of after.slice(3)) {
      expect((await fetch(step.url)).status).toBe(200);
      const log = await fetch(step.logUrl);
      expect([log.status, await log.text()]).toEqual([200, '']);
    }
  });
});

describe('step logs', () => {
  it('are plain text with exactly one injected line each, rotating between steps', async () => {
    const { id } = await triggerRun(emu, {
      pipelineId: IDS.build,
      envVars: env({ EMULATOR_STEPS: INJECTED_LINES.length, EMULATOR_STEP_MS: 1 }),
    });
    emu.control.advance(60_000);
    const seen: string[] = [];
    for (const step of await stepsOf(id)) {
      const res = await fetch(step.logUrl);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      const text = await res.text();
      const lines = text.split('\n');
      expect(lines.length).toBeGreaterThan(3);
      const injected = lines.filter(isInjected);
      expect(injected).toHaveLength(1);
      seen.push(injected[0]!);
      // Nothing else in the log is a workflow command to the runner.
      expect(runnerCommands(lines.filter((line) => !isInjected(line)).join('\n'))).toEqual([]);
      expect(text.trimEnd().split('\n').at(-1)).toMatch(/passed in/);
    }
    expect(seen).toEqual([...INJECTED_LINES]);
  });

  it.each(INJECTED_LINES.map((line) => [JSON.stringify(line), line]))(
    'inject %s, which the runner takes as a command when it is printed as it is',
    (_name, line) => {
      // The stranger's resume acts only after its stop.
      const before =
        /swallow/i.test(line) && !line.startsWith('::stop-commands') ? '::stop-commands::swallow\n' : '';
      const output = parseRunnerOutput(`${before}${line}\n`);
      expect(output.commands.at(-1)?.line).toBe(splitRunnerLines(line).at(-1));
    },
  );

  it('end with an error line on the failed step', async () => {
    const { id } = await triggerRun(emu, {
      pipelineId: IDS.build,
      envVars: env({ EMULATOR_FAIL_STEP: 'npm test' }),
    });
    emu.control.advance(60_000);
    const steps = await stepsOf(id);
    const failed = steps.find((step) => step.result === 'failed');
    const text = await (await fetch(failed.logUrl)).text();
    expect(text.trimEnd().split('\n').at(-1)).toBe(FAILURE_LINE);
  });

  it('hold the lines produced so far while the step runs', async () => {
    const { id } = await triggerRun(emu, {
      pipelineId: IDS.build,
      envVars: env({ EMULATOR_STEP_MS: 1000, EMULATOR_QUEUE_MS: 1000 }),
    });
    emu.control.advance(1000);
    const [step] = await stepsOf(id);
    const lengths: number[] = [];
    for (let i = 0; i < 3; i++) {
      lengths.push((await (await fetch(step.logUrl)).text()).length);
      emu.control.advance(400);
    }
    expect(lengths[0]).toBeGreaterThan(0);
    expect(lengths[1]).toBeGreaterThan(lengths[0] ?? 0);
    expect(lengths[2]).toBeGreaterThan(lengths[1] ?? 0);
    const finished = await (await fetch(step.logUrl)).text();
    expect(finished.startsWith(await (await fetch(step.logUrl)).text())).toBe(true);
  });

  it('EMULATOR_LOG_BYTES makes a log of about that many bytes, streamed', async () => {
    const bytes = 8 * 1024 * 1024;
    const { id } = await triggerRun(emu, {
      pipelineId: IDS.build,
      envVars: env({ EMULATOR_LOG_BYTES: bytes }),
    });
    emu.control.advance(60_000);
    const [step] = await stepsOf(id);
    const res = await fetch(step.logUrl);
    expect(res.headers.get('content-length')).toBeNull();
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBeGreaterThanOrEqual(bytes);
    expect(body.length).toBeLessThan(bytes + 1024);
    expect(runnerCommands(body.toString('utf8'))).toHaveLength(1);
  });

  it('keep odd step names as they are', async () => {
    const name = '<img src=x onerror=alert(1)>';
    const { id } = await triggerRun(emu, {
      pipelineId: IDS.build,
      envVars: env({ EMULATOR_STEP_NAMES: name }),
    });
    emu.control.advance(60_000);
    const [step] = await stepsOf(id);
    expect(step.step).toBe(name);
    expect(await (await fetch(step.logUrl)).text()).toContain(`--> Running step: ${name}`);
  });
});

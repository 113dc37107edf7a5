// Reading a step's log from a byte offset over real HTTP: the client's answer in words, and the tailer
// following a running step of the emulator to its end, with Range honoured or ignored and log reads
// refused or dropped halfway through their body.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.ts';
import { ContractError } from '../../src/api/errors.ts';
import type { StepLogRead } from '../../src/api/step-log-read.ts';
import { StepLogTailer } from '../../src/core/live-log/tailer.ts';
import { startEmulator } from '../../src/emulator/index.ts';
import { MULTIBYTE_LINE } from '../../src/emulator/logs.ts';
import { realSleep } from '../../src/time.ts';
import { discover, pipelineId, readAll, recordingSleep, startStub, TOKEN } from './helpers.ts';

const emulator = await startEmulator({ speed: 0 });
const client = new ApiClient({ baseUrl: emulator.url, token: TOKEN, sleep: recordingSleep().sleep });
const ids = await discover(client);
afterAll(async () => {
  await client.close();
  await emulator.close();
});
beforeEach(() => {
  emulator.control.reset();
  emulator.control.setSpeed(0);
});

const LOG_ROUTE = '/api/v3/runsteps/:stepId/log';

/** A run of `build` whose first step runs 10 s with `lines` body lines; its log URL. */
async function runningStep(lines: number, more: Record<string, string> = {}) {
  const vars = {
    EMULATOR_QUEUE_MS: '0',
    EMULATOR_STEP_MS: '10000',
    EMULATOR_LOG_LINES: String(lines),
    ...more,
  };
  const run = await client.triggerRun({
    pipelineId: pipelineId(ids, 'build'),
    envVars: Object.entries(vars).map(([key, value]) => ({ key, value })),
  });
  emulator.control.advance(1);
  const [step] = await client.getRunSteps(run.id);
  return step!.logUrl!;
}

const text = async (read: StepLogRead) => ('body' in read ? readAll(read.body) : '');

describe('ApiClient.readStepLog', () => {
  it('asks for the bytes from the offset on and says what came: a part, nothing new, or the whole log', async () => {
    const logUrl = await runningStep(97);
    emulator.control.advance(5000);
    const whole = await client.readStepLog(logUrl, 0);
    expect(whole.kind).toBe('partial');
    const start = await text(whole);
    const part = await client.readStepLog(logUrl, 10);
    expect(part).toMatchObject({ kind: 'partial', start: 10, totalLength: Buffer.byteLength(start) });
    expect(await text(part)).toBe(Buffer.from(start).subarray(10).toString());
    expect(await client.readStepLog(logUrl, Buffer.byteLength(start))).toEqual({
      kind: 'nothing-new',
      totalLength: Buffer.byteLength(start),
    });
    const sent = emulator.control.requests().filter((request) => request.route === LOG_ROUTE);
    expect(sent).toHaveLength(3);
  });

  it('takes a 200 to a ranged read as the whole log (a server that ignores Range)', async () => {
    emulator.control.setQuirks({ ignoreRange: true });
    const logUrl = await runningStep(10);
    emulator.control.advance(10_000);
    const read = await client.readStepLog(logUrl, 20);
    expect(read.kind).toBe('whole');
    expect(await text(read)).toContain(MULTIBYTE_LINE);
  });

  it('says "not yet" while a server keeps no log for a running step', async () => {
    emulator.control.setQuirks({ logsWhenFinished: true });
    const logUrl = await runningStep(10);
    expect(await client.readStepLog(logUrl, 0)).toEqual({ kind: 'not-yet' });
  });

  it('sends Range and asks for no compression; reads a shorter length; refuses a 206 without its range', async () => {
    const stub = await startStub((request, response) => {
      if (request.headers.range === 'bytes=50-') {
        response.writeHead(416, { 'content-range': 'bytes */12' });
        response.end();
        return;
      }
      response.writeHead(206, { 'content-type': 'text/plain' });
      response.end('no range');
    });
    const local = new ApiClient({ baseUrl: stub.url, token: TOKEN, sleep: recordingSleep().sleep });
    try {
      expect(await local.readStepLog(`${stub.url}/log`, 50)).toEqual({
        kind: 'nothing-new',
        totalLength: 12,
      });
      expect(stub.seen[0]!.headers).toMatchObject({ range: 'bytes=50-', 'accept-encoding': 'identity' });
      await expect(local.readStepLog(`${stub.url}/log`, 3)).rejects.toBeInstanceOf(ContractError);
      await expect(local.readStepLog(`${stub.url}/log`, -1)).rejects.toThrow(/byte offset/);
    } finally {
      await local.close();
      await stub.close();
    }
  });
});

describe('following a running step of the emulator', () => {
  /** Tails the step while its world clock moves 250 ms at a time; the lines printed and the log at its end. */
  async function follow(logUrl: string, between: (tick: number) => void = () => undefined) {
    const printed: string[] = [];
    const tailer = new StepLogTailer({
      read: (from, call) => client.readStepLog(logUrl, from, call),
      sleep: realSleep,
      print: (lines) => void printed.push(...lines),
      note: () => undefined,
      debug: () => undefined,
      cancel: new AbortController().signal,
      name: 'step 1',
      cadence: { minMs: 5, maxMs: 20 },
    });
    tailer.start();
    for (let tick = 0; tick < 44; tick += 1) {
      between(tick);
      emulator.control.advance(250);
      await realSleep(10);
    }
    await tailer.finish();
    const log = await readAll(await client.openStepLog(logUrl));
    return { printed, log: log.split('\n').slice(0, -1) };
  }

  it('prints every line of the log once, in order, the multi-byte line whole', async () => {
    const { printed, log } = await follow(await runningStep(60));
    expect(printed).toEqual(log);
    expect(printed).toContain(MULTIBYTE_LINE);
  });

  it('does so from a server that ignores Range', async () => {
    emulator.control.setQuirks({ ignoreRange: true });
    const { printed, log } = await follow(await runningStep(60));
    expect(printed).toEqual(log);
  });

  it('does so when log reads are answered 503 or dropped halfway through their body', async () => {
    let injected = 0;
    const { printed, log } = await follow(await runningStep(60), (tick) => {
      // One fault at a time, each taken by the next read, whenever it comes.
      if (emulator.control.faults().length > 0) return;
      injected += 1;
      if (tick % 2 === 0) emulator.control.injectFault({ method: 'GET', route: LOG_ROUTE, status: 503 });
      else emulator.control.injectFault({ method: 'GET', route: LOG_ROUTE, dropAfterBytes: 37 + tick });
    });
    expect(injected).toBeGreaterThan(5);
    expect(printed).toEqual(log);
    const stats = emulator.control.requests().filter((request) => request.route === LOG_ROUTE);
    expect(stats.length).toBeGreaterThan(10);
  });
});

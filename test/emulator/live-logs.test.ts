// Growing step logs and `Range: bytes=N-`: what a client that tails a running step's log (as scripts of
// the time did, by polling the logUrl and printing only the new bytes) reads from the emulator.
import { describe, expect, it } from 'vitest';
import { defaultWorld, FAILURE_LINE } from '../../src/emulator/index.ts';
import { MULTIBYTE_LINE } from '../../src/emulator/logs.ts';
import { DEMO, env, fileEmulator, frozenEmulator, get, IDS, triggerRun, type Json } from './helpers.ts';

const emu = await fileEmulator();

const stepsOf = async (runId: string): Promise<Json[]> => (await get(emu, `/runs/${runId}/steps`, DEMO)).body;

async function read(url: string, range?: string) {
  const response = await fetch(url, range !== undefined ? { headers: { range } } : {});
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, text: bytes.toString('utf8') };
}

/** A run of `build` whose first step runs 10 s with `lines` lines, started and `intoMs` into that step. */
async function runningStep(lines: number, intoMs: number, more: Record<string, string | number> = {}) {
  const run = await triggerRun(emu, {
    pipelineId: IDS.build,
    envVars: env({ EMULATOR_QUEUE_MS: 0, EMULATOR_STEP_MS: 10_000, EMULATOR_LOG_LINES: lines, ...more }),
  });
  emu.control.advance(intoMs);
  const [step] = await stepsOf(run.id);
  return { run, step };
}

describe('a running step log', () => {
  it('is written line by line over the step, each read a prefix of the next, the error line last', async () => {
    const { step } = await runningStep(97, 0, { EMULATOR_FAIL_STEP: 'get code' });
    const texts: string[] = [];
    for (let t = 0; t <= 10_000; t += 1000) {
      texts.push((await read(step.logUrl)).text);
      emu.control.advance(1000);
    }
    const counts = texts.map((text) => text.split('\n').length - 1);
    // 3 header lines and 97 more, written evenly over 10 s: 10 a second; the error line once it ended.
    expect(counts).toEqual([1, 10, 20, 30, 40, 50, 60, 70, 80, 90, 101]);
    for (let i = 1; i < texts.length; i++) expect(texts[i]!.startsWith(texts[i - 1]!)).toBe(true);
    expect(texts.at(-1)!.trimEnd().split('\n').at(-1)).toBe(FAILURE_LINE);
    expect(texts.slice(0, -1).some((text) => text.includes(FAILURE_LINE))).toBe(false);
  });

  it('of an aborted step stops where the abort found it', async () => {
    const { run, step } = await runningStep(97, 3000);
    const before = (await read(step.logUrl)).text;
    expect(before.split('\n').length - 1).toBe(30);
    const abort = await fetch(`${emu.url}/api/v3/runs/${run.id}/abort`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${DEMO}` },
    });
    expect(abort.status).toBe(200);
    emu.control.advance(60_000);
    expect((await read(step.logUrl)).text).toBe(`${before}Step aborted\n`);
  });

  it('holds a line of multi-byte characters', async () => {
    const { step } = await runningStep(10, 10_000);
    expect((await read(step.logUrl)).text.split('\n')).toContain(MULTIBYTE_LINE);
  });
});

describe('Range: bytes=N- on a step log', () => {
  it('answers 206 with what follows byte N and its Content-Range; 416 with bytes */length when nothing is new', async () => {
    const { step } = await runningStep(97, 2000);
    const whole = await read(step.logUrl);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const length = whole.bytes.length;

    const tail = await read(step.logUrl, 'bytes=10-');
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(`bytes 10-${length - 1}/${length}`);
    expect(tail.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(tail.bytes.equals(whole.bytes.subarray(10))).toBe(true);

    const nothing = await read(step.logUrl, `bytes=${length}-`);
    expect(nothing.status).toBe(416);
    expect(nothing.headers.get('content-range')).toBe(`bytes */${length}`);
    const past = await read(step.logUrl, `bytes=${length + 1000}-`);
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${length}`);

    emu.control.advance(1000);
    const grown = await read(step.logUrl, `bytes=${length}-`);
    expect(grown.status).toBe(206);
    expect(grown.text.split('\n').length - 1).toBe(10);
    expect(grown.headers.get('content-range')).toBe(
      `bytes ${length}-${length + grown.bytes.length - 1}/${length + grown.bytes.length}`,
    );
  });

  it('read again and again from the last offset, gives the whole log exactly once, multi-byte characters split or not', async () => {
    const { step } = await runningStep(500, 0);
    const parts: Buffer[] = [];
    let offset = 0;
    let reads = 0;
    for (let t = 0; t <= 11_000; t += 250) {
      // An odd offset now and then, so that a read may start in the middle of a character.
      const start = reads % 3 === 2 && offset > 0 ? offset - 1 : offset;
      const got = await read(step.logUrl, `bytes=${start}-`);
      reads++;
      if (got.status === 206) {
        parts.push(got.bytes.subarray(offset - start));
        offset += got.bytes.length - (offset - start);
      } else {
        expect(got.status).toBe(416);
      }
      emu.control.advance(250);
    }
    const whole = await read(step.logUrl);
    expect(Buffer.concat(parts).equals(whole.bytes)).toBe(true);
    expect(whole.text).toContain(MULTIBYTE_LINE);
    expect(whole.text.trimEnd().split('\n')).toHaveLength(3 + 500 + 1);
  });

  it('serves bytes=A-B and a suffix bytes=-N, and the whole log for a Range it does not take', async () => {
    const { step } = await runningStep(20, 10_000);
    const whole = await read(step.logUrl);
    const length = whole.bytes.length;
    const middle = await read(step.logUrl, 'bytes=5-9');
    expect([middle.status, middle.headers.get('content-range')]).toEqual([206, `bytes 5-9/${length}`]);
    expect(middle.bytes.equals(whole.bytes.subarray(5, 10))).toBe(true);
    const last = await read(step.logUrl, 'bytes=-30');
    expect([last.status, last.headers.get('content-range')]).toEqual([
      206,
      `bytes ${length - 30}-${length - 1}/${length}`,
    ]);
    expect(last.bytes.equals(whole.bytes.subarray(length - 30))).toBe(true);
    for (const ignored of ['bytes=0-5,10-15', 'items=0-', 'bytes=9-5', 'bytes=x-']) {
      const answer = await read(step.logUrl, ignored);
      expect(answer.status, ignored).toBe(200);
      expect(answer.bytes.equals(whole.bytes)).toBe(true);
    }
  });

  it('of a step not started yet: an empty log, and 416 bytes */0 from byte 0', async () => {
    const { run } = await runningStep(10, 0);
    const pending = (await stepsOf(run.id))[1];
    expect(pending.status).toBe('notstarted');
    const whole = await read(pending.logUrl);
    expect([whole.status, whole.text]).toEqual([200, '']);
    const ranged = await read(pending.logUrl, 'bytes=0-');
    expect([ranged.status, ranged.headers.get('content-range')]).toEqual([416, 'bytes */0']);
  });

  it('reads the end of a 100 MB log without the rest', async () => {
    const bytes = 100 * 1024 * 1024;
    const { step } = await runningStep(0, 10_000, { EMULATOR_LOG_BYTES: bytes });
    const end = await read(step.logUrl, 'bytes=-200');
    expect(end.status).toBe(206);
    const total = Number(/\/(\d+)$/.exec(end.headers.get('content-range') ?? '')?.[1]);
    expect(total).toBeGreaterThanOrEqual(bytes);
    expect(total).toBeLessThan(bytes + 1024);
    const lines = end.text.split('\n');
    expect(lines.at(-2)).toMatch(/^Step "get code" passed in 10\.00s$/);
    expect(lines.at(-3)).toMatch(/^log line \d{10} x+$/);
    const from = await read(step.logUrl, `bytes=${total - 64 * 3}-${total - 64 * 2 - 1}`);
    expect(from.bytes.length).toBe(64);
  });
});

describe('the log quirks', () => {
  it('ignoreRange: 200 with the whole log whatever the Range, and no Accept-Ranges', async () => {
    emu.control.setQuirks({ ignoreRange: true });
    const { step } = await runningStep(50, 5000);
    const whole = await read(step.logUrl);
    for (const range of ['bytes=10-', 'bytes=-5', `bytes=${whole.bytes.length}-`]) {
      const answer = await read(step.logUrl, range);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('accept-ranges')).toBeNull();
      expect(answer.headers.get('content-range')).toBeNull();
      expect(answer.bytes.equals(whole.bytes)).toBe(true);
    }
  });

  it('logsWhenFinished: 404 until the step has finished, then the whole log', async () => {
    emu.control.setQuirks({ logsWhenFinished: true });
    const { run, step } = await runningStep(50, 5000);
    const running = await get(emu, `/runsteps/${step.id}/log`, DEMO);
    expect(running.status).toBe(404);
    expect(running.body).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: `Step ${step.id} has no log yet: its log is kept once the step has finished`,
    });
    const pending = (await stepsOf(run.id))[1];
    expect((await read(pending.logUrl)).status).toBe(404);
    // The step itself is served all along.
    expect((await fetch(step.url)).status).toBe(200);
    emu.control.advance(5000);
    const done = await read(step.logUrl);
    expect(done.status).toBe(200);
    expect(done.text.trimEnd().split('\n')).toHaveLength(3 + 50 + 1);
    expect((await read(step.logUrl, 'bytes=10-')).status).toBe(206);
  });
});

describe('log sizes', () => {
  it('EMULATOR_LOG_LINES sets the lines of every step log', async () => {
    const { step } = await runningStep(7, 10_000);
    expect((await read(step.logUrl)).text.trimEnd().split('\n')).toHaveLength(3 + 7 + 1);
  });

  it('a step of the world file sets its own with logLines or logBytes; the trigger’s switches win', async () => {
    const world = structuredClone(defaultWorld);
    world.applications[0]!.pipelines![2]!.steps = [
      { name: 'lines', ms: 1000, logLines: 40 },
      { name: 'bytes', ms: 1000, logBytes: 64 * 1000 },
    ];
    const own = await frozenEmulator({ world });
    try {
      const run = await triggerRun(own, { pipelineId: IDS.test });
      const steered = await triggerRun(own, {
        pipelineId: IDS.test,
        envVars: env({ EMULATOR_LOG_LINES: 2 }),
      });
      own.control.advance(60_000);
      const linesOf = async (id: string) => {
        const steps = (await get(own, `/runs/${id}/steps`, DEMO)).body as Json[];
        return Promise.all(
          steps.map(async (step) => (await read(step.logUrl)).text.trimEnd().split('\n').length),
        );
      };
      expect(await linesOf(run.id)).toEqual([3 + 40 + 1, 3 + 1000 + 1]);
      expect(await linesOf(steered.id)).toEqual([3 + 2 + 1, 3 + 2 + 1]);
    } finally {
      await own.close();
    }
  });
});

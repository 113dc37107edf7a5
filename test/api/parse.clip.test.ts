// Remote texts are kept at 4 KiB each once parsed, with a "(cut)" note that gives their length; the
// texts that identify a run still compare exactly, so a lost trigger's run is found over real HTTP, with
// texts long enough to be cut as the body is read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.ts';
import { collectionsAsked } from '../../src/api/dropped-bytes.ts';
import { LONG_LITERAL_BYTES } from '../../src/api/json-clip.ts';
import { parseBody, parseBuild, parseRun } from '../../src/api/parse.ts';
import { REMOTE_TEXT_BYTES, sameText } from '../../src/api/remote-text.ts';
import type { Run, RunTrigger } from '../../src/api/types.ts';
import { fingerprintKey, fingerprintOf } from '../../src/core/fingerprint.ts';
import { findTriggeredRuns, triggerRunOnce } from '../../src/core/trigger.ts';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import { discover, pipelineId, recordingSleep, TOKEN } from './helpers.ts';

const MIB = 1024 * 1024;
const bytesOf = (text: string | undefined) => Buffer.byteLength(text ?? '', 'utf8');

/** A text of `bytes` UTF-8 bytes made of two-, three- and four-byte characters as well as ASCII. */
function bigText(bytes: number, seed = 'x'): string {
  const unit = `${seed}é日🚀 `; // 1 + 2 + 3 + 4 + 1 bytes
  const text = unit.repeat(Math.floor(bytes / 11)) + 'z'.repeat(bytes % 11);
  expect(bytesOf(text)).toBe(bytes);
  return text;
}

const user = (name: string) => ({ userId: '5a0000000000000000000001', name, meta: { username: name } });

describe('remote texts at parse', () => {
  it('are cut to 4 KiB each, ending with a note that gives their length in bytes', () => {
    const big = 8_283_750; // 7.9 MiB
    const run = parseBody(
      {
        id: '5a0000000000000000000002',
        url: 'https://ci.example.com/api/v3/runs/5a0000000000000000000002',
        status: 'finished',
        result: 'passed',
        message: bigText(big),
        branch: bigText(5000, 'b'),
        commitHash: 'ABCDEF0123456789abcdef0123456789abcdef01',
        user: user(bigText(MIB, 'u')),
        pipeline: { id: '5a0000000000000000000003', name: bigText(10_000, 'p') },
        envVars: [
          { key: 'SMALL', value: 'kept' },
          { key: 'BIG', value: bigText(20_000, 'v') },
        ],
        commits: [{ _id: 'c1', commit: 'abc', message: bigText(9000, 'c'), by: 'Dana', extra: bigText(MIB) }],
      },
      'GET /runs/:runId',
      parseRun,
    );
    expect(bytesOf(run.message)).toBeLessThanOrEqual(REMOTE_TEXT_BYTES);
    expect(bytesOf(run.message)).toBeGreaterThan(REMOTE_TEXT_BYTES - 8);
    expect(run.message).toMatch(/^xé日🚀 xé日/);
    expect(run.message?.endsWith(`… (cut: ${big} bytes)`)).toBe(true);
    expect(run.message).not.toContain('\uFFFD');
    expect(run.branch?.endsWith('… (cut: 5000 bytes)')).toBe(true);
    expect(run.commitHash).toBe('ABCDEF0123456789abcdef0123456789abcdef01');
    for (const text of [run.branch, run.user?.name, run.user?.username, run.pipeline?.name]) {
      expect(bytesOf(text)).toBeLessThanOrEqual(REMOTE_TEXT_BYTES);
      expect(text).toMatch(/… \(cut: \d+ bytes\)$/);
    }
    expect(run.envVars?.[0]).toEqual({ key: 'SMALL', value: 'kept' });
    expect(bytesOf(run.envVars?.[1]?.value)).toBeLessThanOrEqual(REMOTE_TEXT_BYTES);
    expect(run.envVars?.[1]?.whole?.value?.bytes).toBe(20_000);
    expect(run.commits).toEqual([
      { _id: 'c1', commit: 'abc', message: expect.stringMatching(/… \(cut: 9000 bytes\)$/), by: 'Dana' },
    ]);
    // What the cut texts were: their length and SHA-256, nothing more.
    expect(run.whole).toEqual({
      message: { bytes: big, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
      branch: { bytes: 5000, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    // All that is held of the run, written out, is a few copies of 4 KiB: not the megabytes sent.
    expect(JSON.stringify(run).length).toBeLessThan(40_000);
  });

  it('that fit are kept whole, to the byte', () => {
    const exact = bigText(REMOTE_TEXT_BYTES);
    const build = parseBody(
      {
        id: '5a0000000000000000000004',
        url: 'https://ci.example.com/api/v3/builds/5a0000000000000000000004',
        status: 'running',
        message: exact,
        branch: 'main',
      },
      'GET /builds/:buildId',
      parseBuild,
    );
    expect(build.message).toBe(exact);
    expect(build.whole).toBeUndefined();
    expect(sameText(build.message, build.whole?.message, exact)).toBe(true);
  });

  it('compare exactly with what was sent when cut: by length and SHA-256', () => {
    const sent = bigText(100_000);
    const run = parseBody(
      { id: '5a0000000000000000000005', url: 'https://x.example/r', status: 'running', message: sent },
      'GET /runs/:runId',
      parseRun,
    );
    expect(sameText(run.message, run.whole?.message, sent)).toBe(true);
    const oneByteOff = `${sent.slice(0, -1)}y`;
    expect(sameText(run.message, run.whole?.message, oneByteOff)).toBe(false);
    expect(sameText(run.message, run.whole?.message, run.message!)).toBe(false);
  });
});

describe('a lost trigger whose texts were cut at parse', () => {
  let emulator: Emulator;
  let client: ApiClient;
  let pipeline: string;

  beforeAll(async () => {
    emulator = await startEmulator({ speed: 0 });
    client = new ApiClient({ baseUrl: emulator.url, token: TOKEN, sleep: recordingSleep().sleep });
    pipeline = pipelineId(await discover(client), 'build');
  });
  afterAll(async () => {
    await client.close();
    await emulator.close();
  });

  it('is still found: its run is adopted, and one that differs by a byte is not', async () => {
    const payload: RunTrigger = {
      pipelineId: pipeline,
      branch: 'main',
      message: bigText(300_000, 'm'),
      envVars: [
        { key: 'BIG', value: bigText(100_000, 'v') },
        { key: `K${'E'.repeat(5000)}`, value: 'small' },
      ],
    };
    // Both long texts are past what the body reader cuts as it reads (json-clip.ts): their lengths and
    // SHA-256 come from the bytes as they arrived, never from a whole string; the key is cut at parse.
    expect(LONG_LITERAL_BYTES).toBeLessThan(100_000);
    const key = fingerprintKey(TOKEN);
    const fingerprint = fingerprintOf(payload, await client.listRuns({ pipelineId: pipeline }), key);
    emulator.control.injectFault({ method: 'POST', route: '/api/v3/runs', afterApply: true });
    const lines: string[] = [];
    const log = {
      info: (line: string) => lines.push(line),
      debug: () => undefined,
      warning: (line: string) => lines.push(line),
      error: (line: string) => lines.push(line),
      remote: () => undefined,
      startGroup: () => undefined,
      endGroup: () => undefined,
    };
    const run: Run = await triggerRunOnce(
      { client, log, clock: { now: () => Date.now() }, sleep: recordingSleep().sleep },
      payload,
      fingerprint,
      key,
    );
    const created = emulator.control
      .runs()
      .filter((candidate) => candidate.pipelineId === pipeline && !fingerprint.known.includes(candidate.id));
    expect(created.map((candidate) => candidate.id)).toEqual([run.id]);
    expect(lines.some((line) => line.startsWith(`Adopted run ${run.id}`))).toBe(true);
    expect(bytesOf(run.message)).toBeLessThanOrEqual(REMOTE_TEXT_BYTES);
    expect(run.message?.endsWith('… (cut: 300000 bytes)')).toBe(true);
    expect(run.envVars?.[0]?.whole?.value?.bytes).toBe(100_000);
    expect(run.envVars?.every((envVar) => bytesOf(envVar.key) + bytesOf(envVar.value) <= 2 * 4096)).toBe(
      true,
    );
    // The same search with one byte changed in the message, or in an env var, finds nothing.
    const otherMessage = fingerprintOf({ ...payload, message: `${payload.message!.slice(0, -1)}!` }, [], key);
    const otherEnv = fingerprintOf(
      {
        ...payload,
        envVars: [{ key: 'BIG', value: `${payload.envVars![0]!.value}!` }, payload.envVars![1]!],
      },
      [],
      key,
    );
    for (const other of [otherMessage, otherEnv]) {
      expect(await findTriggeredRuns(client, { ...other, known: fingerprint.known }, key)).toEqual([]);
    }
    expect((await findTriggeredRuns(client, fingerprint, key)).map((found) => found.id)).toEqual([run.id]);
  });

  it('asks for a full collection once 8 MiB of body bytes have been read and dropped', async () => {
    const run = await client.triggerRun({
      pipelineId: pipeline,
      branch: 'main',
      message: 'm'.repeat(900_000),
    });
    const before = collectionsAsked();
    // Ten reads of a run holding a 900 KB message: over 8 MiB of bodies, each cut to 4 KiB as it arrives.
    for (let read = 0; read < 10; read += 1) {
      expect((await client.getRun(run.id)).message?.endsWith('… (cut: 900000 bytes)')).toBe(true);
    }
    expect(collectionsAsked()).toBeGreaterThan(before);
  });
});

// A step's archive as one stream of bytes, in process against the fake port on virtual time: reads cut
// mid-body resumed byte for byte, StartOver when the rest cannot be had of the same version, a 404 tried
// again only while the step finished lately, and a read below the throughput floor stopped.
import { describe, expect, it } from 'vitest';
import { ApiError, failureOf } from '../../../src/api/errors.ts';
import {
  ArtifactUnavailable,
  artifactBytes,
  StartOver,
  type ArtifactBytesOptions,
} from '../../../src/core/artifacts/source.ts';
import { FakeApi } from '../flow/fake-api.ts';
import { VirtualTime } from '../flow/virtual-time.ts';

const URL_A = 'https://ci.test/api/v3/runsteps/s1/artifacts';

function archive(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let at = 0; at < size; at++) bytes[at] = (at * 7 + (at >> 8)) & 0xff;
  return bytes;
}

function setUp(size = 10_000, validator: { etag?: string; lastModified?: string } | null = { etag: '"v1"' }) {
  const time = new VirtualTime();
  const api = new FakeApi(time);
  const bytes = archive(size);
  api.artifacts.set(URL_A, validator ? { bytes, validator } : { bytes });
  const options: ArtifactBytesOptions = { clock: time.clock, sleep: time.sleep };
  return { time, api, bytes, options };
}

async function collect(stream: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const lost = () =>
  new ApiError({ method: 'GET', path: '/x', kind: 'network', retryable: true, code: 'ECONNRESET' });

/** A body that hands out `keep` bytes in chunks of `chunk`, then fails as a lost connection. */
function cutAfter(keep: number, chunk = 1000) {
  return (bytes: Uint8Array) =>
    (async function* () {
      for (let at = 0; at < Math.min(keep, bytes.length); at += chunk) {
        yield bytes.slice(at, Math.min(at + chunk, keep, bytes.length));
      }
      if (keep < bytes.length) throw lost();
    })();
}

const reads = (api: FakeApi) =>
  api.calls.filter((call) => call.method === 'readArtifact').map((call) => call.args[1]);

describe('artifactBytes', () => {
  it('hands out the whole archive of one read', async () => {
    const { api, bytes, options } = setUp();
    const lengths: number[] = [];
    const got = await collect(artifactBytes(api, URL_A, { ...options, onLength: (n) => lengths.push(n) }));
    expect(Buffer.compare(got, bytes)).toBe(0);
    expect(lengths).toEqual([bytes.length]);
    expect(reads(api)).toEqual([undefined]);
  });

  it('resumes reads cut mid-body from the byte after the last one, with the first answer’s validator', async () => {
    const { api, bytes, options } = setUp(10_000, { lastModified: 'Wed, 07 Jan 2026 10:00:00 GMT' });
    const cuts = [2500, 3000, 1234];
    api.artifactBody = (part) => cutAfter(cuts.shift() ?? Infinity, 700)(part);
    const debug: string[] = [];
    const got = await collect(artifactBytes(api, URL_A, { ...options, debug: (line) => debug.push(line) }));
    expect(Buffer.compare(got, bytes)).toBe(0);
    const validator = { lastModified: 'Wed, 07 Jan 2026 10:00:00 GMT' };
    expect(reads(api)).toEqual([
      undefined,
      { offset: 2500, validator },
      { offset: 5500, validator },
      { offset: 6734, validator },
    ]);
    expect(debug.join('\n')).toContain('resuming the archive at byte 2500 (resume 1 of 3)');
  });

  it('reads the whole archive again when the first read was cut before its first byte', async () => {
    const { api, bytes, options } = setUp();
    const cuts = [0];
    api.artifactBody = (part) => cutAfter(cuts.shift() ?? Infinity)(part);
    expect(Buffer.compare(await collect(artifactBytes(api, URL_A, options)), bytes)).toBe(0);
    expect(reads(api)).toEqual([undefined, { offset: 0, validator: { etag: '"v1"' } }]);
  });

  it('counts a body that ends before its length as cut', async () => {
    const { api, bytes, options } = setUp();
    let first = true;
    api.artifactBody = (part) =>
      (async function* () {
        yield first ? part.slice(0, 4000) : part;
        first = false;
      })();
    expect(Buffer.compare(await collect(artifactBytes(api, URL_A, options)), bytes)).toBe(0);
    expect(reads(api)).toEqual([undefined, { offset: 4000, validator: { etag: '"v1"' } }]);
  });

  it('gives up after the third resume is cut too, with every byte handed out once', async () => {
    const { api, options } = setUp();
    api.artifactBody = cutAfter(1000);
    const got: number[] = [];
    const error = await (async () => {
      for await (const chunk of artifactBytes(api, URL_A, options)) got.push(chunk.length);
    })().catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ArtifactUnavailable);
    expect(error).toMatchObject({ reason: 'cut' });
    expect(got.reduce((a, b) => a + b, 0)).toBe(4000);
    expect(reads(api)).toHaveLength(4);
  });

  it('starts over when the server ignores Range, gave no validator, or the archive changed', async () => {
    const ignoring = setUp();
    ignoring.api.ignoresRange = true;
    ignoring.api.artifactBody = (part, start) => cutAfter(start === 0 ? 3000 : Infinity)(part);
    await expect(collect(artifactBytes(ignoring.api, URL_A, ignoring.options))).rejects.toMatchObject({
      name: 'StartOver',
      reason: 'range-ignored',
    });

    const bare = setUp(10_000, null);
    bare.api.artifactBody = cutAfter(3000);
    const error = await collect(artifactBytes(bare.api, URL_A, bare.options)).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(StartOver);
    expect(error).toMatchObject({ reason: 'no-validator' });
    expect(reads(bare.api)).toHaveLength(1);

    const changing = setUp();
    changing.api.artifactBody = (part, start) => {
      if (start === 0)
        changing.api.artifacts.set(URL_A, { bytes: archive(10_000), validator: { etag: '"v2"' } });
      return cutAfter(start === 0 ? 3000 : Infinity)(part);
    };
    await expect(collect(artifactBytes(changing.api, URL_A, changing.options))).rejects.toMatchObject({
      reason: 'changed',
    });
  });

  it('tries a 404 again until 30 s after the step finished, then says the archive is gone', async () => {
    const { time, api, bytes, options } = setUp();
    const stored = api.artifacts.get(URL_A)!;
    api.artifacts.delete(URL_A);
    time.at(12_000, () => api.artifacts.set(URL_A, stored));
    const finishedAt = time.now - 2000;
    expect(Buffer.compare(await collect(artifactBytes(api, URL_A, { ...options, finishedAt })), bytes)).toBe(
      0,
    );
    expect(reads(api).length).toBeGreaterThan(2);

    api.artifacts.delete(URL_A);
    api.calls.length = 0;
    const startedAt = time.now;
    const late = await collect(artifactBytes(api, URL_A, { ...options, finishedAt: startedAt })).catch(
      (err: unknown) => err,
    );
    expect(late).toMatchObject({ name: 'ArtifactUnavailable', reason: 'gone' });
    expect(time.now - startedAt).toBe(30_000);

    api.calls.length = 0;
    const old = artifactBytes(api, URL_A, { ...options, finishedAt: time.now - 3_600_000 });
    await expect(collect(old)).rejects.toMatchObject({ reason: 'gone' });
    expect(reads(api)).toHaveLength(1);
  });

  it('says gone at once when the server says so', async () => {
    const { api, options } = setUp();
    api.artifacts.clear();
    api.artifactsGone = true;
    await expect(collect(artifactBytes(api, URL_A, { ...options, finishedAt: 0 }))).rejects.toMatchObject({
      reason: 'gone',
    });
  });

  it('stops a read slower than 64 KiB/s over 30 s, and ends the read in flight', async () => {
    const { api, options } = setUp(1_000_000);
    let ended = false;
    api.artifactBody = (part, _start, signal) =>
      (async function* () {
        yield part.slice(0, 1024);
        // Then nothing, until the read is stopped.
        await new Promise<void>((_resolve, reject) => {
          signal?.addEventListener('abort', () => {
            ended = true;
            reject(new ApiError({ method: 'GET', path: '/x', kind: 'aborted', retryable: false }));
          });
        });
      })();
    const error = await collect(artifactBytes(api, URL_A, options)).catch((err: unknown) => err);
    expect(error).toMatchObject({ name: 'ArtifactUnavailable', reason: 'too-slow' });
    expect(ended).toBe(true);
    expect(reads(api)).toHaveLength(1);
  });

  it('does not count the time the consumer holds a chunk against the server', async () => {
    const { time, api, bytes, options } = setUp(200_000);
    api.artifactBody = (part) =>
      (async function* () {
        for (let at = 0; at < part.length; at += 50_000) yield part.slice(at, at + 50_000);
      })();
    const chunks: Uint8Array[] = [];
    for await (const chunk of artifactBytes(api, URL_A, options)) {
      chunks.push(chunk);
      // A slow disk: a minute for each chunk.
      await time.sleep(60_000);
    }
    expect(Buffer.compare(Buffer.concat(chunks), bytes)).toBe(0);
  });

  it('passes a failure that another read would not get past, and the caller’s abort', async () => {
    const { api, options } = setUp();
    const denied = new ApiError({ method: 'GET', path: '/x', kind: 'http', status: 403, retryable: false });
    api.failNext('readArtifact', () => {
      throw denied;
    });
    const error = await collect(artifactBytes(api, URL_A, options)).catch((err: unknown) => err);
    expect(error).toBe(denied);
    expect(failureOf(error)).toBe('denied');

    const controller = new AbortController();
    api.calls.length = 0;
    const stream = artifactBytes(api, URL_A, { ...options, signal: controller.signal });
    api.artifactBody = (part, _start, signal) =>
      (async function* () {
        yield part.slice(0, 100);
        await new Promise<void>((_resolve, reject) =>
          signal?.addEventListener('abort', () =>
            reject(new ApiError({ method: 'GET', path: '/x', kind: 'aborted', retryable: false })),
          ),
        );
      })();
    const iterator = stream[Symbol.asyncIterator]();
    await iterator.next();
    const pending = iterator.next();
    controller.abort();
    const aborted = await pending.catch((err: unknown) => err);
    expect(failureOf(aborted)).toBe('aborted');
    expect(reads(api)).toHaveLength(1);
  });

  it('ends the read in flight when the consumer stops early', async () => {
    const { api, options } = setUp();
    let closed = false;
    api.artifactBody = (part) =>
      (async function* () {
        try {
          for (let at = 0; at < part.length; at += 100) yield part.slice(at, at + 100);
        } finally {
          closed = true;
        }
      })();
    for await (const chunk of artifactBytes(api, URL_A, options)) {
      expect(chunk.length).toBe(100);
      break;
    }
    expect(closed).toBe(true);
  });
});

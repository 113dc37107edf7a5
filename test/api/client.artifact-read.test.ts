// Reading a step's artifacts over real HTTP: redirects followed hop by hop and checked, the token to the
// API's origin alone, a signed query in no message or debug line, Range with If-Range, and the archive's
// stream resumed byte for byte, started over, waited for, or stopped below the throughput floor.
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.ts';
import { ContractError, failureOf, UrlRefusedError } from '../../src/api/errors.ts';
import type { ArtifactRead } from '../../src/api/artifact-read.ts';
import { artifactBytes, StartOver } from '../../src/core/artifacts/source.ts';
import type { Clock, Sleep } from '../../src/time.ts';
import { recordingSleep, startStub, TOKEN, type SeenRequest, type StubServer } from './helpers.ts';

const SECRET = 'Zq81x0a9F7kLmPw3Rt';
const ETAG = '"archive-v1"';
const ARCHIVE = Buffer.from(Array.from({ length: 300_000 }, (_, at) => (at * 31 + (at >> 10)) & 0xff));

let api: StubServer;
let storage: StubServer;
let other: StubServer;
let client: ApiClient;
const debug: string[] = [];
/** Reads of each storage path so far, for answers that change from one read to the next. */
const readsOf = new Map<string, number>();

/** Serves the archive as a server honouring Range with If-Range does (`ignoreRange`: as one that does not). */
function serve(request: SeenRequest, response: ServerResponse, ignoreRange = false) {
  const range = /^bytes=(\d+)-$/.exec(String(request.headers.range ?? ''));
  const ifRange = request.headers['if-range'];
  const headers = { etag: ETAG, 'content-type': 'application/gzip' };
  if (range && !ignoreRange && (ifRange === undefined || ifRange === ETAG)) {
    const start = Number(range[1]);
    response.writeHead(206, {
      ...headers,
      'content-range': `bytes ${start}-${ARCHIVE.length - 1}/${ARCHIVE.length}`,
      'content-length': String(ARCHIVE.length - start),
    });
    response.end(ARCHIVE.subarray(start));
    return;
  }
  response.writeHead(200, { ...headers, 'content-length': String(ARCHIVE.length) });
  response.end(ARCHIVE);
}

/** Sends the head and `keep` bytes of the whole archive, then drops the connection. */
function cut(response: ServerResponse, keep: number) {
  response.writeHead(200, { etag: ETAG, 'content-length': String(ARCHIVE.length) });
  response.write(ARCHIVE.subarray(0, keep), () => response.socket?.destroy());
}

beforeAll(async () => {
  other = await startStub((_request, response) => void response.end('not for you'));
  storage = await startStub(async (request, response) => {
    const path = request.url.split('?')[0]!;
    const count = (readsOf.get(path) ?? 0) + 1;
    readsOf.set(path, count);
    switch (path) {
      case '/bucket/cut':
        return count === 1 ? cut(response, 100_000) : serve(request, response);
      case '/bucket/cut-ignoring':
        return count === 1 ? cut(response, 100_000) : serve(request, response, true);
      case '/bucket/denied':
        response.writeHead(403, { 'content-type': 'text/plain' });
        return void response.end(`the signature ${SECRET} does not match (query ${request.url})`);
      case '/bucket/missing':
        if (count <= 2) return void response.writeHead(404).end();
        return serve(request, response);
      case '/bucket/gone':
        return void response.writeHead(410).end();
      case '/bucket/slow':
        response.writeHead(200, { etag: ETAG, 'content-length': String(ARCHIVE.length) });
        // One KiB, then nothing until the client gives up.
        return void response.write(ARCHIVE.subarray(0, 1024));
      case '/bucket/held':
        response.writeHead(200, { 'content-length': String(ARCHIVE.length) });
        response.write(ARCHIVE.subarray(0, 1000));
        await new Promise((resolve) => setTimeout(resolve, 50));
        return void response.end(ARCHIVE.subarray(1000));
      default:
        return serve(request, response);
    }
  });
  api = await startStub((request, response) => {
    const name = request.url.split('?')[0]!.replace('/api/v3/artifacts/', '');
    const to: Record<string, string> = {
      'to-storage': `${storage.url}/bucket/a.tar.gz?X-Signature=${SECRET}#part`,
      'to-other': `${other.url}/bucket/b.tar.gz?X-Signature=${SECRET}`,
      'to-api': '/api/v3/artifacts/direct',
      loop: '/api/v3/artifacts/loop',
      'to-cut': `${storage.url}/bucket/cut?X-Signature=${SECRET}`,
      'to-nowhere': '',
    };
    const location = to[name];
    if (location === undefined) return serve(request, response);
    response.writeHead(302, location ? { location } : {});
    response.end();
  });
  client = new ApiClient({
    baseUrl: api.url,
    token: TOKEN,
    sleep: recordingSleep().sleep,
    extraOrigins: [storage.url],
    debug: (line) => debug.push(line),
  });
});

afterEach(() => {
  for (const server of [api, storage, other]) server.seen.length = 0;
  readsOf.clear();
  debug.length = 0;
});

afterAll(async () => {
  await client.close();
  await Promise.all([api.close(), storage.close(), other.close()]);
});

async function bytesOf(read: ArtifactRead): Promise<Buffer> {
  const chunks: Buffer[] = [];
  if ('body' in read) for await (const chunk of read.body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

async function collect(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** Virtual time that moves when anything sleeps, letting real I/O happen in between. */
function steppedTime(): { clock: Clock; sleep: Sleep; slept: number[] } {
  let now = Date.UTC(2026, 0, 5, 9, 0, 0);
  const slept: number[] = [];
  const sleep: Sleep = async (ms, signal) => {
    if (signal?.aborted) throw signal.reason;
    slept.push(ms);
    now += ms;
    await new Promise((resolve) => setImmediate(resolve));
    if (signal?.aborted) throw signal.reason;
  };
  return { clock: { now: () => now }, sleep, slept };
}

describe('ApiClient.readArtifact', () => {
  it('follows a redirect to a listed origin without the token, and keeps the signed query out of every line', async () => {
    const read = await client.readArtifact(`${api.url}/api/v3/artifacts/to-storage`, undefined);
    expect(read).toMatchObject({ kind: 'whole', length: ARCHIVE.length, validator: { etag: ETAG } });
    expect(Buffer.compare(await bytesOf(read), ARCHIVE)).toBe(0);
    expect(api.seen.map((request) => request.headers.authorization)).toEqual([`Bearer ${TOKEN}`]);
    expect(storage.seen).toHaveLength(1);
    expect(storage.seen[0]!.url).toBe(`/bucket/a.tar.gz?X-Signature=${SECRET}`);
    expect(storage.seen[0]!.headers.authorization).toBeUndefined();
    expect(storage.seen[0]!.headers['accept-encoding']).toBe('identity');
    expect(debug.join('\n')).toContain(`GET ${storage.url}/bucket/a.tar.gz → 200`);
    expect(debug.join('\n')).not.toContain(SECRET);
  });

  it('follows a relative redirect on the API origin, with the token', async () => {
    const read = await client.readArtifact('/api/v3/artifacts/to-api', undefined);
    expect(Buffer.compare(await bytesOf(read), ARCHIVE)).toBe(0);
    expect(api.seen.map((request) => [request.url, request.headers.authorization])).toEqual([
      ['/api/v3/artifacts/to-api', `Bearer ${TOKEN}`],
      ['/api/v3/artifacts/direct', `Bearer ${TOKEN}`],
    ]);
  });

  it('refuses a redirect to an origin not listed, naming the origin only', async () => {
    const error = await client
      .readArtifact(`${api.url}/api/v3/artifacts/to-other`, undefined)
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(UrlRefusedError);
    expect(failureOf(error)).toBe('url-refused');
    const { message } = error as Error;
    expect(message).toContain('not following a redirect of artifactsUrl');
    expect(message).toContain(`from ${other.url}:`);
    expect(message).not.toMatch(/bucket|X-Signature/);
    expect(message).not.toContain(SECRET);
    expect(other.seen).toHaveLength(0);
    expect(debug.join('\n')).not.toContain(SECRET);
  });

  it('refuses an artifacts URL on an origin not listed before sending anything', async () => {
    const error = await client
      .readArtifact(`${other.url}/bucket/b.tar.gz?X-Signature=${SECRET}`, undefined)
      .catch((err: unknown) => err);
    expect(failureOf(error)).toBe('url-refused');
    expect((error as Error).message).not.toContain(SECRET);
    expect(other.seen).toHaveLength(0);
  });

  it('stops after 5 redirects, and at a redirect without a Location', async () => {
    const loop = await client.readArtifact('/api/v3/artifacts/loop', undefined).catch((err: unknown) => err);
    expect(loop).toBeInstanceOf(ContractError);
    expect((loop as Error).message).toContain('more than 5 redirects');
    expect(api.seen).toHaveLength(6);
    const nowhere = await client
      .readArtifact('/api/v3/artifacts/to-nowhere', undefined)
      .catch((err: unknown) => err);
    expect(failureOf(nowhere)).toBe('unusable-answer');
  });

  it('asks for the rest with Range and If-Range, and says which part came', async () => {
    const from = { offset: 1000, validator: { etag: ETAG } };
    const read = await client.readArtifact(`${storage.url}/bucket/a.tar.gz`, from);
    expect(read).toMatchObject({ kind: 'partial', start: 1000, length: ARCHIVE.length });
    expect(Buffer.compare(await bytesOf(read), ARCHIVE.subarray(1000))).toBe(0);
    expect(storage.seen[0]!.headers).toMatchObject({ range: 'bytes=1000-', 'if-range': ETAG });

    const changed = await client.readArtifact(`${storage.url}/bucket/a.tar.gz`, {
      offset: 1000,
      validator: { etag: '"other"' },
    });
    expect(changed).toMatchObject({ kind: 'whole', validator: { etag: ETAG } });
    await bytesOf(changed);
  });

  it('says not yet for a 404 and gone for a 410', async () => {
    expect(await client.readArtifact(`${storage.url}/bucket/missing`, undefined)).toEqual({
      kind: 'not-yet',
    });
    expect(await client.readArtifact(`${storage.url}/bucket/gone`, undefined)).toEqual({ kind: 'gone' });
  });

  it('keeps the signed query out of a refusal the storage server quotes it in', async () => {
    const error = await client
      .readArtifact(`${storage.url}/bucket/denied?X-Signature=${SECRET}&X-Expires=60`, undefined)
      .catch((err: unknown) => err);
    expect(failureOf(error)).toBe('denied');
    expect(JSON.stringify({ message: (error as Error).message, ...(error as object) })).not.toContain(SECRET);
    expect((error as Error).message).toContain(`${storage.url}/bucket/denied`);
    expect(debug.join('\n')).not.toContain(SECRET);
  });

  it('has no total time limit: a body that takes its time is read to its end', async () => {
    const patient = new ApiClient({
      baseUrl: api.url,
      token: TOKEN,
      extraOrigins: [storage.url],
      timeouts: { totalMs: 1, streamTotalMs: 1 },
    });
    const read = await patient.readArtifact(`${storage.url}/bucket/held`, undefined);
    expect(Buffer.compare(await bytesOf(read), ARCHIVE)).toBe(0);
    await patient.close();
  });
});

describe('artifactBytes over HTTP', () => {
  it('resumes a body cut halfway byte for byte, from the artifacts URL again, without the token at storage', async () => {
    const got = await collect(
      artifactBytes(client, `${api.url}/api/v3/artifacts/to-cut`, {
        ...steppedTime(),
        limits: { minBytesPerSecond: 0 },
      }),
    );
    expect(Buffer.compare(got, ARCHIVE)).toBe(0);
    expect(api.seen).toHaveLength(2);
    expect(storage.seen.map((request) => [request.headers.range, request.headers['if-range']])).toEqual([
      [undefined, undefined],
      ['bytes=100000-', ETAG],
    ]);
    expect(storage.seen.every((request) => request.headers.authorization === undefined)).toBe(true);
    expect(debug.join('\n')).not.toContain(SECRET);
  });

  it('starts over when the server answers a resumed read with the whole archive', async () => {
    const error = await collect(
      artifactBytes(client, `${storage.url}/bucket/cut-ignoring`, {
        ...steppedTime(),
        limits: { minBytesPerSecond: 0 },
      }),
    ).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(StartOver);
    expect(error).toMatchObject({ reason: 'range-ignored' });
    expect(storage.seen).toHaveLength(2);
  });

  it('waits for an archive that answers 404 a little after the step finished', async () => {
    const time = steppedTime();
    const got = await collect(
      artifactBytes(client, `${storage.url}/bucket/missing`, {
        ...time,
        finishedAt: time.clock.now(),
        limits: { minBytesPerSecond: 0 },
      }),
    );
    expect(Buffer.compare(got, ARCHIVE)).toBe(0);
    expect(time.slept.slice(0, 2)).toEqual([1000, 2000]);
  });

  it('stops a body slower than the floor and drops its connection', async () => {
    const error = await collect(artifactBytes(client, `${storage.url}/bucket/slow`, steppedTime())).catch(
      (err: unknown) => err,
    );
    expect(error).toMatchObject({ name: 'ArtifactUnavailable', reason: 'too-slow' });
    expect(storage.seen).toHaveLength(1);
  });
});

// URLs the server hands out are fetched from the API's origin (with the token) or from an origin in
// extraOrigins (without it), never from any other, nor over http when the API is https. Step logs
// are streamed.

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.ts';
import { createApiClient } from '../../src/api/connect.ts';
import { ApiError, RequestValidationError } from '../../src/api/errors.ts';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import { readAll, recordingSleep, startStub, TOKEN, type StubServer } from './helpers.ts';

let emulator: Emulator;
let elsewhere: StubServer;
let client: ApiClient;
let release: (() => void) | undefined;

beforeAll(async () => {
  emulator = await startEmulator({ speed: 0 });
  elsewhere = await startStub(async (request, response) => {
    if (request.url === '/held-log') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.write('first line\n');
      // The rest only comes once the test has seen the first chunk: proof of streaming.
      await new Promise<void>((resolve) => (release = resolve));
      response.end('last line\n');
      return;
    }
    if (request.url.startsWith('/stalled-log')) {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.write('partial');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('log text\n');
  });
  client = new ApiClient({
    baseUrl: emulator.url,
    token: TOKEN,
    sleep: recordingSleep().sleep,
    extraOrigins: [elsewhere.url, `http://LOCALHOST:${elsewhere.port}/`],
  });
});

afterEach(() => {
  elsewhere.seen.length = 0;
  emulator.control.reset();
});

afterAll(async () => {
  release?.();
  await client.close();
  await elsewhere.close();
  await emulator.close();
});

describe('the token and other origins', () => {
  it('is not sent to a log on another host or another port', async () => {
    const hostname = `http://localhost:${elsewhere.port}/logs/1`;
    const port = `${elsewhere.url}/logs/2`;
    expect(await readAll(await client.openStepLog(hostname))).toBe('log text\n');
    expect(await readAll(await client.openStepLog(port))).toBe('log text\n');
    expect(elsewhere.seen).toHaveLength(2);
    for (const request of elsewhere.seen) {
      expect(request.headers.authorization).toBeUndefined();
      expect(request.headers['user-agent']).toBe('ci-run-action');
    }
  });

  it('is sent to a log on the API origin, also for a relative URL', async () => {
    // Any path of the API origin will do: the emulator records whether the token came along.
    await client.openStepLog('/api/v3/runsteps/000000000000000000000000/log').catch(() => undefined);
    await client
      .openStepLog(`${emulator.url}/api/v3/runsteps/000000000000000000000001/log`)
      .catch(() => undefined);
    const seen = emulator.control.requests();
    expect(seen.map((request) => request.path)).toEqual([
      '/api/v3/runsteps/000000000000000000000000/log',
      '/api/v3/runsteps/000000000000000000000001/log',
    ]);
    expect(seen.every((request) => request.hasAuthorization)).toBe(true);
  });

  it('goes with a build abort, which is built from the API root and the id alone', async () => {
    emulator.control.injectFault({ method: 'PUT', route: '/api/v3/builds/:buildId/abort', status: 409 });
    await client.abortBuild('b/1', { retry: { maxAttempts: 1 } }).catch(() => undefined);
    const [seen] = emulator.control.requests();
    expect(seen).toMatchObject({ method: 'PUT', path: '/api/v3/builds/b%2F1/abort', hasAuthorization: true });
    expect(elsewhere.seen).toHaveLength(0);
  });

  it('refuses an origin that is not listed, naming the field and the allowed origins only', async () => {
    const other = await startStub((_request, response) => void response.end('secret'));
    const err = await client
      .openStepLog(`${other.url}/logs/1?X-Signature=abc`)
      .catch((error: unknown) => error);
    await other.close();
    expect(err).toBeInstanceOf(RequestValidationError);
    expect(err).toMatchObject({ field: 'logUrl' });
    const { message } = err as Error;
    expect(message).toContain(`logUrl from ${other.url}:`);
    expect(message).toContain(
      `allowed: ${new URL(emulator.url).origin}, ${elsewhere.url}, http://localhost:${elsewhere.port}`,
    );
    expect(message).not.toMatch(/logs\/1|X-Signature/);
    expect(other.seen).toHaveLength(0);
  });

  it('refuses another scheme or host on a listed port', async () => {
    for (const url of [`https://127.0.0.1:${elsewhere.port}/log`, `http://127.0.0.2:${elsewhere.port}/log`]) {
      await expect(client.openStepLog(url)).rejects.toMatchObject({
        name: 'RequestValidationError',
        field: 'logUrl',
      });
    }
    expect(elsewhere.seen).toHaveLength(0);
  });

  it('refuses everything but the API origin when nothing is listed', async () => {
    const strict = new ApiClient({ baseUrl: emulator.url, token: TOKEN });
    await expect(strict.openStepLog(`${elsewhere.url}/logs/1`)).rejects.toMatchObject({
      name: 'RequestValidationError',
      field: 'logUrl',
      message: expect.stringContaining(`allowed: ${new URL(emulator.url).origin})`),
    });
    await strict.close();
    expect(elsewhere.seen).toHaveLength(0);
  });

  it('takes the other origins from the log-origins setting through createApiClient', async () => {
    const connection = { baseUrl: emulator.url, token: TOKEN, userAgent: 'test' };
    const listed = createApiClient({ ...connection, logOrigins: [elsewhere.url] });
    const unlisted = createApiClient({ ...connection, logOrigins: [] });
    expect(await readAll(await listed.openStepLog(`${elsewhere.url}/logs/1`))).toBe('log text\n');
    await expect(unlisted.openStepLog(`${elsewhere.url}/logs/1`)).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    await Promise.all([listed.close(), unlisted.close()]);
    expect(elsewhere.seen.map((request) => request.headers.authorization)).toEqual([undefined]);
  });

  it('refuses plain http URLs when the API is https, and anything but http(s)', async () => {
    const secure = new ApiClient({
      baseUrl: 'https://ci.example.test',
      token: TOKEN,
      extraOrigins: ['http://logs.example.test'],
    });
    for (const url of ['http://ci.example.test/api/v3/runsteps/1/log', 'http://logs.example.test/1']) {
      await expect(secure.openStepLog(url)).rejects.toMatchObject({
        name: 'RequestValidationError',
        field: 'logUrl',
        message: expect.stringContaining('plain http'),
      });
    }
    await expect(client.openStepLog('file:///etc/passwd')).rejects.toBeInstanceOf(RequestValidationError);
    await secure.close();
  });
});

describe('step logs', () => {
  it('hands out the first bytes before the server has finished sending', async () => {
    const stream = await client.openStepLog(`${elsewhere.url}/held-log`);
    const iterator = stream[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(Buffer.from(first.value as Uint8Array).toString()).toBe('first line\n');
    release?.();
    let rest = '';
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      rest += Buffer.from(next.value).toString();
    }
    expect(rest).toBe('last line\n');
  });

  it('turns a stalled body into a timeout error', async () => {
    const lines: string[] = [];
    const impatient = new ApiClient({
      baseUrl: emulator.url,
      token: TOKEN,
      timeouts: { bodyMs: 200 },
      extraOrigins: [elsewhere.url],
      debug: (line) => lines.push(line),
    });
    // A pre-signed URL's query holds its credentials: it stays out of errors and debug lines.
    const stream = await impatient.openStepLog(`${elsewhere.url}/stalled-log?X-Signature=s3cr3t`);
    const err = await readAll(stream).catch((error: unknown) => error);
    await impatient.close();
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ kind: 'timeout', code: 'UND_ERR_BODY_TIMEOUT', method: 'GET' });
    expect((err as ApiError).path).toBe(`${elsewhere.url}/stalled-log`);
    expect(lines.join('\n')).toContain(`GET ${elsewhere.url}/stalled-log → 200`);
    expect(lines.join('\n')).not.toContain('s3cr3t');
  });

  it('stops streaming when the signal aborts', async () => {
    const controller = new AbortController();
    const stream = await client.openStepLog(`${elsewhere.url}/stalled-log`, { signal: controller.signal });
    const iterator = stream[Symbol.asyncIterator]();
    await iterator.next();
    const pending = iterator.next();
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
  });
});

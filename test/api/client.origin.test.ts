// The token goes only to the API's own origin; URLs the server hands out elsewhere are fetched
// without it, or not at all over http when the API is https. Step logs are streamed.

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.ts';
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
    if (request.url === '/stalled-log') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.write('partial');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('log text\n');
  });
  client = new ApiClient({ baseUrl: emulator.url, token: TOKEN, sleep: recordingSleep().sleep });
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

  it('refuses plain http URLs when the API is https, and anything but http(s)', async () => {
    const secure = new ApiClient({ baseUrl: 'https://ci.example.test', token: TOKEN });
    await expect(secure.openStepLog('http://ci.example.test/api/v3/runsteps/1/log')).rejects.toMatchObject({
      name: 'RequestValidationError',
      field: 'logUrl',
    });
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
    const impatient = new ApiClient({ baseUrl: emulator.url, token: TOKEN, timeouts: { bodyMs: 200 } });
    const stream = await impatient.openStepLog(`${elsewhere.url}/stalled-log`);
    const err = await readAll(stream).catch((error: unknown) => error);
    await impatient.close();
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ kind: 'timeout', code: 'UND_ERR_BODY_TIMEOUT', method: 'GET' });
    expect((err as ApiError).path).toBe(`${elsewhere.url}/stalled-log`);
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
